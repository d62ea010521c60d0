import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReviewLabel } from '@app/domain';
import type { Database } from '../../db/client.js';
import { freeProducts, posts } from '../../db/schema/index.js';

const lacks = (label: ReviewLabel) => sql`not (${label} = any(${posts.labels}))`;
const add = (label: ReviewLabel) => sql`array_append(${posts.labels}, ${label})`;

/** Labels one post of this author (only theirs: the fact is about the author). */
export function labelPost(tx: Database, postId: string, authorId: string, label: ReviewLabel) {
  return tx
    .update(posts)
    .set({ labels: add(label) })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId), lacks(label)));
}

/** An order that gave its buyer the product without payment; nothing when known already. */
export function insertFreeProduct(
  tx: Database,
  row: { orderId: string; buyerUserId: string; productId: string },
) {
  return tx.insert(freeProducts).values(row).onConflictDoNothing();
}

/** Labels the buyer's reviews of the product they got free. */
export function labelReviewsOfFreeProduct(tx: Database, buyerUserId: string, productId: string) {
  return tx
    .update(posts)
    .set({ labels: add('received-free') })
    .where(
      and(
        eq(posts.authorId, buyerUserId),
        eq(posts.kind, 'review'),
        sql`${posts.products} @> ${JSON.stringify([{ productID: productId }])}::jsonb`,
        lacks('received-free'),
      ),
    );
}

/** Whether the author got any of these products free. */
export async function gotAnyFree(tx: Database, buyerUserId: string, productIds: string[]) {
  if (productIds.length === 0) return false;
  const [row] = await tx
    .select({ orderId: freeProducts.orderId })
    .from(freeProducts)
    .where(and(eq(freeProducts.buyerUserId, buyerUserId), inArray(freeProducts.productId, productIds)))
    .limit(1);
  return !!row;
}
