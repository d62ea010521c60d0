import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pendingApplications, shops, users } from '../../db/schema/index.js';

export function findVerifiedByEmailOrMobile(db: Database, email: string, mobile: string) {
  return db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(isNotNull(users.contactVerifiedAt), or(eq(users.email, email), eq(users.mobile, mobile))))
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
