import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  posts,
  ratingCounts,
  reviewDayCounts,
  verifiedPurchases,
  type RatingSubject,
} from '../../db/schema/index.js';

/** A paid order of a proven buyer; nothing when the order is known already (a repeated fact). */
export function insertVerifiedPurchase(
  tx: Database,
  row: { orderId: string; buyerUserId: string; productId: string; orderedAt: Date },
) {
  return tx
    .insert(verifiedPurchases)
    .values({
      orderId: row.orderId,
      buyerUserId: row.buyerUserId,
      productId: row.productId,
      // The day the buyer ordered, in India, where the product's buyers and sellers are.
      orderedOn: sql<string>`(${row.orderedAt.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date`,
    })
    .onConflictDoNothing()
    .returning({ orderId: verifiedPurchases.orderId });
}

/** The order a full refund took back, with the review it verified (if any). */
export function deleteVerifiedPurchase(tx: Database, orderId: string) {
  return tx
    .delete(verifiedPurchases)
    .where(eq(verifiedPurchases.orderId, orderId))
    .returning({ postId: verifiedPurchases.postId, productId: verifiedPurchases.productId })
    .then((r) => r[0]);
}

/**
 * Gives the review the buyer's earliest order of the product that verifies no review yet, and
 * answers its day. The caller holds the post's row lock, so one post never takes two orders.
 */
export async function claimVerifiedPurchase(
  tx: Database,
  claim: { buyerUserId: string; productId: string; postId: string; orderId?: string },
): Promise<string | undefined> {
  const free = tx
    .select({ orderId: verifiedPurchases.orderId })
    .from(verifiedPurchases)
    .where(
      and(
        eq(verifiedPurchases.buyerUserId, claim.buyerUserId),
        eq(verifiedPurchases.productId, claim.productId),
        isNull(verifiedPurchases.postId),
        claim.orderId ? eq(verifiedPurchases.orderId, claim.orderId) : undefined,
      ),
    )
    .orderBy(asc(verifiedPurchases.orderedOn), asc(verifiedPurchases.orderId))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await tx
    .update(verifiedPurchases)
    .set({ postId: claim.postId })
    .where(sql`${verifiedPurchases.orderId} = (${free})`)
    .returning({ orderedOn: verifiedPurchases.orderedOn });
  return claimed?.orderedOn;
}

/** Which order verifies this product in this review, if one does. */
export function findClaimedOrder(tx: Database, postId: string, productId: string) {
  return tx
    .select({ orderId: verifiedPurchases.orderId })
    .from(verifiedPurchases)
    .where(and(eq(verifiedPurchases.postId, postId), eq(verifiedPurchases.productId, productId)))
    .limit(1)
    .then((r) => r[0]?.orderId);
}

/**
 * The buyer's earliest review of the product that no order verifies yet (written before the
 * order was paid, or held until the buyer confirmed it): a new paid order verifies it.
 */
export function firstUnverifiedReview(tx: Database, buyerUserId: string, productId: string) {
  return tx
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.authorId, buyerUserId),
        eq(posts.kind, 'review'),
        eq(posts.awaitingConfirmation, false),
        sql`${posts.products} @> ${JSON.stringify([{ productID: productId }])}::jsonb`,
        sql`not exists (select 1 from ${verifiedPurchases} v where v.post_id = ${posts.id} and v.product_id = ${productId})`,
      ),
    )
    .orderBy(asc(posts.createdAt))
    .limit(1)
    .then((r) => r[0]?.id);
}

/**
 * The kept counts of a product's or a seller's reviews (at most ten rows of rating_counts, by key)
 * and its busiest day (one probe of review_day_counts_busiest_idx), in one round trip: the day's
 * row has `stars` null.
 */
export async function ratingCountsOf(db: Database, subjectKind: RatingSubject, subjectId: string) {
  const result = await db.execute(sql`
    (select ${ratingCounts.stars} as stars, ${ratingCounts.verified} as verified, ${ratingCounts.reviews} as reviews, null::text as day
     from ${ratingCounts}
     where ${ratingCounts.subjectId} = ${subjectId} and ${ratingCounts.subjectKind} = ${subjectKind})
    union all
    (select null, null, ${reviewDayCounts.reviews}, ${reviewDayCounts.day}::text
     from ${reviewDayCounts}
     where ${reviewDayCounts.subjectId} = ${subjectId} and ${reviewDayCounts.subjectKind} = ${subjectKind}
     order by ${reviewDayCounts.reviews} desc limit 1)`);
  const rows = (
    result as {
      rows: Array<{ stars: number | null; verified: boolean | null; reviews: number; day: string | null }>;
    }
  ).rows;
  const busiest = rows.find((r) => r.day !== null);
  return {
    counts: rows.flatMap((r) =>
      r.stars === null ? [] : [{ stars: r.stars, verified: r.verified ?? false, reviews: r.reviews }],
    ),
    busiest: busiest?.day ? { day: busiest.day, reviews: busiest.reviews } : null,
  };
}

/** An order's verified purchase with the review it made, if any; locked for writing that review. */
export function findOrderPurchase(tx: Database, orderId: string, { lock }: { lock: boolean }) {
  const query = tx
    .select({ postId: verifiedPurchases.postId, authorId: posts.authorId })
    .from(verifiedPurchases)
    .leftJoin(posts, eq(posts.id, verifiedPurchases.postId))
    .where(eq(verifiedPurchases.orderId, orderId))
    .limit(1);
  return (lock ? query.for('update', { of: verifiedPurchases }) : query).then((r) => r[0]);
}
