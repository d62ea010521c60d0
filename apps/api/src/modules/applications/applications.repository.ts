import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { applicantDecisions, pendingApplications, shops, users } from '../../db/schema/index.js';

/** Verified accounts holding this e-mail or mobile, the re-applying account itself left out. */
export function findVerifiedByEmailOrMobile(
  db: Database,
  email: string,
  mobile: string,
  exceptUserId?: string,
) {
  return db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(
      and(
        isNotNull(users.contactVerifiedAt),
        or(eq(users.email, email), eq(users.mobile, mobile)),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(2);
}

export function findPublicProfileByEmail(db: Database, email: string) {
  return db
    .select({ _id: users.id, name: users.ownerName, role: users.role, isBrand: users.isBrand })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.contactVerifiedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export function insertApplicant(db: Database, user: typeof users.$inferInsert) {
  return db
    .insert(users)
    .values(user)
    .returning({ id: users.id, role: users.role })
    .then((r) => r[0]!);
}

export function insertShop(db: Database, shop: typeof shops.$inferInsert) {
  return db
    .insert(shops)
    .values(shop)
    .returning({ id: shops.id })
    .then((r) => r[0]!);
}

/** Accounts that never proved their contact and hold this e-mail or mobile. */
export function findUnverifiedByEmailOrMobile(db: Database, email: string, mobile: string) {
  return db
    .select({ id: users.id, email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(isNull(users.contactVerifiedAt), or(eq(users.email, email), eq(users.mobile, mobile))))
    .limit(2);
}

/** An unproven account gives up a mobile someone else registers: it keeps everything else. */
export function releaseUnverifiedMobile(db: Database, mobile: string, exceptUserId?: string) {
  return db
    .update(users)
    .set({ mobile: null })
    .where(
      and(
        eq(users.mobile, mobile),
        isNull(users.contactVerifiedAt),
        exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    );
}

export function insertPendingApplication(db: Database, userId: string, application: Record<string, unknown>) {
  return db
    .insert(pendingApplications)
    .values({ userId, application })
    .returning({ id: pendingApplications.id })
    .then((r) => r[0]!);
}

export function findPendingApplication(db: Database, id: string, userId: string) {
  return db
    .select({ application: pendingApplications.application })
    .from(pendingApplications)
    .where(and(eq(pendingApplications.id, id), eq(pendingApplications.userId, userId)))
    .then((r) => r[0]);
}

export function deletePendingApplications(db: Database, userId: string) {
  return db.delete(pendingApplications).where(eq(pendingApplications.userId, userId));
}

/** The unproven account becomes the applicant: same row, so its earlier contributions stay with it. */
export function turnIntoApplicant(db: Database, userId: string, values: Partial<typeof users.$inferInsert>) {
  return db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning({ id: users.id, role: users.role })
    .then((r) => r[0]);
}

/** The applicant and the admin's latest word on them; the row is locked so a decision cannot cross it. */
export async function lockApplicantStanding(db: Database, userId: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return undefined;
  const [latest] = await db
    .select({ decision: applicantDecisions.decision })
    .from(applicantDecisions)
    .where(eq(applicantDecisions.applicantId, userId))
    .orderBy(desc(applicantDecisions.decidedAt), desc(applicantDecisions.id))
    .limit(1);
  return { ...user, latestDecision: latest?.decision };
}

export function insertReapplied(db: Database, userId: string, name: string) {
  return db
    .insert(applicantDecisions)
    .values({ applicantId: userId, decision: 'reapplied', decidedById: userId, decidedByName: name });
}

/** The applicant's store as they applied with it (an applicant has at most one). */
export function firstShopOf(db: Database, userId: string) {
  return db
    .select()
    .from(shops)
    .where(eq(shops.userId, userId))
    .orderBy(asc(shops.createdAt))
    .limit(1)
    .then((r) => r[0]);
}

export function updateShop(db: Database, id: string, values: Partial<typeof shops.$inferInsert>) {
  return db.update(shops).set(values).where(eq(shops.id, id));
}

/** Only ever called for an unapproved applicant, whose store sells nothing yet. */
export function deleteShopsOf(db: Database, userId: string) {
  return db.delete(shops).where(eq(shops.userId, userId));
}

export function findApplicant(db: Database, userId: string) {
  return db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      mobile: users.mobile,
      ownerName: users.ownerName,
      isBrand: users.isBrand,
      details: users.details,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((r) => r[0]);
}
