import type { OrderChannel } from './orders.js';

// The five order calls of spec section 7 and the thank-you page an order comes back to, written
// once (issue 42) for the checkout page (which call it makes, where it goes after a free order) and
// the server (what each call means, where the payment provider sends the buyer back).

/** The five order calls; what tells them apart is in the OpenAPI descriptions. */
export const ORDER_SOURCES = {
  consumerPay: 'euOrder/saveOrder2',
  consumerPostPay: 'euOrder/saveOrder3',
  consumerWithoutPay: 'euOrder/saveOrderWebWithoutPay',
  businessPay: 'orders/saveOrder2',
  businessWithoutPay: 'orders/saveOrderWebWithoutPay',
} as const;
export type OrderSource = (typeof ORDER_SOURCES)[keyof typeof ORDER_SOURCES];

/** What each call places: its channel, whether it is paid, and whether it needs the review it came from. */
export const ORDER_SOURCE_TERMS: Record<
  OrderSource,
  { channel: OrderChannel; pay: boolean; needsPost: boolean }
> = {
  'euOrder/saveOrder2': { channel: 'b2c', pay: true, needsPost: false },
  'euOrder/saveOrder3': { channel: 'b2c', pay: true, needsPost: true },
  'euOrder/saveOrderWebWithoutPay': { channel: 'b2c', pay: false, needsPost: false },
  'orders/saveOrder2': { channel: 'b2b', pay: true, needsPost: false },
  'orders/saveOrderWebWithoutPay': { channel: 'b2b', pay: false, needsPost: false },
};

/**
 * The call a checkout makes: a business order or a consumer one, paid or placed by the admin
 * without payment; a paid consumer order bought from a review names the review (saveOrder3).
 */
export function orderSourceFor(order: {
  channel: OrderChannel;
  pay: boolean;
  fromReview: boolean;
}): OrderSource {
  if (order.channel === 'b2b')
    return order.pay ? ORDER_SOURCES.businessPay : ORDER_SOURCES.businessWithoutPay;
  if (!order.pay) return ORDER_SOURCES.consumerWithoutPay;
  return order.fromReview ? ORDER_SOURCES.consumerPostPay : ORDER_SOURCES.consumerPay;
}

/**
 * The spec's thank-you page for an order, with its id: where the checkout goes after an order that
 * needs no payment, and where the payment provider sends the buyer back. Bought from a review, it
 * names the review, so the page can offer to tag it.
 */
export function thankYouPath(order: {
  id: string;
  channel: OrderChannel;
  productId: string;
  mentionInfId?: string | null;
  mentionPostId?: string | null;
}): string {
  const base =
    order.channel === 'b2b'
      ? '/thankyou/b2b'
      : order.mentionInfId && order.mentionPostId
        ? `/thankyou/${[order.mentionInfId, order.mentionPostId, order.productId].map(encodeURIComponent).join('/')}`
        : `/thankyou/${encodeURIComponent(order.productId)}`;
  return `${base}?order_id=${encodeURIComponent(order.id)}`;
}
