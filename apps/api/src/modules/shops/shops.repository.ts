import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rewardRemainingRupees, rewardTotalRupees, shops, users } from '../../db/schema/index.js';

export type ShopRow = typeof shops.$inferSelect;
export type ShopPatch = Partial<Omit<typeof shops.$inferInsert, 'id' | 'userId' | 'createdAt'>>;
/** The reward balances are not here: the reward ledger computes them (decision 033). */
export type SellerFieldsPatch = Partial<Pick<typeof users.$inferInsert, 'affiliateCode'>>;

// The owner's public flags only: contact columns are never selected.
const ownerColumns = {
  id: users.id,
  isBrand: users.isBrand,
  affiliateCode: users.affiliateCode,
  remainingRewardAmount: rewardRemainingRupees(users.id),
  totalRewardsRolledOut: rewardTotalRupees(users.id),
  role: users.role,
};

/** The first shop of a user with the owner's public flags. */
export function findShopByUserId(db: Database, userId: string) {
  return db
    .select({ shop: shops, owner: ownerColumns })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(eq(shops.userId, userId))
    .orderBy(shops.createdAt)
    .limit(1)
    .then((r) => r[0]);
}

/** Shops of approved sellers, by name; `search` keeps those whose name contains it. */
export function listPublicShops(
  db: Database,
  opts: { search?: string; offset?: number; limit?: number } = {},
) {
  const conditions: SQL[] = [eq(users.role, 'SELLER')];
  if (opts.search) {
    conditions.push(ilike(shops.name, `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  const query = db
    .select({ shop: shops, owner: ownerColumns })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(and(...conditions))
    .orderBy(sql`lower(${shops.name})`, asc(shops.id))
    .$dynamic();
  if (opts.limit !== undefined) query.limit(opts.limit).offset(opts.offset ?? 0);
  return query;
}

/** Updates the user's first shop and their seller fields together. */
export async function updateStoreOfUser(
  db: Database,
  userId: string,
  shopId: string,
  shopPatch: ShopPatch,
  sellerPatch: SellerFieldsPatch,
) {
  await db.transaction(async (tx) => {
    if (Object.keys(shopPatch).length > 0) {
      await tx
        .update(shops)
        .set(shopPatch)
        .where(and(eq(shops.id, shopId), eq(shops.userId, userId)));
    }
    if (Object.keys(sellerPatch).length > 0) {
      await tx.update(users).set(sellerPatch).where(eq(users.id, userId));
    }
  });
}

export function updateSellerFields(db: Database, userId: string, patch: SellerFieldsPatch) {
  return db
    .update(users)
    .set(patch)
    .where(eq(users.id, userId))
    .returning({
      affiliate_code: users.affiliateCode,
      remaining_reward_amount: rewardRemainingRupees(users.id),
      total_rewards_rolledout: rewardTotalRupees(users.id),
    })
    .then((r) => r[0]);
}
