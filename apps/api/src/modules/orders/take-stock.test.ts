import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../db/schema/index.js';
import { countStatements, untilNoStatements } from '../../test/statement-counter.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import * as repo from './take-stock.repository.js';
import { findPricedProduct } from './order-context.repository.js';
import { makeProduct, makeSeller, orderBody, orderValues as values, stockOf } from './orders-test-helpers.js';
import { checkoutCalls, CHECKOUT_TEST_ENV, type Created } from './checkout-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(CHECKOUT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

const { post, choose } = checkoutCalls(() => t);

describe('idempotency and concurrency', () => {
  it('a double click with one Idempotency-Key makes one order', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const body = orderBody(productId, { quantity: 2 });
    const headers = { 'idempotency-key': 'click-0123456789' };
    const [a, b] = await Promise.all([
      post('/euOrder/saveOrder2', body, headers),
      post('/euOrder/saveOrder2', body, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<Created>().data.order._id).toBe(b.json<Created>().data.order._id);
    expect(a.json<Created>().cfOrder!.paymentSessionId).toBe(b.json<Created>().cfOrder!.paymentSessionId);
    // Only the answer that made the order gives the placing device the order's key (decision 063).
    const made = a.statusCode === 201 ? a : b;
    const replayed = a.statusCode === 201 ? b : a;
    const orderCookies = (res: typeof made) =>
      [res.headers['set-cookie'] ?? []].flat().filter((c) => String(c).startsWith('order_'));
    expect(orderCookies(made)).toHaveLength(1);
    expect(orderCookies(made)[0]).toMatch(/^order_\w+=[\w-]{32}; Path=\/api;.*HttpOnly/);
    expect(orderCookies(replayed)).toEqual([]);
    expect(await stockOf(t, productId)).toBe(8);
    const other = await post('/euOrder/saveOrder2', { ...body, quantity: 3 }, headers);
    expect(other.statusCode).toBe(409);
  });

  it('200 concurrent orders on a stock of 50: exactly 50 orders, all paid, stock 0, never negative', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 50);
    const buyer = await createUser(t.db);
    const token = await loginAs(t.app, buyer.email, buyer.password);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        post('/euOrder/saveOrder2', orderBody(productId), { authorization: token }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(150);
    expect(await stockOf(t, productId)).toBe(0);
    for (const r of created) await choose(r.json<Created>().cfOrder!.paymentSessionId, 'pay');
    const rows = await t.db
      .select({ state: orders.paymentState })
      .from(orders)
      .where(eq(orders.productId, productId));
    expect(rows.filter((r) => r.state === 'PAID')).toHaveLength(50);
    expect(rows).toHaveLength(50);
    expect(await stockOf(t, productId)).toBe(0);
  });
});

describe('taking stock', () => {
  it('takes the stock and writes the order in one statement, and only from a product still priced as read', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    const counter = countStatements(t.db);
    const statements = await counter.during(() =>
      repo.insertOrderTakingStock(t.db, read, 2, values(buyer.id)),
    );
    // One statement, no BEGIN/COMMIT around it: the row lock lasts no longer than the statement.
    expect(statements).toBe(1);
    expect(await stockOf(t, productId)).toBe(8);

    // The seller changed the price after the buyer's page read it: nothing is taken or written.
    const stale = { ...read, retailDsctPrice: read.retailDsctPrice + 1 };
    await expect(repo.insertOrderTakingStock(t.db, stale, 2, values(buyer.id))).rejects.toBeInstanceOf(
      repo.StockRefused,
    );
    // The store's delivery charge changed since (it is part of the total): refused too.
    const otherCharge = { ...read, deliveryCharge: 49 };
    await expect(repo.insertOrderTakingStock(t.db, otherCharge, 2, values(buyer.id))).rejects.toBeInstanceOf(
      repo.StockRefused,
    );
    // More than is left: refused, and the stock is not touched.
    await expect(repo.insertOrderTakingStock(t.db, read, 9, values(buyer.id))).rejects.toBeInstanceOf(
      repo.StockRefused,
    );
    expect(await stockOf(t, productId)).toBe(8);
    const written = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.productId, productId));
    expect(written).toHaveLength(1);
  });

  it('an order of a signed-in returning buyer reaches the database twice: one read of its session and everything else it needs, one write', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    // Signed in: an anonymous order with a known account's contact waits for a code sent to that
    // account (issue 20), which costs its own statements (contributions.test.ts).
    const buyer = await createUser(t.db, { ownerName: 'Returning Buyer' });
    const auth = { authorization: await loginAs(t.app, buyer.email, buyer.password) };
    const body = orderBody(productId);
    expect(
      (await post('/euOrder/saveOrder2', body, { ...auth, 'idempotency-key': 'first-order-1' })).statusCode,
    ).toBe(201);
    // Whatever the first order set off after answering has reached the database before counting (on
    // a loaded machine it ran into the second order's count).
    await untilNoStatements(t.db);
    const counter = countStatements(t.db);
    const again = await counter.during(async () => {
      const res = await post('/euOrder/saveOrder2', body, { ...auth, 'idempotency-key': 'second-order-2' });
      expect(res.statusCode).toBe(201);
      expect(res.json<Created>().data.order.quantity).toBe(1);
    });
    // The session with the product, idempotency key and referrer in one read (the auth hook leaves
    // a session it does not remember to it); stock and order in one write.
    expect(again).toBe(2);
    expect(await stockOf(t, productId)).toBe(8);
  });

  it('a session read with the order is checked as the auth hook checks it: a one-time password must be changed first, a logged-out token orders as a guest, and errors speak the account’s language', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const body = orderBody(productId);

    // A one-time password's session may only change it: 403, and nothing is taken.
    const onetime = await createUser(t.db, { mustChangePassword: true });
    const onetimeAuth = { authorization: await loginAs(t.app, onetime.email, onetime.password) };
    const refused = await post('/euOrder/saveOrder2', body, onetimeAuth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(await stockOf(t, productId)).toBe(10);

    // A Hindi reader's refused order is answered in Hindi though the client asked for no language.
    const reader = await createUser(t.db, { ownerName: 'Meena Joshi' });
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, reader.id));
    const readerAuth = { authorization: await loginAs(t.app, reader.email, reader.password) };
    const english = await post('/euOrder/saveOrder2', { ...body, quantity: 0 });
    const hindi = await post('/euOrder/saveOrder2', { ...body, quantity: 0 }, readerAuth);
    expect(english.statusCode).toBe(400);
    expect(hindi.statusCode).toBe(400);
    expect(hindi.headers['content-language']).toBe('hi');
    expect(hindi.json<{ message: string }>().message).not.toBe(english.json<{ message: string }>().message);

    // Signed in, the order is the account's; logged out, the same token is nobody's.
    const placed = await post('/euOrder/saveOrder2', body, readerAuth);
    expect(placed.statusCode).toBe(201);
    const buyerOf = async (res: typeof placed) =>
      (
        await t.db
          .select({ buyer: orders.buyerUserId })
          .from(orders)
          .where(eq(orders.id, res.json<Created>().data.order._id))
      )[0]?.buyer;
    expect(await buyerOf(placed)).toBe(reader.id);
    expect((await post('/users/logout', {}, readerAuth)).statusCode).toBe(200);
    const after = await post('/euOrder/saveOrder2', body, readerAuth);
    expect(after.statusCode).toBe(201);
    expect(await buyerOf(after)).not.toBe(reader.id);
  });

  it('answers the order row as a select reads it back, with and without a hold', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    const hold = {
      expiresAt: new Date(Date.now() + 15 * 60_000),
      placedBy: { clientIp: '203.0.113.9', deviceId: 'device-take-stock-1', userId: buyer.id },
      limits: { orders: 3, unitsPerProduct: 10 },
      addressLimits: { orders: 60, unitsPerProduct: 200 },
      capUnits: true,
    };
    const referred = {
      ...values(buyer.id, 'take-stock-row-1'),
      referrerUserId: seller.id,
      referralVia: 'link' as const,
    };
    for (const [written, held] of [
      [values(buyer.id), undefined],
      [referred, hold],
    ] as const) {
      const answered = await repo.insertOrderTakingStock(t.db, read, 1, written, held);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, answered.id));
      expect(answered).toEqual(stored);
    }
  });

  it("keeps its seller without a key of its own: the product's owner, who cannot be deleted while the order stands", async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    const order = await repo.insertOrderTakingStock(t.db, read, 1, values(buyer.id));
    expect(order.sellerUserId).toBe(seller.id);
    // The account's products go with it, and the order keeps its product (migration 0065).
    await expect(t.pool.query('delete from users where id = $1', [seller.id])).rejects.toMatchObject({
      constraint: 'orders_product_id_products_id_fk',
    });
    expect((await t.pool.query('select 1 from users where id = $1', [seller.id])).rowCount).toBe(1);
  });

  it('a repeated idempotency key undoes the whole statement: the stock is taken once', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db);
    const read = (await findPricedProduct(t.db, productId))!;
    await repo.insertOrderTakingStock(t.db, read, 2, values(buyer.id, 'take-stock-key-1'));
    await expect(
      repo.insertOrderTakingStock(t.db, read, 2, values(buyer.id, 'take-stock-key-1')),
    ).rejects.toBeInstanceOf(repo.DuplicateIdempotencyKey);
    expect(await stockOf(t, productId)).toBe(8);
  });
});
