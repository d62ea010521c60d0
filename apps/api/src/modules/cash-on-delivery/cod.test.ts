import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { COD_ACCEPT_HOURS, COD_MESSAGES, ORDER_MESSAGES } from '@app/domain';
import { domainEvents, orders, stockHolds, users } from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  credentialHeaders,
  loginAs,
  orderKeyHeader,
  type TestApp,
} from '../../test/test-app.js';
import { sweepUnacceptedCod } from './sweep-unaccepted-cod.js';
import { makeProduct, makeSeller, orderBody, stockOf } from '../orders/orders-test-helpers.js';

// Issue 23, cash on delivery (decision 032): a store may take cash at the door up to an amount; a
// signed-in buyer with a proven contact chooses it within the unpaid-holds cap (decision 019); the
// seller accepts within the store's window (24 hours unless set; issue 40) or the order is
// cancelled and its stock returns; delivered is paid.

const HOUR = 3_600_000;
/** The acceptance window of a store that never set one. */
const WINDOW = COD_ACCEPT_HOURS.default;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: 'cod-secret', RATE_LIMIT_ORDERS_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
/** Each test orders from its own client address, so the per-address cap is its own. */
const nextIp = () => `198.51.100.${(address += 1)}`;

const post = (
  url: string,
  payload: unknown,
  token?: string | Record<string, string>,
  remoteAddress = '192.0.2.1',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress,
    headers: credentialHeaders(token),
    payload: payload as object,
  });
const get = (url: string, token?: string | Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: credentialHeaders(token) });

interface Placed {
  data: {
    order: {
      _id: string;
      amount: number;
      paymentState: string;
      paymentMethod: string;
      deliveryCharge: number;
      codAcceptBy: string | null;
      fulfilment: string;
    };
  };
  cfOrder?: unknown;
}

/** A seller whose store takes cash on delivery up to ₹5,000 and charges ₹40 delivery. */
async function codStore(terms: Record<string, unknown> = {}) {
  const seller = await makeSeller(t, 'Suresh Pillai');
  const saved = await post(
    '/shop/deliveryTerms',
    { deliveryCharge: 40, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: 5000, ...terms },
    seller.token,
  );
  expect(saved.statusCode).toBe(200);
  // Consumer selling price 2999 (orders-test-helpers).
  const productId = await makeProduct(t, seller, 10);
  return { seller, productId };
}

async function buyer() {
  const user = await createUser(t.db, { ownerName: 'Lakshmi Menon' });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

/** A buyer one of whose orders was delivered: past the first-order limit of cash on delivery. */
async function establishedBuyer(productId: string, sellerId: string) {
  const me = await buyer();
  await t.db.insert(orders).values({
    buyerUserId: me.id,
    sellerUserId: sellerId,
    productId,
    source: 'euOrder/saveOrder2',
    channel: 'b2c',
    quantity: 1,
    unitPrice: 2999,
    amount: 2999,
    address: orderBody(productId).address,
    paymentState: 'PAID',
    fulfilment: 'DELIVERED',
    paidAt: new Date(),
    holdExpiresAt: null,
  });
  return me;
}

const placeCod = (productId: string, token: string | undefined, ip: string, overrides = {}) =>
  post('/euOrder/saveOrder2', orderBody(productId, { paymentMethod: 'COD', ...overrides }), token, ip);

const eventsOf = async (orderId: string) =>
  (
    await t.db
      .select({ type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(sql`${domainEvents.payload}->>'orderId' = ${orderId}`)
      .orderBy(domainEvents.createdAt, domainEvents.id)
  ).map((e) => ({ type: e.type, ...(e.payload as Record<string, unknown>) }));

const heldOrders = async (userId: string) =>
  (
    await t.db
      .select({ orders: stockHolds.orders })
      .from(stockHolds)
      .where(and(eq(stockHolds.holder, `user:${userId}`), eq(stockHolds.productId, '')))
  )[0]?.orders ?? 0;

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

describe("the seller's limits on cash on delivery (issue 40)", () => {
  it('names the store its window, in the deadline, the refusal and the sweep', async () => {
    const ip = nextIp();
    const { seller, productId } = await codStore({ codAcceptHours: 6 });
    const terms = await get('/shop/deliveryTerms', seller.token);
    expect(terms.json()).toMatchObject({
      data: { codAcceptHours: 6, codMaxUnitsPerOrder: 5, codMaxWaitingUnits: 10 },
    });
    const me = await buyer();
    const placed = (await placeCod(productId, me.token, ip)).json<Placed>().data.order;
    const deadline = new Date(placed.codAcceptBy!).getTime() - Date.now();
    expect(deadline).toBeGreaterThan(6 * HOUR - 60_000);
    expect(deadline).toBeLessThanOrEqual(6 * HOUR);

    // Seven hours on, the seller is told the store's window, and the sweep names it to the buyer.
    await t.db
      .update(orders)
      .set({
        createdAt: sql`${orders.createdAt} - interval '7 hours'`,
        holdExpiresAt: sql`${orders.holdExpiresAt} - interval '7 hours'`,
      })
      .where(eq(orders.id, placed._id));
    const late = await post('/orders/cod/accept', { orderId: placed._id }, seller.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: 'This order was not accepted within 6 hours and was cancelled',
    });
    expect(
      await sweepUnacceptedCod({ db: t.db, log: t.app.log, now: () => Date.now() }),
    ).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select({ reason: orders.cancelReason })
      .from(orders)
      .where(eq(orders.id, placed._id));
    expect(row?.reason).toBe('The seller did not accept it within 6 hours');
  });

  it('keeps a limit the seller set when an older client saves the terms without it', async () => {
    const { seller } = await codStore({ codAcceptHours: 12, codMaxUnitsPerOrder: 2 });
    const saved = await post(
      '/shop/deliveryTerms',
      { deliveryCharge: 0, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: null },
      seller.token,
    );
    expect(saved.json()).toMatchObject({
      data: { codAcceptHours: 12, codMaxUnitsPerOrder: 2, codMaxWaitingUnits: 10 },
    });
    const bad = await post(
      '/shop/deliveryTerms',
      {
        deliveryCharge: 0,
        freeDeliveryFrom: null,
        codEnabled: true,
        codMaxAmount: null,
        codAcceptHours: 100,
      },
      seller.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { codAcceptHours: 'Hours to accept a cash-on-delivery order must be at most 72' },
    });
  });

  it("refuses more items per order than the store's limit", async () => {
    const { seller, productId } = await codStore({ codMaxAmount: null, codMaxUnitsPerOrder: 2 });
    const me = await establishedBuyer(productId, seller.id);
    const three = await placeCod(productId, me.token, nextIp(), { quantity: 3 });
    expect(three.statusCode).toBe(409);
    expect(three.json()).toMatchObject({
      errors: {
        paymentMethod:
          'Cash on delivery is for up to 2 items per order at this store. Order fewer, or pay online',
      },
    });
    expect((await placeCod(productId, me.token, nextIp(), { quantity: 2 })).statusCode).toBe(201);
  });

  it('lets buyers together hold no more of a product unpaid in cash than the seller allows, until the seller accepts', async () => {
    const { seller, productId } = await codStore({ codMaxAmount: null, codMaxWaitingUnits: 3 });
    const first = await establishedBuyer(productId, seller.id);
    const second = await establishedBuyer(productId, seller.id);
    const third = await establishedBuyer(productId, seller.id);
    const a = await placeCod(productId, first.token, nextIp(), { quantity: 2 });
    expect(a.statusCode).toBe(201);
    const b = await placeCod(productId, second.token, nextIp(), { quantity: 1 });
    expect(b.statusCode).toBe(201);
    // The product's three waiting units are taken: another account, from another address, is refused.
    const refused = await placeCod(productId, third.token, nextIp(), { quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: { paymentMethod: COD_MESSAGES.waitingUnits } });
    expect(await stockOf(t, productId)).toBe(7);
    // Paying online is open to them, and another product of the store is not held up.
    expect((await post('/euOrder/saveOrder2', orderBody(productId), third.token, nextIp())).statusCode).toBe(
      201,
    );

    // Once the seller accepts an order, its units no longer wait: the next buyer may pay in cash.
    const accepted = await post(
      '/orders/cod/accept',
      { orderId: a.json<Placed>().data.order._id },
      seller.token,
    );
    expect(accepted.statusCode).toBe(200);
    expect((await placeCod(productId, third.token, nextIp(), { quantity: 1 })).statusCode).toBe(201);
    // A waiting order cancelled by its seller gives its units back too.
    const cancelled = await post(
      `/orders/${b.json<Placed>().data.order._id}/staffCancel`,
      { reason: 'Out of this size' },
      seller.token,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await placeCod(productId, second.token, nextIp(), { quantity: 2 })).statusCode).toBe(201);
    expect((await placeCod(productId, first.token, nextIp(), { quantity: 1 })).statusCode).toBe(409);
  });

  it('holds the limit when ten buyers ask for the last waiting units at once', async () => {
    const { seller, productId } = await codStore({ codMaxAmount: null, codMaxWaitingUnits: 4 });
    const buyers = await Promise.all(
      Array.from({ length: 10 }, () => establishedBuyer(productId, seller.id)),
    );
    const answers = await Promise.all(buyers.map((b) => placeCod(productId, b.token, nextIp())));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(await stockOf(t, productId)).toBe(6);
  });
});
