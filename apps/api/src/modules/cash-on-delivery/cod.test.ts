import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COD_MESSAGES, ORDER_MESSAGES } from '@app/domain';
import { orders, users } from '../../db/schema/index.js';
import { createTestApp, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { sweepUnacceptedCod } from './sweep-unaccepted-cod.js';
import { makeSeller, orderBody, stockOf } from '../orders/orders-test-helpers.js';
import { codCalls, COD_TEST_ENV, HOUR, WINDOW, type Placed } from './cod-test-helpers.js';

// Issue 23, cash on delivery (decision 032): a store may take cash at the door up to an amount; a
// signed-in buyer with a proven contact chooses it within the unpaid-holds cap (decision 019); the
// seller accepts within the store's window (24 hours unless set; issue 40) or the order is
// cancelled and its stock returns; delivered is paid.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(COD_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

const { nextIp, post, get, codStore, buyer, establishedBuyer, placeCod, eventsOf, heldOrders } = codCalls(
  () => t,
);

describe('choosing cash on delivery', () => {
  it('is refused when the store has it off, above its upper amount, for a visitor and without a proven contact', async () => {
    const ip = nextIp();
    const off = await codStore({ codEnabled: false });
    const me = await buyer();
    const refusedOff = await placeCod(off.productId, me.token, ip);
    expect(refusedOff.statusCode).toBe(409);
    expect(refusedOff.json()).toMatchObject({ errors: { paymentMethod: COD_MESSAGES.notOffered } });

    // ₹2,999 × 2 + ₹40 is above the store's ₹5,000.
    const { productId } = await codStore();
    const above = await placeCod(productId, me.token, ip, { quantity: 2 });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({
      errors: { paymentMethod: 'Cash on delivery is for orders up to ₹5,000 at this store' },
    });

    const visitor = await placeCod(productId, undefined, ip);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toMatchObject({ errors: { paymentMethod: COD_MESSAGES.signIn } });

    const unproven = await buyer();
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, unproven.id));
    const refusedUnproven = await placeCod(productId, unproven.token, ip);
    expect(refusedUnproven.statusCode).toBe(403);
    expect(refusedUnproven.json()).toMatchObject({ errors: { paymentMethod: COD_MESSAGES.unproven } });

    // A business order is paid online.
    const business = await post(
      '/orders/saveOrder2',
      orderBody(productId, { quantity: 5, paymentMethod: 'COD' }),
      (await makeSeller(t, 'Wholesale Buyer')).token,
      ip,
    );
    expect(business.statusCode).toBe(400);
    expect(business.json()).toMatchObject({ errors: { paymentMethod: COD_MESSAGES.onlyConsumer } });

    // Nothing was taken by any refused order.
    expect(await stockOf(t, productId)).toBe(10);
    expect(await stockOf(t, off.productId)).toBe(10);
  });

  it('counts against the cap on unpaid holds: a fourth unpaid order is refused', async () => {
    const ip = nextIp();
    const { seller, productId } = await codStore();
    const me = await establishedBuyer(productId, seller.id);
    for (let i = 0; i < 3; i++) expect((await placeCod(productId, me.token, ip)).statusCode).toBe(201);
    const fourth = await placeCod(productId, me.token, ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: ORDER_MESSAGES.tooManyUnpaid });
    // An online order is refused the same way: the cash orders hold the buyer's places.
    expect((await post('/euOrder/saveOrder2', orderBody(productId), me.token, ip)).statusCode).toBe(429);
    expect(await stockOf(t, productId)).toBe(7);
  });
});

describe('a new buyer’s cash on delivery (issue 40)', () => {
  it('is one order of one item until an order of theirs is delivered, so new accounts cannot hold the stock', async () => {
    const ip = nextIp();
    const { seller, productId } = await codStore({ codMaxAmount: null });
    const me = await buyer();
    const two = await placeCod(productId, me.token, ip, { quantity: 2 });
    expect(two.statusCode).toBe(409);
    expect(two.json()).toMatchObject({ errors: { paymentMethod: COD_MESSAGES.firstOrderOneItem } });
    const one = await placeCod(productId, me.token, ip);
    expect(one.statusCode).toBe(201);
    const first = one.json<Placed>().data.order;
    // While it is open, no second one, even of one item; paying online stays open to them.
    expect((await placeCod(productId, me.token, ip)).statusCode).toBe(409);
    expect((await post('/euOrder/saveOrder2', orderBody(productId), me.token, ip)).statusCode).toBe(201);
    expect(await stockOf(t, productId)).toBe(8);

    // Once it is delivered (and paid at the door), they order in cash as anyone does.
    expect((await post('/orders/cod/accept', { orderId: first._id }, seller.token)).statusCode).toBe(200);
    for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
      const moved = await post('/orders/updateFulfilment', { orderId: first._id, fulfilment }, seller.token);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await placeCod(productId, me.token, ip, { quantity: 2 })).statusCode).toBe(201);
  });
});

describe('a cash-on-delivery order', () => {
  it('is placed without the payment page, accepted, dispatched, then delivered and paid', async () => {
    const ip = nextIp();
    const { seller, productId } = await codStore();
    const me = await buyer();
    const res = await placeCod(productId, me.token, ip);
    expect(res.statusCode).toBe(201);
    const placed = res.json<Placed>();
    expect(placed.cfOrder).toBeUndefined();
    const order = placed.data.order;
    expect(order).toMatchObject({
      paymentState: 'COD_PENDING',
      paymentMethod: 'COD',
      amount: 3039,
      deliveryCharge: 40,
      fulfilment: 'NEW',
    });
    const deadline = new Date(order.codAcceptBy!).getTime() - Date.now();
    expect(deadline).toBeGreaterThan(WINDOW * HOUR - 60_000);
    expect(deadline).toBeLessThanOrEqual(WINDOW * HOUR);
    expect(await stockOf(t, productId)).toBe(9);
    expect(await heldOrders(me.id)).toBe(1);
    // There is nothing to pay online.
    expect(
      (await post(`/orders/retryPayment/${order._id}`, {}, await orderKeyHeader(t, order._id))).statusCode,
    ).toBe(409);

    // Only its seller (or the admin) accepts it, and it goes out only once accepted.
    const other = await makeSeller(t, 'Other Seller');
    expect((await post('/orders/cod/accept', { orderId: order._id }, other.token)).statusCode).toBe(403);
    const early = await post(
      '/orders/updateFulfilment',
      { orderId: order._id, fulfilment: 'DISPATCHED' },
      seller.token,
    );
    expect(early.statusCode).toBe(409);

    const accepted = await post('/orders/cod/accept', { orderId: order._id }, seller.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ data: { paymentState: 'COD_ACCEPTED', codAcceptBy: null } });
    expect((await post('/orders/cod/accept', { orderId: order._id }, seller.token)).statusCode).toBe(409);
    // The seller carries it now: it no longer holds one of the buyer's unpaid places.
    expect(await heldOrders(me.id)).toBe(0);

    const notYet = await post('/orders/cod/paidOnDelivery', { orderId: order._id }, seller.token);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ message: COD_MESSAGES.notDispatched });
    const dispatched = await post(
      '/orders/updateFulfilment',
      { orderId: order._id, fulfilment: 'DISPATCHED' },
      seller.token,
    );
    expect(dispatched.statusCode).toBe(200);
    expect(dispatched.json()).toMatchObject({
      data: { paymentState: 'COD_ACCEPTED', fulfilment: 'DISPATCHED' },
    });

    const paid = await post('/orders/cod/paidOnDelivery', { orderId: order._id }, seller.token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      data: { paymentState: 'PAID', fulfilment: 'DELIVERED', paymentMethod: 'COD', amount: 3039 },
    });
    expect((await post('/orders/cod/paidOnDelivery', { orderId: order._id }, seller.token)).statusCode).toBe(
      409,
    );
    expect(await stockOf(t, productId)).toBe(9);

    // The buyer's order page and list say so; the seller's list shows the method.
    const status = await get(`/orders/status/${order._id}`, await orderKeyHeader(t, order._id));
    expect(status.json()).toMatchObject({
      data: { paymentState: 'PAID', paymentMethod: 'COD', fulfilment: 'DELIVERED' },
    });
    const mine = await get('/orders/myOrders', me.token);
    expect(mine.json<{ data: { _id: string; paymentMethod: string }[] }>().data).toContainEqual(
      expect.objectContaining({ _id: order._id, paymentMethod: 'COD' }),
    );
    const sellers = await get('/orders/sellerOrders', seller.token);
    expect(sellers.json<{ data: { _id: string; paymentMethod: string }[] }>().data).toContainEqual(
      expect.objectContaining({ _id: order._id, paymentMethod: 'COD' }),
    );

    // The facts, in order, each with the method and the amount in paise (ledgers and invoices react).
    const events = await eventsOf(order._id);
    const types = events.map((e) => e.type);
    // Placed (in the transaction that took the stock, with the seller's deadline), then accepted.
    expect(types.slice(0, 3)).toEqual(['order.placed', 'order.accepted', 'order.dispatched']);
    expect(events[0]).toMatchObject({ codAcceptBy: order.codAcceptBy, awaitingPayment: false });
    // Delivered and paid are one transaction (recorded in that order, stamped with one time).
    expect(types.slice(3).sort()).toEqual(['order.delivered', 'order.paid']);
    for (const e of events)
      expect(e).toMatchObject({ paymentMethod: 'COD', amountPaise: 303_900, sellerUserId: seller.id });
  });

  it('cancelled by its seller before accepting gives the buyer back their unpaid place and the stock', async () => {
    const ip = nextIp();
    const { seller, productId } = await codStore();
    const me = await buyer();
    const placed = (await placeCod(productId, me.token, ip)).json<Placed>().data.order;
    expect(await heldOrders(me.id)).toBe(1);
    const cancelled = await post(
      `/orders/${placed._id}/staffCancel`,
      { reason: 'Out of this size' },
      seller.token,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(await heldOrders(me.id)).toBe(0);
    expect(await stockOf(t, productId)).toBe(10);
    expect((await post('/orders/cod/accept', { orderId: placed._id }, seller.token)).statusCode).toBe(409);
  });

  it('not accepted within 24 hours (the default window) is cancelled by the sweep, and its stock comes back', async () => {
    const ip = nextIp();
    const { seller, productId } = await codStore();
    const me = await buyer();
    const placed = (await placeCod(productId, me.token, ip, { quantity: 1 })).json<Placed>().data.order;
    expect(await stockOf(t, productId)).toBe(9);
    const placedAt = new Date(placed.codAcceptBy!).getTime() - WINDOW * HOUR;
    const sweepAt = (ms: number) => sweepUnacceptedCod({ db: t.db, log: t.app.log, now: () => ms });

    // Before the deadline the sweep leaves it alone.
    expect(await sweepAt(placedAt + (WINDOW - 1) * HOUR)).toBe(0);
    expect(await stockOf(t, productId)).toBe(9);

    expect(await sweepAt(placedAt + WINDOW * HOUR + 60_000)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select({ state: orders.paymentState, stockHeld: orders.stockHeld, by: orders.cancelledBy })
      .from(orders)
      .where(eq(orders.id, placed._id));
    expect(row).toEqual({ state: 'CANCELLED', stockHeld: false, by: 'system' });
    expect(await stockOf(t, productId)).toBe(10);
    expect(await heldOrders(me.id)).toBe(0);
    const events = await eventsOf(placed._id);
    expect(events).toEqual([
      expect.objectContaining({ type: 'order.placed', paymentMethod: 'COD' }),
      expect.objectContaining({
        type: 'order.cancelled',
        cancelledBy: 'system',
        reason: 'The seller did not accept it within 24 hours',
        paymentMethod: 'COD',
      }),
    ]);

    // Too late for the seller now; a second sweep changes nothing.
    const late = await post('/orders/cod/accept', { orderId: placed._id }, seller.token);
    expect(late.statusCode).toBe(409);
    expect(await sweepAt(placedAt + WINDOW * HOUR + 120_000)).toBe(0);
    expect(await stockOf(t, productId)).toBe(10);
  });
});
