import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { shops, users } from '../../db/schema/index.js';

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
