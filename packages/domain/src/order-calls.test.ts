import { describe, expect, it } from 'vitest';
import { ORDER_SOURCE_TERMS, orderSourceFor, thankYouPath } from './order-calls.js';

describe('the order call a checkout makes', () => {
  it('is the one whose terms are the checkout’s: channel, payment, and the review it came from', () => {
    const cases = [
      [{ channel: 'b2c', pay: true, fromReview: false }, 'euOrder/saveOrder2'],
      [{ channel: 'b2c', pay: true, fromReview: true }, 'euOrder/saveOrder3'],
      [{ channel: 'b2c', pay: false, fromReview: true }, 'euOrder/saveOrderWebWithoutPay'],
      [{ channel: 'b2b', pay: true, fromReview: true }, 'orders/saveOrder2'],
      [{ channel: 'b2b', pay: false, fromReview: false }, 'orders/saveOrderWebWithoutPay'],
    ] as const;
    for (const [checkout, source] of cases) {
      expect(orderSourceFor(checkout)).toBe(source);
      expect(ORDER_SOURCE_TERMS[source]).toMatchObject({ channel: checkout.channel, pay: checkout.pay });
    }
  });
});

describe('the thank-you page an order comes back to', () => {
  const order = { id: '6650a1b2c3d4e5f6a7b8c9d0', productId: '6650a1b2c3d4e5f6a7b8c9d1' };
  it('is the spec’s route per channel, naming the review an order was bought from', () => {
    expect(thankYouPath({ ...order, channel: 'b2b', mentionInfId: 'i1', mentionPostId: 'p1' })).toBe(
      `/thankyou/b2b?order_id=${order.id}`,
    );
    expect(thankYouPath({ ...order, channel: 'b2c' })).toBe(
      `/thankyou/${order.productId}?order_id=${order.id}`,
    );
    expect(thankYouPath({ ...order, channel: 'b2c', mentionInfId: 'i1', mentionPostId: 'p1' })).toBe(
      `/thankyou/i1/p1/${order.productId}?order_id=${order.id}`,
    );
    // Only both ids name a review.
    expect(thankYouPath({ ...order, channel: 'b2c', mentionInfId: 'i1', mentionPostId: null })).toBe(
      `/thankyou/${order.productId}?order_id=${order.id}`,
    );
  });
  it('keeps what it is given inside its own path segment', () => {
    expect(thankYouPath({ id: 'a&b', productId: 'x/y', channel: 'b2c' })).toBe(
      '/thankyou/x%2Fy?order_id=a%26b',
    );
  });
});
