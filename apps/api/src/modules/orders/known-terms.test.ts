import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@app/domain';
import { deliveryTerms, orders, products, sessions, users } from '../../db/schema/index.js';
import { countStatements, untilNoStatements } from '../../test/statement-counter.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { createKnownTerms } from './known-terms.js';
import { makeProduct, makeSeller, orderBody, stockOf } from './orders-test-helpers.js';
import { checkoutCalls, SIMULATOR_SECRET, type Created } from './checkout-test-helpers.js';

// A signed-in buyer's order of a product ordered moments ago goes straight to its write with the
// product's remembered terms (known-terms.ts); the write refuses what changed since, and the order
// is then placed as the product is now. Sessions are remembered here, as in production.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: SIMULATOR_SECRET,
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    SESSION_CACHE_MS: '60000',
    // Longer than any pause of a loaded machine between two orders of a test.
    ORDER_TERMS_CACHE_MS: '60000',
  });
});
afterAll(async () => {
  await t.close();
});

const { post } = checkoutCalls(() => t);
let keys = 0;
const order = (
  productId: string,
  auth: Record<string, string>,
  key = `known-terms-${++keys}`,
  body = orderBody(productId),
) => post('/euOrder/saveOrder2', body, { ...auth, 'idempotency-key': key });

async function signedInBuyer() {
  const buyer = await createUser(t.db, { ownerName: 'Ritu Sharma' });
  return { authorization: await loginAs(t.app, buyer.email, buyer.password) };
}

async function paidOnline(res: Awaited<ReturnType<typeof order>>) {
  expect(res.statusCode, res.body).toBe(201);
  const { _id } = res.json<Created>().data.order;
  return (await t.db.select().from(orders).where(eq(orders.id, _id)))[0]!;
}

describe('an order with the terms of a product ordered moments ago', () => {
  it('reaches the database once: its write', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const auth = await signedInBuyer();
    await paidOnline(await order(productId, auth));
    await untilNoStatements(t.db);
    const counter = countStatements(t.db);
    let res: Awaited<ReturnType<typeof order>> | undefined;
    // The session is remembered from the first order's read, the product's terms too.
    const statements = await counter.during(async () => (res = await order(productId, auth)));
    expect(statements).toBe(1);
    expect((await paidOnline(res!)).amount).toBe(2999);
    expect(await stockOf(t, productId)).toBe(8);
  });

  it('is placed at the price, delivery charge and stock the product has now, whatever was remembered', async () => {
    const seller = await makeSeller(t, 'Farah Khan');
    const productId = await makeProduct(t, seller, 10);
    const auth = await signedInBuyer();
    expect((await paidOnline(await order(productId, auth))).amount).toBe(2999);

    // Changed by another process, so nothing here forgot the product: the write refuses the old
    // price, and the order is read and written again (one statement more than a read and a write).
    await t.db.update(products).set({ retailDsctPrice: 2499 }).where(eq(products.id, productId));
    await untilNoStatements(t.db);
    const counter = countStatements(t.db);
    let res: Awaited<ReturnType<typeof order>> | undefined;
    expect(await counter.during(async () => (res = await order(productId, auth)))).toBe(3);
    const cheaper = await paidOnline(res!);
    expect([cheaper.unitPrice, cheaper.amount]).toEqual([2499, 2499]);

    await t.db
      .insert(deliveryTerms)
      .values({ sellerUserId: seller.id, deliveryCharge: 49 })
      .onConflictDoUpdate({ target: deliveryTerms.sellerUserId, set: { deliveryCharge: 49 } });
    const delivered = await paidOnline(await order(productId, auth));
    expect([delivered.deliveryCharge, delivered.amount]).toEqual([49, 2548]);

    await t.db.update(products).set({ inventoryQuantity: 0 }).where(eq(products.id, productId));
    const soldOut = await order(productId, auth);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json<{ message: string }>().message).toBe(ORDER_MESSAGES.outOfStock);
    expect(await stockOf(t, productId)).toBe(0);

    await t.db
      .update(products)
      .set({ inventoryQuantity: 5, isActive: false })
      .where(eq(products.id, productId));
    const gone = await order(productId, auth);
    expect(gone.statusCode).toBe(404);
    expect(await stockOf(t, productId)).toBe(5);
    const placed = await t.db.select().from(orders).where(eq(orders.productId, productId));
    expect(placed).toHaveLength(3);
  });

  it('still stops at what one buyer may hold unpaid, with its message', async () => {
    const seller = await makeSeller(t, 'Imran Qureshi');
    const productId = await makeProduct(t, seller, 100);
    const auth = await signedInBuyer();
    for (let n = 0; n < 3; n++) await paidOnline(await order(productId, auth));
    const fourth = await order(productId, auth);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ message: string }>().message).toBe(ORDER_MESSAGES.tooManyUnpaid);
    expect(await stockOf(t, productId)).toBe(97);
  });

  it('a retried request answers its first order: one order, one payment session', async () => {
    const seller = await makeSeller(t, 'Sana Iqbal');
    const productId = await makeProduct(t, seller, 10);
    const auth = await signedInBuyer();
    await paidOnline(await order(productId, auth));
    const body = orderBody(productId);
    const first = await order(productId, auth, 'known-terms-retried', body);
    const again = await order(productId, auth, 'known-terms-retried', body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<Created>().data.order._id).toBe(first.json<Created>().data.order._id);
    expect(again.json<Created>().cfOrder!.paymentSessionId).toBe(
      first.json<Created>().cfOrder!.paymentSessionId,
    );
    expect(await t.db.select().from(orders).where(eq(orders.productId, productId))).toHaveLength(2);
    expect(await stockOf(t, productId)).toBe(8);
  });
});

describe('an order for a session this process read earlier but no longer remembers', () => {
  // Any write but an order forgets the remembered sessions (plugins/auth.ts); the auth hook then
  // leaves the session to the order's route, which may presume it as last read, checked by its write.
  const forgetRememberedSessions = async () => {
    await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    await untilNoStatements(t.db);
  };
  async function orderedOnce() {
    const seller = await makeSeller(t, 'Kavya Nair');
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db, { ownerName: 'Arjun Mehta' });
    const auth = { authorization: await loginAs(t.app, buyer.email, buyer.password) };
    await paidOnline(await order(productId, auth));
    await forgetRememberedSessions();
    return { productId, buyer, auth };
  }
  const placing = async (productId: string, auth: Record<string, string>) => {
    let res: Awaited<ReturnType<typeof order>> | undefined;
    const statements = await countStatements(t.db).during(async () => (res = await order(productId, auth)));
    return { statements, placed: await paidOnline(res!) };
  };

  it('reaches the database once: its write, which checks the session', async () => {
    const { productId, buyer, auth } = await orderedOnce();
    const { statements, placed } = await placing(productId, auth);
    expect(statements).toBe(1);
    expect([placed.buyerUserId, placed.placedByUserId]).toEqual([buyer.id, buyer.id]);
  });

  it('a session revoked by another process is not acted on: the order is an anonymous one', async () => {
    const { productId, buyer, auth } = await orderedOnce();
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, buyer.id));
    const { statements, placed } = await placing(productId, auth);
    expect(statements).toBeGreaterThan(1);
    expect(placed.placedByUserId).toBeNull();
    expect(placed.buyerUserId).not.toBe(buyer.id);
  });

  it('an account changed by another process is read again before its order is written', async () => {
    const { productId, buyer, auth } = await orderedOnce();
    await t.db.update(users).set({ ownerName: 'Arjun K. Mehta' }).where(eq(users.id, buyer.id));
    const { statements, placed } = await placing(productId, auth);
    // The write refused the presumed caller; the session is read with the product, and written.
    expect(statements).toBe(3);
    expect([placed.buyerUserId, placed.placedByUserId]).toEqual([buyer.id, buyer.id]);
    expect(await stockOf(t, productId)).toBe(8);
  });
});

describe('the Idempotency-Keys an order was placed with', () => {
  it('a key seen among the latest is known again; the oldest are forgotten, within the bound', () => {
    const known = createKnownTerms({ maxKeys: 4 });
    expect(known.firstUseOf('a')).toBe(true);
    expect(known.firstUseOf('a')).toBe(false);
    for (const key of ['b', 'c']) expect(known.firstUseOf(key)).toBe(true);
    // The newest two at least are held: 'a' and 'b' went to the older half, 'c' is the newest.
    expect([known.firstUseOf('b'), known.firstUseOf('c')]).toEqual([false, false]);
    for (const key of ['d', 'e', 'f']) known.firstUseOf(key);
    expect(known.firstUseOf('a')).toBe(true);
    expect(known.firstUseOf('f')).toBe(false);
  });
});
