import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COD_MESSAGES } from '@app/domain';
import { orders } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sweepUnacceptedCod } from './sweep-unaccepted-cod.js';
import { orderBody, stockOf } from '../orders/orders-test-helpers.js';
import { codCalls, COD_TEST_ENV, HOUR, type Placed } from './cod-test-helpers.js';

// The seller's limits on cash on delivery (issue 40, decision 065): the acceptance window, the
// items per order and the items of one product such orders may hold while they wait (cod.test.ts
// has the rest of cash on delivery).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(COD_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

const { nextIp, post, get, codStore, buyer, establishedBuyer, placeCod } = codCalls(() => t);

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
