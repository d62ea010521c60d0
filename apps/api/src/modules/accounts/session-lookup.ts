import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TeamRight } from '@app/domain';
import type { Database } from '../../db/client.js';
import { sessions, teamRights, users } from '../../db/schema/index.js';

// The one definition of a live session and what it carries, for the auth hook's lookup and for a
// route that reads its caller in its own statement (placing an order, issue 42). Exported for that.

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  ownerName: users.ownerName,
  role: users.role,
  isActive: users.isActive,
  isBrand: users.isBrand,
  mustChangePassword: users.mustChangePassword,
  /** For the language of error messages to a signed-in caller (issue 26). */
  language: users.language,
};
/** A team member's granted rights travel with the session, so the access hook needs no extra query. */
const grantedRights = sql<
  TeamRight[]
>`coalesce((select array_agg(${teamRights.name} order by ${teamRights.name}) from ${teamRights} where ${teamRights.userId} = ${users.id}), '{}')`;

type UserRow = typeof users.$inferSelect;
// `rights` is optional so that hand-made users in tests need not name it; none then.
export type SessionUser = { [K in keyof typeof sessionUserColumns]: UserRow[K] } & {
  rights?: readonly TeamRight[];
};

/**
 * The unrevoked, unexpired session of a token hash, with its account: at most one row. `tokenHash`
 * and `now` are values or placeholders; a null token hash matches nothing.
 */
export function liveSession(
  db: Database,
  tokenHash: SQL | Placeholder | string,
  now: SQL | Placeholder | Date,
) {
  return (
    db
      // Named apart from the account's id, and the rights named at all, so that a query selecting from
      // this one as a subquery (placing an order) can tell its columns apart.
      .select({
        sessionId: sql<string>`${sessions.id}`.as('session_id'),
        ...sessionUserColumns,
        rights: grantedRights.as('rights'),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1)
  );
}

/** Every column a session carries (its id, the account's, the rights), as liveSession selects them. */
export const SESSION_CARRIES = ['sessionId', ...Object.keys(sessionUserColumns), 'rights'] as Array<
  keyof SessionUser | 'sessionId'
>;

/**
 * True while the live session of `tokenHash` carries exactly what `carried` gives for each of
 * SESSION_CARRIES: a condition for a write that acts for a caller presumed from an earlier read
 * (placing an order, issue 42), so that a logout, a revoked session, an expiry or any change to
 * the account since refuses that write in the same statement.
 */
export function sessionStillCarries(
  db: Database,
  tokenHash: SQL | Placeholder,
  carried: (column: (typeof SESSION_CARRIES)[number]) => SQL | Placeholder,
) {
  const live = liveSession(db, tokenHash, sql`now()`).as('presumed_caller');
  const same = SESSION_CARRIES.map((column) => sql`${live[column]} is not distinct from ${carried(column)}`);
  return sql`exists (select 1 from ${live} where ${sql.join(same, sql` and `)})`;
}
