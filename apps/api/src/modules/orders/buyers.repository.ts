import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

// The accounts an order reads and makes: its buyer, a business buyer's seller, a referrer.

/** An account that has proven its contact (decision 013: unverified accounts count in no look-up). */
export function findUserByMobile(db: Database, mobile: string) {
  return db
    .select({
      id: users.id,
      ownerName: users.ownerName,
      role: users.role,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(and(eq(users.mobile, mobile), isNotNull(users.contactVerifiedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export function findUserRole(db: Database, id: string) {
  return db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      ownerName: users.ownerName,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** A buyer account; nothing when the e-mail or mobile was taken meanwhile. */
export function insertBuyerIfAbsent(db: Database, user: typeof users.$inferInsert) {
  return db
    .insert(users)
    .values(user)
    .onConflictDoNothing()
    .returning({ id: users.id })
    .then((r) => r[0]);
}

/** The account's own contact, for a code that confirms an order made with it. */
export function findUserContact(db: Database, id: string) {
  return db
    .select({ id: users.id, email: users.email, mobile: users.mobile, language: users.language })
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);
}
