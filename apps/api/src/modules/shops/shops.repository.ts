import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { shops, users } from '../../db/schema/index.js';

/** The first shop of a user with the owner's public flags; contact columns are not selected. */
export function findShopByUserId(db: Database, userId: string) {
  return db
    .select({
      shop: shops,
      owner: {
        id: users.id,
        isBrand: users.isBrand,
        affiliateCode: users.affiliateCode,
        remainingRewardAmount: users.remainingRewardAmount,
        totalRewardsRolledOut: users.totalRewardsRolledOut,
      },
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(eq(shops.userId, userId))
    .orderBy(shops.createdAt)
    .limit(1)
    .then((r) => r[0]);
}
