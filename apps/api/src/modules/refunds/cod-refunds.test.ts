import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYOUT_MESSAGES } from '@app/domain';
import { domainEvents } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';

// Issue 23 (decision 032): a cash-on-delivery order refunded after delivery is paid back by the
// seller. The buyer gives a UPI id or a bank account (validated), the seller records the payout with
// its reference, and only then is the refund SUCCESS, recorded as refund.succeeded for the ledger.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'cod-refund-secret',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress: '198.51.100.200',
    headers: token ? { authorization: token } : {},
    payload: payload as object,
  });
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: token } });

/** A cash-on-delivery order of ₹2,999 that was delivered and paid in cash. */
async function deliveredCodOrder() {
  const seller = await makeSeller(t, 'Gita Bhat');
  await post('/shop/deliveryTerms', { deliveryCharge: 0, codEnabled: true }, seller.token);
  const productId = await makeProduct(t, seller, 5);
  const user = await createUser(t.db, { ownerName: 'Meera Iyer' });
  const buyer = { ...user, token: await loginAs(t.app, user.email, user.password) };
  const placed = await post(
    '/euOrder/saveOrder2',
    orderBody(productId, { paymentMethod: 'COD' }),
    buyer.token,
  );
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json<{ data: { order: { _id: string } } }>().data.order._id;
  for (const [url, body] of [
    ['/orders/cod/accept', { orderId }],
    ['/orders/updateFulfilment', { orderId, fulfilment: 'DISPATCHED' }],
    ['/orders/cod/paidOnDelivery', { orderId }],
  ] as const) {
    expect((await post(url, body, seller.token)).statusCode).toBe(200);
  }
  return { seller, buyer, orderId };
}

describe('a refund of a cash-on-delivery order', () => {
  it('is paid out by the seller to the UPI id the buyer gives, then succeeds', async () => {
    const { seller, buyer, orderId } = await deliveredCodOrder();
    const refunded = await post(
      `/orders/${orderId}/refunds`,
      { amount: '1500', reason: 'One sleeve torn' },
      seller.token,
    );
    expect(refunded.statusCode).toBe(200);
    const refundId = refunded.json<{ data: { refundId: string } }>().data.refundId;
    const listed = await get(`/orders/${orderId}/refundPayouts`, buyer.token);
    expect(listed.json()).toMatchObject({
      data: [{ refundId, amountPaise: 150_000, status: 'PENDING', payTo: null, reference: null }],
    });

    // Nothing to pay to yet.
    const early = await post(
      `/orders/${orderId}/refunds/${refundId}/payout`,
      { reference: 'UTR12345678' },
      seller.token,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: PAYOUT_MESSAGES.noDetails });

    // Only the buyer says where, and only valid details.
    const badUpi = await post(
      `/orders/${orderId}/refunds/${refundId}/payoutDetails`,
      { kind: 'UPI', upiId: 'meera' },
      buyer.token,
    );
    expect(badUpi.statusCode).toBe(400);
    expect(badUpi.json()).toMatchObject({ errors: { upiId: PAYOUT_MESSAGES.upi } });
    const badBank = await post(
      `/orders/${orderId}/refunds/${refundId}/payoutDetails`,
      { kind: 'BANK', accountName: 'Meera Iyer', ifsc: 'HDFC123', accountNumber: '12ab' },
      buyer.token,
    );
    expect(badBank.statusCode).toBe(400);
    expect(badBank.json()).toMatchObject({
      errors: { ifsc: PAYOUT_MESSAGES.ifsc, accountNumber: PAYOUT_MESSAGES.account },
    });
    const bySeller = await post(
      `/orders/${orderId}/refunds/${refundId}/payoutDetails`,
      { kind: 'UPI', upiId: 'gita@okaxis' },
      seller.token,
    );
    expect(bySeller.statusCode).toBe(403);

    const given = await post(
      `/orders/${orderId}/refunds/${refundId}/payoutDetails`,
      { kind: 'UPI', upiId: 'meera.iyer@okhdfc' },
      buyer.token,
    );
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ data: [{ payTo: 'UPI meera.iyer@okhdfc', status: 'PENDING' }] });

    const badReference = await post(
      `/orders/${orderId}/refunds/${refundId}/payout`,
      { reference: '#1' },
      seller.token,
    );
    expect(badReference.statusCode).toBe(400);
    expect(badReference.json()).toMatchObject({ errors: { reference: PAYOUT_MESSAGES.reference } });
    const other = await makeSeller(t, 'Other Seller');
    expect(
      (await post(`/orders/${orderId}/refunds/${refundId}/payout`, { reference: 'UTR12345678' }, other.token))
        .statusCode,
    ).toBe(403);

    const paid = await post(
      `/orders/${orderId}/refunds/${refundId}/payout`,
      { reference: 'UTR12345678' },
      seller.token,
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ data: [{ status: 'SUCCESS', reference: 'UTR12345678' }] });
    expect(
      (
        await post(
          `/orders/${orderId}/refunds/${refundId}/payout`,
          { reference: 'UTR99999999' },
          seller.token,
        )
      ).statusCode,
    ).toBe(409);
    // The buyer can no longer change where it went.
    expect(
      (
        await post(
          `/orders/${orderId}/refunds/${refundId}/payoutDetails`,
          { kind: 'UPI', upiId: 'x1@okaxis' },
          buyer.token,
        )
      ).statusCode,
    ).toBe(409);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/orders/status/${orderId}`,
      headers: await orderKeyHeader(t, orderId),
    });
    expect(status.json()).toMatchObject({
      data: { paymentState: 'PARTIALLY_REFUNDED', paymentMethod: 'COD' },
    });
    const events = await t.db
      .select({ type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(sql`${domainEvents.payload}->>'refundId' = ${refundId}`);
    expect(events.map((e) => e.type).sort()).toEqual(['refund.requested', 'refund.succeeded']);
    expect(events.find((e) => e.type === 'refund.succeeded')?.payload).toMatchObject({
      paymentMethod: 'COD',
      refundPaise: 150_000,
      refundedPaiseTotal: 150_000,
    });
  });

  it('shows a bank account masked to the buyer and in full to the seller', async () => {
    const { seller, buyer, orderId } = await deliveredCodOrder();
    const refunded = await post(
      `/orders/${orderId}/refunds`,
      { amount: '2999', reason: 'Wrong size sent' },
      seller.token,
    );
    const refundId = refunded.json<{ data: { refundId: string } }>().data.refundId;
    const given = await post(
      `/orders/${orderId}/refunds/${refundId}/payoutDetails`,
      { kind: 'BANK', accountName: 'Meera Iyer', ifsc: 'hdfc0001234', accountNumber: '5010 0123 4567 89' },
      buyer.token,
    );
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      data: [{ payTo: 'Bank account ••••6789 (HDFC0001234, Meera Iyer)' }],
    });
    expect((await get(`/orders/${orderId}/refundPayouts`, seller.token)).json()).toMatchObject({
      data: [{ payTo: 'Bank account 50100123456789 (HDFC0001234, Meera Iyer)' }],
    });
    const stranger = await createUser(t.db, {});
    const strangerToken = await loginAs(t.app, stranger.email, stranger.password);
    expect((await get(`/orders/${orderId}/refundPayouts`, strangerToken)).statusCode).toBe(403);
  });
});
