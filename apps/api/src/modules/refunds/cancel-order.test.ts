import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stockHolds, teamRights } from '../../db/schema/index.js';
import { createUser, loginAs, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { holderKeys } from '../orders/stock-holds.repository.js';
import { releaseHold } from '../payments/payments.repository.js';
import { makeProduct, makeSeller, stockOf } from '../orders/orders-test-helpers.js';
import { api, eventsOf, placeOrder, refundTestApp, settled, stateOf } from './refunds-test-helpers.js';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let adminToken: string;
beforeAll(async () => {
  ({ t, seller, adminToken } = await refundTestApp());
});
afterAll(async () => {
  await t.close();
});

/** The units of the order's product its placing address holds unpaid (with other tests' orders). */
const held = async (orderId: string) => {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const keys = holderKeys({ clientIp: order!.clientIp, deviceId: null, userId: null });
  const rows = await t.db
    .select()
    .from(stockHolds)
    .where(and(inArray(stockHolds.holder, keys), eq(stockHolds.productId, order!.productId)));
  return rows.reduce((sum, r) => sum + r.units, 0);
};

describe('cancelling an order before dispatch', () => {
  it('a guest cancels an unpaid order from its link: the stock and its hold come back at once', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId, { quantity: 2, pay: false });
    expect(await stockOf(t, productId)).toBe(3);
    const unitsHeld = await held(orderId);
    expect(unitsHeld).toBeGreaterThanOrEqual(2);

    const res = await api(t).post(`/orders/${orderId}/cancel`, {}, await orderKeyHeader(t, orderId));
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, productId)).toBe(5);
    expect(await held(orderId)).toBe(unitsHeld - 2);
    const state = await stateOf(t, orderId);
    expect(state.paymentState).toBe('CANCELLED');
    expect(state.cancellation).toEqual(
      expect.objectContaining({ by: 'buyer', reason: 'Cancelled by the buyer' }),
    );
    expect(state.refunds).toEqual([]);
    expect(await eventsOf(t, 'order.cancelled', orderId)).toBe(1);
    // Once is enough: a second cancel is refused and the stock is not given back twice.
    const again = await api(t).post(`/orders/${orderId}/cancel`, {}, await orderKeyHeader(t, orderId));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This order is already cancelled');
    expect(await stockOf(t, productId)).toBe(5);
  });

  it('a seller cancels a paid order with a reason: stock back and the whole amount refunded', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId, { quantity: 2 });
    expect(await stockOf(t, productId)).toBe(3);

    const noReason = await api(t).post(`/orders/${orderId}/staffCancel`, { reason: ' ' }, seller.token);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: { reason: string } }>().errors.reason).toBe(
      'Give a reason of at least 3 characters',
    );

    const res = await api(t).post(
      `/orders/${orderId}/staffCancel`,
      { reason: 'Out of this size' },
      seller.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, productId)).toBe(5);
    const state = await settled(t, orderId);
    expect(state.paymentState).toBe('REFUNDED');
    expect(state.cancellation).toEqual(expect.objectContaining({ by: 'seller', reason: 'Out of this size' }));
    expect(state.refunds).toEqual([
      expect.objectContaining({ amountPaise: 2 * 299_900, status: 'SUCCESS', reason: 'Out of this size' }),
    ]);
    expect(await eventsOf(t, 'order.cancelled', orderId)).toBe(1);
    expect(await eventsOf(t, 'refund.succeeded', orderId)).toBe(1);
    // A cancelled order never goes out.
    const dispatch = await api(t).post(
      '/orders/updateFulfilment',
      { orderId, fulfilment: 'DISPATCHED' },
      seller.token,
    );
    expect(dispatch.statusCode).toBe(409);
  });

  it('after dispatch nobody cancels', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    await api(t).post('/orders/updateFulfilment', { orderId, fulfilment: 'DISPATCHED' }, seller.token);
    const byBuyer = await api(t).post(`/orders/${orderId}/cancel`, {}, await orderKeyHeader(t, orderId));
    expect(byBuyer.statusCode).toBe(409);
    expect(byBuyer.json<{ message: string }>().message).toBe(
      'This order has been dispatched and can no longer be cancelled',
    );
    expect(
      (await api(t).post(`/orders/${orderId}/staffCancel`, { reason: 'Changed mind' }, adminToken))
        .statusCode,
    ).toBe(409);
    expect(await stockOf(t, productId)).toBe(4);
    expect((await stateOf(t, orderId)).paymentState).toBe('PAID');
  });

  it('who may cancel: the buyer, the seller of the order and the admin; nobody else', async () => {
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const buyerToken = await loginAs(t.app, buyer.email, buyer.password);
    const other = await makeSeller(t, 'Kavya Nair');
    const team = await createUser(t.db, { role: 'TEAM' });
    await t.db.insert(teamRights).values({ userId: team.id, name: 'see-orders' });
    const teamToken = await loginAs(t.app, team.email, team.password);

    // An order of a signed-in buyer.
    const { orderBody } = await import('../orders/orders-test-helpers.js');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/euOrder/saveOrder2',
      headers: { authorization: buyerToken },
      payload: orderBody(productId),
    });
    const orderId = placed.json<{ data: { order: { _id: string } } }>().data.order._id;

    // Signed in as someone else, the buyer's route refuses, whoever it is.
    for (const token of [other.token, teamToken, seller.token, adminToken]) {
      expect((await api(t).post(`/orders/${orderId}/cancel`, {}, token)).statusCode).toBe(403);
    }
    // The staff route: not another seller, not the team, not the buyer.
    for (const token of [other.token, teamToken, buyerToken]) {
      expect(
        (await api(t).post(`/orders/${orderId}/staffCancel`, { reason: 'Not mine' }, token)).statusCode,
      ).toBe(403);
    }
    expect((await stateOf(t, orderId)).cancellation).toBeNull();
    // The buyer's own account may.
    expect(
      (await api(t).post(`/orders/${orderId}/cancel`, { reason: 'Ordered twice' }, buyerToken)).statusCode,
    ).toBe(200);
    expect((await stateOf(t, orderId)).cancellation).toEqual(
      expect.objectContaining({ by: 'buyer', reason: 'Ordered twice' }),
    );

    // The admin cancels another order.
    const second = await placeOrder(t, productId);
    expect(
      (await api(t).post(`/orders/${second}/staffCancel`, { reason: 'Fraud check failed' }, adminToken))
        .statusCode,
    ).toBe(200);
    expect((await settled(t, second)).cancellation).toEqual(
      expect.objectContaining({ by: 'admin', reason: 'Fraud check failed' }),
    );
  });

  it('an unpaid order whose hold ran out is closed already: nothing to cancel', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId, { pay: false });
    expect(await releaseHold(t.db, orderId)).toBe(true);
    const res = await api(t).post(`/orders/${orderId}/cancel`, {}, await orderKeyHeader(t, orderId));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'This order was closed unpaid and its stock released; there is nothing to cancel',
    );
    expect((await stateOf(t, orderId)).cancellation).toBeNull();
    expect(await stockOf(t, productId)).toBe(5);
  });

  it('the order id alone cancels nothing, signed in or not; its key does, and the record names who used it', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    const stranger = await createUser(t.db);
    const strangerToken = await loginAs(t.app, stranger.email, stranger.password);
    const key = await orderKeyHeader(t, orderId);

    // Without the key: refused alike without a session and with someone else's, and nothing moves.
    for (const credentials of [undefined, strangerToken, { 'x-order-key': 'A'.repeat(32) }]) {
      const refused = await api(t).post(`/orders/${orderId}/cancel`, {}, credentials);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(
        'This order opens from the link in its confirmation message, or when you sign in as its buyer',
      );
    }
    expect((await api(t).get(`/orders/status/${orderId}`)).statusCode).toBe(403);
    expect((await api(t).get(`/invoices/${orderId}`)).statusCode).toBe(403);
    expect(await stockOf(t, productId)).toBe(4);
    expect((await stateOf(t, orderId)).paymentState).toBe('PAID');
    expect(await eventsOf(t, 'order.cancelled', orderId)).toBe(0);

    // With the key, from an account that is not the buyer's: allowed, and the record says whose.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: { ...key, authorization: strangerToken },
      payload: { reason: 'Ordered for my mother by mistake' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select({ by: orders.cancelledBy, userId: orders.cancelledByUserId })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ by: 'buyer', userId: stranger.id });
    expect((await settled(t, orderId)).paymentState).toBe('REFUNDED');

    // The seller's and the admin's lists show the order's id and never its key.
    const seen = [
      await api(t).get('/orders/sellerOrders', seller.token),
      await api(t).get('/orders/allOrders', adminToken),
    ];
    for (const list of seen) {
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(orderId);
      expect(list.body).not.toContain(key['x-order-key']);
    }
  });

  it('revoking the links ends the old key: the device that revoked keeps a new one', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId, { pay: false });
    const old = await orderKeyHeader(t, orderId);
    const revoked = await api(t).post(`/orders/${orderId}/revokeLinks`, {}, old);
    expect(revoked.statusCode).toBe(200);
    const cookie = String(revoked.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^order_${orderId}=[A-Za-z0-9_-]{32}; Path=/api; .*HttpOnly; SameSite=Lax`),
    );
    expect((await api(t).get(`/orders/status/${orderId}`, old)).statusCode).toBe(403);
    const fresh = await orderKeyHeader(t, orderId);
    expect(fresh).not.toEqual(old);
    expect(cookie).toContain(fresh['x-order-key']);
    const byCookie = await t.app.inject({
      url: `/api/orders/status/${orderId}`,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(byCookie.statusCode).toBe(200);
  });

  it('an order id that does not exist is not found', async () => {
    expect((await api(t).post('/orders/aaaaaaaaaaaaaaaaaaaaaaaa/cancel', {})).statusCode).toBe(404);
  });
});
