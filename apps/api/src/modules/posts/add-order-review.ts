import type { OrderReview } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as posts from './posts.repository.js';
import { verifyPostByOrders } from './purchase-verification.js';
import { reportSameText } from './post-moderation.repository.js';
import { textKeyOf } from './same-text.js';
import * as repo from './verified-purchases.repository.js';

/** The review one order made (issue 41), or null; undefined when the order proves no purchase. */
export async function reviewOfOrder(db: Database, orderId: string) {
  const purchase = await repo.findOrderPurchase(db, orderId, { lock: false });
  if (!purchase) return undefined;
  return purchase.postId && purchase.authorId ? { postId: purchase.postId, infId: purchase.authorId } : null;
}

export interface OrderReviewPost {
  orderId: string;
  /** The order's buyer: the proven account the review belongs to. */
  authorId: string;
  authorName: string;
  sellerUserId: string;
  sellerIsBrand: boolean;
  productId: string;
  productName: string;
}

/**
 * The review an order asked for: about its product and seller, by its buyer, verified by that
 * order. One per order: the order's verified purchase is locked while the review is written.
 */
export async function addReviewOfOrder(db: Database, order: OrderReviewPost, input: OrderReview) {
  return db.transaction(async (tx) => {
    const purchase = await repo.findOrderPurchase(tx, order.orderId, { lock: true });
    if (!purchase) {
      throw new AppError(
        'CONFLICT',
        'This order cannot be reviewed: it was not paid, or was refunded in full',
      );
    }
    if (purchase.postId) throw new AppError('CONFLICT', 'You have reviewed this order already');
    const textKey = textKeyOf(input.title, input.description);
    const post = await posts.insertPost(tx, {
      textKey,
      authorId: order.authorId,
      authorName: order.authorName,
      kind: 'review',
      title: input.title,
      description: input.description,
      media: input.data.map((d) => ({ url: d.url, thumbnail: '' })),
      products: [
        {
          name: order.productName,
          productID: order.productId,
          ordered: false,
          userId: order.sellerUserId,
          rating: input.rating,
        },
      ],
      locations: input.data.length ? input.data.map(() => ({ latitude: null, longitude: null })) : [],
      ...(order.sellerIsBrand ? { brandUserId: order.sellerUserId } : { storeUserId: order.sellerUserId }),
      isPrivate: input.isPrivate,
    });
    await verifyPostByOrders(tx, post.id, order.orderId);
    if (textKey) await reportSameText(tx, post.id, textKey, order.authorId);
    return { postId: post.id, infId: order.authorId };
  });
}
