import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sellerName } from '../../db/profile-name.js';
import { qualified } from '../../lib/qualified.js';
import { orders, products, users } from '../../db/schema/index.js';

/**
 * What the review an order asks for needs of it (issue 41): its buyer, product, seller and state.
 * Exported for the review-requests module, which reads orders only through this.
 */
export function findOrderForReview(db: Database, orderId: string) {
  return db
    .select({
      id: orders.id,
      buyerUserId: orders.buyerUserId,
      buyerConfirmed: orders.buyerConfirmed,
      buyerName: users.ownerName,
      sellerUserId: orders.sellerUserId,
      productId: orders.productId,
      productName: products.prdctName,
      productImage: sql<string>`coalesce(${products.media}->0->>'url', '')`,
      sellerIsBrand: sql<boolean>`(select ${users.isBrand} from ${users} where ${users.id} = ${orders.sellerUserId})`,
      // The seller's first store, else their own name, as the order's messages call them.
      storeName: sql<string>`coalesce(${sellerName(qualified(orders.sellerUserId))}, '')`,
      fulfilment: orders.fulfilment,
      orderedOn: sql<string>`(${orders.createdAt} at time zone 'Asia/Kolkata')::date::text`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(eq(orders.id, orderId))
    .limit(1)
    .then((r) => r[0]);
}

export type OrderForReview = NonNullable<Awaited<ReturnType<typeof findOrderForReview>>>;
