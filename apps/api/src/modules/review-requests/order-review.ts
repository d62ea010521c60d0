import type { OrderReview, OrderToReview } from '@app/domain';
import { orderNumberOf } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findOrderForReview, type OrderForReview } from '../orders/order-data.js';
import { addReviewOfOrder, reviewOfOrder } from '../posts/add-order-review.js';
import { isReviewKey } from './review-key.js';

export interface OrderReviewContext {
  db: Database;
  /** Signs the keys of the review links (the server's signing secret). */
  secret: string;
}

const NOT_YOURS = 'This review link is not valid. Open the link in your message, or sign in as the buyer.';

/**
 * The order, when the caller may review it: signed in as its buyer, or holding the key of the
 * message that asked for the review. Anyone else learns nothing about it, not even that it exists.
 */
async function openOrder(ctx: OrderReviewContext, orderId: string, key: string, user: AuthUser | null) {
  const order = await findOrderForReview(ctx.db, orderId);
  const allowed =
    !!order &&
    order.buyerConfirmed &&
    (user?.id === order.buyerUserId || (key !== '' && isReviewKey(ctx.secret, orderId, key)));
  if (!allowed) throw new AppError('NOT_FOUND', NOT_YOURS);
  return order;
}

const reviewable = (order: OrderForReview, review: Awaited<ReturnType<typeof reviewOfOrder>>) =>
  order.fulfilment === 'DELIVERED' && review === null;

/** What the review form shows: the product, the store and the day, nothing to type again. */
export async function findOrderToReview(
  ctx: OrderReviewContext,
  orderId: string,
  key: string,
  user: AuthUser | null,
): Promise<OrderToReview> {
  const order = await openOrder(ctx, orderId, key, user);
  const review = await reviewOfOrder(ctx.db, orderId);
  return {
    orderId,
    orderNumber: orderNumberOf(orderId),
    productId: order.productId,
    productName: order.productName,
    productImage: order.productImage,
    sellerUserId: order.sellerUserId,
    storeName: order.storeName,
    orderedOn: order.orderedOn,
    authorName: order.buyerName,
    reviewable: reviewable(order, review),
    waitsFor: review
      ? null
      : order.fulfilment !== 'DELIVERED'
        ? 'delivery'
        : review === undefined
          ? 'payment'
          : null,
    review: review ?? null,
  };
}

/** Stores the review, the buyer's, verified by this order. */
export async function reviewOrder(
  ctx: OrderReviewContext,
  orderId: string,
  input: OrderReview,
  user: AuthUser | null,
) {
  const order = await openOrder(ctx, orderId, input.key, user);
  if (order.fulfilment !== 'DELIVERED') {
    throw new AppError('CONFLICT', 'You can review this order once it is delivered');
  }
  return addReviewOfOrder(
    ctx.db,
    {
      orderId,
      authorId: order.buyerUserId,
      authorName: order.buyerName,
      sellerUserId: order.sellerUserId,
      sellerIsBrand: order.sellerIsBrand,
      productId: order.productId,
      productName: order.productName,
    },
    input,
  );
}
