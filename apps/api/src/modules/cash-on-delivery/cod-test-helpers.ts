import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { COD_ACCEPT_HOURS } from '@app/domain';
import { domainEvents, orders, stockHolds } from '../../db/schema/index.js';
import { createUser, credentialHeaders, loginAs, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';

// The calls of the cash-on-delivery tests (cod.test.ts, cod-limits.test.ts).

export const COD_TEST_ENV = {
  PAYMENT_SIMULATOR_SECRET: 'cod-secret',
  RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
};

export const HOUR = 3_600_000;
/** The acceptance window of a store that never set one. */
export const WINDOW = COD_ACCEPT_HOURS.default;

export interface Placed {
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

/** The calls, on the app `app()` answers when they are made (a file makes it in beforeAll). */
export function codCalls(app: () => TestApp) {
  let address = 0;
  /** Each test orders from its own client address, so the per-address cap is its own. */
  const nextIp = () => `198.51.100.${(address += 1)}`;

  const post = (
    url: string,
    payload: unknown,
    token?: string | Record<string, string>,
    remoteAddress = '192.0.2.1',
  ) =>
    app().app.inject({
      method: 'POST',
      url: `/api${url}`,
      remoteAddress,
      headers: credentialHeaders(token),
      payload: payload as object,
    });
  const get = (url: string, token?: string | Record<string, string>) =>
    app().app.inject({ method: 'GET', url: `/api${url}`, headers: credentialHeaders(token) });

  /** A seller whose store takes cash on delivery up to ₹5,000 and charges ₹40 delivery. */
  async function codStore(terms: Record<string, unknown> = {}) {
    const seller = await makeSeller(app(), 'Suresh Pillai');
    const saved = await post(
      '/shop/deliveryTerms',
      { deliveryCharge: 40, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: 5000, ...terms },
      seller.token,
    );
    expect(saved.statusCode).toBe(200);
    // Consumer selling price 2999 (orders-test-helpers).
    const productId = await makeProduct(app(), seller, 10);
    return { seller, productId };
  }

  async function buyer() {
    const user = await createUser(app().db, { ownerName: 'Lakshmi Menon' });
    return { ...user, token: await loginAs(app().app, user.email, user.password) };
  }

  /** A buyer one of whose orders was delivered: past the first-order limit of cash on delivery. */
  async function establishedBuyer(productId: string, sellerId: string) {
    const me = await buyer();
    await app()
      .db.insert(orders)
      .values({
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

  return { nextIp, post, get, codStore, buyer, establishedBuyer, placeCod, ...codReads(app) };
}

/** What the cash-on-delivery tests read back: an order's facts, and what a buyer holds unpaid. */
function codReads(app: () => TestApp) {
  const eventsOf = async (orderId: string) =>
    (
      await app()
        .db.select({ type: domainEvents.type, payload: domainEvents.payload })
        .from(domainEvents)
        .where(sql`${domainEvents.payload}->>'orderId' = ${orderId}`)
        .orderBy(domainEvents.createdAt, domainEvents.id)
    ).map((e) => ({ type: e.type, ...(e.payload as Record<string, unknown>) }));

  const heldOrders = async (userId: string) =>
    (
      await app()
        .db.select({ orders: stockHolds.orders })
        .from(stockHolds)
        .where(and(eq(stockHolds.holder, `user:${userId}`), eq(stockHolds.productId, '')))
    )[0]?.orders ?? 0;

  return { eventsOf, heldOrders };
}
