import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { liveSession } from './session-lookup.js';
import {
  applicantDecisions,
  pendingApplications,
  sessions,
  shops,
  teamRights,
  users,
  verificationCodes,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export type { SessionUser } from './session-lookup.js';

export function findUserByLogin(db: Database, userName: string) {
  const value = userName.trim().toLowerCase();
  const where = /^\d{10}$/.test(value) ? eq(users.mobile, value) : eq(users.email, value);
  return db
    .select()
    .from(users)
    .where(where)
    .limit(1)
    .then((r) => r[0]);
}

export function findUserById(db: Database, id: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function insertUser(db: Database, user: NewUser) {
  return db
    .insert(users)
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .returning()
    .then((r) => r[0]!);
}

export function updateUser(db: Database, id: string, patch: Partial<NewUser>) {
  return db
    .update(users)
    .set(patch)
    .where(eq(users.id, id))
    .returning({ id: users.id })
    .then((r) => r[0]);
}

export function shopsOfUsers(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: shops.id, name: shops.name, userId: shops.userId })
    .from(shops)
    .where(inArray(shops.userId, userIds))
    .orderBy(asc(shops.createdAt));
}

export function insertSession(db: Database, session: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(session);
}

function prepareSessionLookup(db: Database) {
  return liveSession(db, sql.placeholder('tokenHash'), sql.placeholder('now')).prepare('session_user');
}
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/**
 * The user behind a live (unrevoked, unexpired) session token hash. Every signed-in request asks
 * it, so it is prepared once per database: PostgreSQL planned it afresh each time (0.13 ms, four
 * times its run), and Drizzle built it afresh in the server.
 */
export function findSessionUser(db: Database, tokenHash: string, now: Date) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup.execute({ tokenHash, now }).then((r) => r[0]);
}

export function revokeSession(db: Database, sessionId: string) {
  return db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export function revokeOtherSessions(db: Database, userId: string, keepSessionId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${keepSessionId}`),
    );
}

/** The admin's newest decision about an applicant, if any. */
export function latestDecision(db: Database, applicantId: string) {
  return db
    .select({ decision: applicantDecisions.decision, reason: applicantDecisions.reason })
    .from(applicantDecisions)
    .where(eq(applicantDecisions.applicantId, applicantId))
    .orderBy(desc(applicantDecisions.decidedAt), desc(applicantDecisions.id))
    .limit(1)
    .then((r) => r[0]);
}

/** The rights the admin granted this account (decision 028). */
export function grantedRightsOf(db: Database, userId: string) {
  return db
    .select({ name: teamRights.name })
    .from(teamRights)
    .where(eq(teamRights.userId, userId))
    .then((rows) => rows.map((r) => r.name));
}

export function countUsersByRole(db: Database, role: UserRow['role']) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, role))
    .then((r) => r[0]?.n ?? 0);
}

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export function countCodesSince(db: Database, userId: string, purpose: CodePurpose | null, since: Date) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        purpose ? eq(verificationCodes.purpose, purpose) : undefined,
        gt(verificationCodes.createdAt, since),
      ),
    )
    .then((r) => r[0]?.n ?? 0);
}

/** Codes of every account asked for from one client address since a time. */
export function countCodesFromIpSince(db: Database, ip: string, since: Date) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.clientIp, ip), gt(verificationCodes.createdAt, since)))
    .then((r) => r[0]?.n ?? 0);
}

/**
 * Only the newest code of a purpose works: a new one retires the earlier ones. A code bound to a
 * subject (one claim) retires only that subject's, so two waiting contributions keep their codes.
 */
export function retireCodes(db: Database, userId: string, purpose: CodePurpose, subjectId?: string) {
  return db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        subjectId ? eq(verificationCodes.subjectId, subjectId) : undefined,
        isNull(verificationCodes.usedAt),
      ),
    );
}

export function insertCode(db: Database, code: typeof verificationCodes.$inferInsert) {
  return db.insert(verificationCodes).values(code);
}

/**
 * Counts one try against the live code and returns it, or nothing when there is no live code
 * (none sent, expired, used, or out of tries). One statement, so parallel guesses cannot share a try.
 */
export function spendCodeTry(
  db: Database,
  userId: string,
  purpose: CodePurpose,
  maxTries: number,
  subjectId?: string,
) {
  return db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
        lt(verificationCodes.attempts, maxTries),
        subjectId ? eq(verificationCodes.subjectId, subjectId) : undefined,
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      subjectId: verificationCodes.subjectId,
    })
    .then((r) => r[0]);
}

/** Marks a code used; false when a parallel request used it first. */
export function useCode(db: Database, id: string) {
  return db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id })
    .then((r) => r.length === 1);
}

export function revokeAllSessions(db: Database, userId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The newest registration waiting for this unproven account's e-mail, if any. */
export function latestPendingApplication(db: Database, userId: string) {
  return db
    .select({ id: pendingApplications.id })
    .from(pendingApplications)
    .where(eq(pendingApplications.userId, userId))
    .orderBy(desc(pendingApplications.createdAt))
    .limit(1)
    .then((r) => r[0]);
}
