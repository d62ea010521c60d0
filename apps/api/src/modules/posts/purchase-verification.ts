import { markedByOrder, withoutOrder } from '@app/domain';
import type { Database } from '../../db/client.js';
import {
  reactInTransaction,
  type OrderEventPayload,
  type TransactionalReaction,
} from '../../lib/domain-events.js';
import * as posts from './posts.repository.js';
import * as labels from './review-labels.repository.js';
import * as repo from './verified-purchases.repository.js';

// Verified by the order (issue 41): a product in a review is a verified purchase when its author,
// as a proven account, bought it here: paid online, or paid at the door on delivery, and not
// refunded in full. Nobody vouches for it by hand; each order verifies one review of its product.

/**
 * Marks the products of a post that its author's orders verify, each with the order's day. Runs
 * when a review is stored, when a held one is confirmed, and when an order of its author is paid;
 * `orderId` limits it to that order. Holds the post's row lock, so two facts never mark it twice.
 */
export async function verifyPostByOrders(tx: Database, postId: string, orderId?: string): Promise<void> {
  const post = await posts.findPostProductsForUpdate(tx, postId);
  if (!post?.authorId || post.awaitingConfirmation || post.kind !== 'review') return;
  let changed = false;
  const list = [];
  for (const product of post.products) {
    const orderedOn = product.orderedOn
      ? undefined
      : await repo.claimVerifiedPurchase(tx, {
          buyerUserId: post.authorId,
          productId: product.productID,
          postId,
          ...(orderId ? { orderId } : {}),
        });
    changed ||= !!orderedOn;
    list.push(orderedOn ? markedByOrder(product, orderedOn) : product);
  }
  if (changed) await posts.setPostProducts(tx, postId, list);
  // Got any of them free: said beside the review, from the order, not by its author.
  if (
    await labels.gotAnyFree(
      tx,
      post.authorId,
      post.products.map((p) => p.productID),
    )
  ) {
    await labels.labelPost(tx, postId, post.authorId, 'received-free');
  }
}

/** A paid order of a proven buyer: it verifies the buyer's earliest review of it not yet verified. */
export async function recordVerifiedPurchase(tx: Database, order: OrderEventPayload): Promise<void> {
  // An order placed with someone's contact is not theirs until they confirm it (decision 020); a
  // free order proves no purchase.
  if (!order.notifyBuyer || order.paymentMethod === 'NONE' || !order.productId || !order.orderedAt) return;
  const [fresh] = await repo.insertVerifiedPurchase(tx, {
    orderId: order.orderId,
    buyerUserId: order.recipientUserId,
    productId: order.productId,
    orderedAt: new Date(order.orderedAt),
  });
  if (!fresh) return;
  const postId = await repo.firstUnverifiedReview(tx, order.recipientUserId, order.productId);
  if (postId) await verifyPostByOrders(tx, postId, order.orderId);
}

/**
 * A full refund: the order proves no purchase any more. Its review takes another of the buyer's
 * orders of the product if there is one, or loses the mark (an invoice a moderator checked stays).
 */
export async function withdrawVerifiedPurchase(tx: Database, orderId: string): Promise<void> {
  const removed = await repo.deleteVerifiedPurchase(tx, orderId);
  if (!removed?.postId) return;
  const post = await posts.findPostProductsForUpdate(tx, removed.postId);
  if (!post) return;
  const list = post.products.map((p) => (p.productID === removed.productId ? withoutOrder(p) : p));
  await posts.setPostProducts(tx, post.id, list);
  await verifyPostByOrders(tx, post.id);
}

/** An order that needed no payment gave its buyer the product free: their reviews of it say so. */
async function recordFreeProduct(tx: Database, order: OrderEventPayload): Promise<void> {
  if (order.paymentMethod !== 'NONE' || !order.notifyBuyer || !order.productId) return;
  await labels.insertFreeProduct(tx, {
    orderId: order.orderId,
    buyerUserId: order.recipientUserId,
    productId: order.productId,
  });
  await labels.labelReviewsOfFreeProduct(tx, order.recipientUserId, order.productId);
}

/**
 * An order placed with a contact its holder has just confirmed (decision 020) is theirs from now:
 * what it proves had it been theirs from the start, it proves now. Paid and not refunded in full, it
 * verifies their review; free, it labels it. `refunded`: the order's refunds reached its amount.
 */
export async function orderConfirmedByBuyer(
  tx: Database,
  order: OrderEventPayload,
  { refunded }: { refunded: boolean },
): Promise<void> {
  if (!order.notifyBuyer) return;
  if (order.paid && !refunded) await recordVerifiedPurchase(tx, order);
  await recordFreeProduct(tx, order);
}

const onPlaced: TransactionalReaction<'order.placed'> = (tx, event) => recordFreeProduct(tx, event.payload);

/**
 * A sale through a review earned its author a referral reward (at delivery, as the ledger books
 * it): the review carries "Earns from sales through this review" from then on.
 */
const onDelivered: TransactionalReaction<'order.delivered'> = async (tx, event) => {
  const { mentionPostId, referrerUserId, referrerRewardPaise } = event.payload;
  if (!mentionPostId || !referrerUserId || referrerRewardPaise <= 0) return;
  await labels.labelPost(tx, mentionPostId, referrerUserId, 'earns-from-sales');
};

const onPaid: TransactionalReaction<'order.paid'> = (tx, event) => recordVerifiedPurchase(tx, event.payload);
const onRefunded: TransactionalReaction<'refund.succeeded'> = async (tx, event) => {
  const { refundedPaiseTotal, amountPaise, orderId } = event.payload;
  if (refundedPaiseTotal >= amountPaise) await withdrawVerifiedPurchase(tx, orderId);
};

/** Registers the reactions to order facts (once per process; see reactInTransaction). */
export function reactToOrdersForVerification(): void {
  reactInTransaction('order.paid', onPaid);
  reactInTransaction('refund.succeeded', onRefunded);
  reactInTransaction('order.placed', onPlaced);
  reactInTransaction('order.delivered', onDelivered);
}
