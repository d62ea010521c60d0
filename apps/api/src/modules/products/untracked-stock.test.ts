import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, PAYMENT_WINDOW_MINUTES } from '@app/domain';
import { migrationsFolder } from '../../db/client.js';
import { orders, products, stockHolds } from '../../db/schema/index.js';
import type { PaymentSimulator } from '../../providers/payments/simulator.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { clockedOrders, makeProduct, makeSeller, orderBody, stockOf } from '../orders/orders-test-helpers.js';
import { reconcileOverdue } from '../payments/reconcile-overdue.js';

// Issue 21: products created with the spec's payload, which has no stock field, got stock 0 and
// could never be bought. No stock given now means stock is not tracked (decision 022).

const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'untracked-secret',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  });
});
afterAll(async () => {
  await t.close();
});

/** Exactly the fields of the spec's "Product draft (form)" (section 3): no stock among them. */
const specPayload = (model: string) => ({
  images: [{ url: '/media/kurta.webp', name: 'kurta.webp', type: 'IMAGE' }],
  videos: [],
  colour: 'Maroon',
  productName: '',
  brand: 'Kalaa Weaves',
  model,
  moq: '1',
  ogPrice: '900',
  dsctPrice: '800',
  retailPrice: '1999',
  dsctRetailPrice: '1499',
  sku: 'KW-KUR-01',
  skuId: '',
  dispatchTime: '1-2 Days',
  category: { parentCategoryName: 'Clothing', childCategoryName: 'Kurtas' },
  gender: 'Women',
  ownership: 'Brand',
  channel: 'Omni',
  size: 'M',
  tags: 'cotton, festive',
  delivery: 'Free',
  samples: 'no',
  sampleQty: '',
  samplePrice: '',
  creditBooster: '',
  minCreditInstallment: '0',
  memberDsct: '',
  autorenewal: 'no',
  desc: 'Hand-block printed cotton kurta.',
  sizeTags: '',
});

const post = (url: string, payload: unknown, token?: string, remoteAddress = '192.0.2.50') =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as object,
    remoteAddress,
    headers: token ? { authorization: token } : {},
  });

async function createProduct(token: string, payload: object) {
  const res = await post('/products/createNewProduct', payload, token);
  expect(res.statusCode).toBe(201);
  return res.json<{ Data: { _id: string; track_inventory: boolean; inventory_quantity: number } }>().Data;
}

const orderRow = async (id: string) =>
  (
    await t.db
      .select({ state: orders.paymentState, stockHeld: orders.stockHeld, stockCounted: orders.stockCounted })
      .from(orders)
      .where(eq(orders.id, id))
  )[0]!;
const productRow = async (id: string) =>
  (
    await t.db
      .select({ track: products.trackInventory, stock: products.inventoryQuantity })
      .from(products)
      .where(eq(products.id, id))
  )[0]!;

/**
 * The order path on its own clock, so a hold can be let run out; the simulator keeps real time,
 * as a provider that still honours a payment started before the close.
 */
function clockedService(wrap?: (s: PaymentSimulator) => PaymentSimulator) {
  const { path, place, choose, clock } = clockedOrders(t, wrap);
  const pay = (sessionId: string) => choose(sessionId, 'pay');
  const endHolds = async () => {
    clock.ours += (PAYMENT_WINDOW_MINUTES + 1) * MINUTE;
    await reconcileOverdue(path.payments, 10_000);
  };
  return { place, pay, endHolds };
}

describe('a product created without a stock count', () => {
  it("made with exactly the spec's payload, it is untracked and can be ordered and paid, again and again", async () => {
    const seller = await makeSeller(t, 'Kavita Rao');
    const product = await createProduct(seller.token, specPayload('Anarkali 1'));
    expect(product).toMatchObject({ track_inventory: false, inventory_quantity: 0 });

    const first = await post('/euOrder/saveOrder2', orderBody(product._id, { quantity: 2 }));
    expect(first.statusCode).toBe(201);
    const session = first.json<{ cfOrder: { paymentSessionId: string } }>().cfOrder.paymentSessionId;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/simulator/${session}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
    const orderId = first.json<{ data: { order: { _id: string } } }>().data.order._id;
    expect(await orderRow(orderId)).toMatchObject({ state: 'PAID', stockCounted: false });

    // Never "Not enough stock", and the count is not touched.
    for (const ip of ['192.0.2.51', '192.0.2.52']) {
      const again = await post(
        '/euOrder/saveOrder2',
        orderBody(product._id, { quantity: 10 }),
        undefined,
        ip,
      );
      expect(again.statusCode).toBe(201);
    }
    expect(await productRow(product._id)).toEqual({ track: false, stock: 0 });
  });

  it('a blank stock is "not given"; a count given, even 0, is tracked', async () => {
    const seller = await makeSeller(t, 'Farhan Qureshi');
    expect(await createProduct(seller.token, { ...specPayload('Anarkali 2'), stock: '' })).toMatchObject({
      track_inventory: false,
    });
    const counted = await createProduct(seller.token, { ...specPayload('Anarkali 3'), stock: '0' });
    expect(counted).toMatchObject({ track_inventory: true, inventory_quantity: 0 });
    const refused = await post('/euOrder/saveOrder2', orderBody(counted._id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.quantity).toBe(ORDER_MESSAGES.outOfStock);

    const noCount = await post(
      '/products/createNewProduct',
      { ...specPayload('Anarkali 4'), trackInventory: true },
      seller.token,
    );
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json().errors.stock).toBe('Enter how many are in stock, or turn stock tracking off');
  });
});

describe('the seller turns tracking on with a count, and off', () => {
  it('on: orders take from the count and stop at 0; off: always orderable, no count kept', async () => {
    const seller = await makeSeller(t, 'Meenakshi Pillai');
    const product = await createProduct(seller.token, specPayload('Kanjivaram 1'));

    const noCount = await post(
      '/products/updateProduct',
      { _id: product._id, trackInventory: true },
      seller.token,
    );
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json().errors.stock).toContain('Enter how many are in stock');

    const on = await post(
      '/products/updateProduct',
      { _id: product._id, trackInventory: true, stock: '2' },
      seller.token,
    );
    expect(on.statusCode).toBe(200);
    expect(on.json().Data).toMatchObject({ track_inventory: true, inventory_quantity: 2 });
    expect((await post('/euOrder/saveOrder2', orderBody(product._id, { quantity: 2 }))).statusCode).toBe(201);
    expect(
      (await post('/euOrder/saveOrder2', orderBody(product._id), undefined, '192.0.2.60')).statusCode,
    ).toBe(409);

    // With tracking on, 0 is a count the seller can set (the spec's "zero keeps" applies to a count alone).
    const zero = await post(
      '/products/updateProduct',
      { _id: product._id, trackInventory: 'true', stock: '0' },
      seller.token,
    );
    expect(zero.json().Data).toMatchObject({ track_inventory: true, inventory_quantity: 0 });

    const off = await post(
      '/products/updateProduct',
      { _id: product._id, trackInventory: false },
      seller.token,
    );
    expect(off.json().Data).toMatchObject({ track_inventory: false, inventory_quantity: 0 });
    expect(
      (await post('/euOrder/saveOrder2', orderBody(product._id), undefined, '192.0.2.61')).statusCode,
    ).toBe(201);

    // A spec client sending a count alone wants it counted.
    const alone = await post('/products/updateProduct', { _id: product._id, stock: '7' }, seller.token);
    expect(alone.json().Data).toMatchObject({ track_inventory: true, inventory_quantity: 7 });
  });
});

describe('tracked stock still never oversells', () => {
  it('20 orders at once on a tracked stock of 3: exactly 3 succeed, the rest read "Not enough stock"', async () => {
    const seller = await makeSeller(t, 'Rohit Bansal');
    const product = await createProduct(seller.token, { ...specPayload('Bandhgala 1'), stock: '3' });
    expect(product.track_inventory).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/euOrder/saveOrder2', orderBody(product._id), undefined, `198.51.100.${100 + i}`),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.json().errors.quantity).toBe(ORDER_MESSAGES.outOfStock);
    expect(await stockOf(t, product._id)).toBe(0);
  });
});

describe('stock holds and their release never touch untracked stock', () => {
  it('an ended hold on an untracked product gives nothing back, even after the seller turned tracking on', async () => {
    const { place, endHolds } = clockedService();
    const seller = await makeSeller(t, 'Sunita Deshpande');
    const product = await createProduct(seller.token, specPayload('Paithani 1'));
    const placed = await place(product._id, 3, '203.0.113.70');
    expect(await orderRow(placed.order._id)).toMatchObject({ stockHeld: true, stockCounted: false });

    // The seller counts the shelf (4) while the unpaid order waits; its 3 units were never taken.
    const on = await post(
      '/products/updateProduct',
      { _id: product._id, trackInventory: true, stock: '4' },
      seller.token,
    );
    expect(on.statusCode).toBe(200);
    await endHolds();
    expect(await orderRow(placed.order._id)).toMatchObject({ state: 'CANCELLED', stockHeld: false });
    expect(await productRow(product._id)).toEqual({ track: true, stock: 4 });
    const counts = await t.db.select().from(stockHolds).where(eq(stockHolds.holder, 'ip:203.0.113.70'));
    expect(counts.every((c) => c.orders === 0 && c.units === 0)).toBe(true);
  });

  it('a hold on a tracked product that the seller turned off gives nothing back to the untracked count', async () => {
    const { place, endHolds } = clockedService();
    const seller = await makeSeller(t, 'Imran Sheikh');
    const productId = await makeProduct(t, seller, 5);
    const placed = await place(productId, 2, '203.0.113.71');
    expect(await orderRow(placed.order._id)).toMatchObject({ stockCounted: true });
    expect(await stockOf(t, productId)).toBe(3);
    await post('/products/updateProduct', { _id: productId, trackInventory: false }, seller.token);
    await endHolds();
    expect(await productRow(productId)).toEqual({ track: false, stock: 0 });
  });

  it('the caps on unpaid orders still hold for untracked products (decision 019)', async () => {
    const { place } = clockedService();
    const seller = await makeSeller(t, 'Lakshmi Narayanan');
    const product = await createProduct(seller.token, specPayload('Ikat 1'));
    // One browser (its buyer-device cookie, decision 068) holds at most 3 orders and 10 units.
    const device = 'untrackedDevice72xxxxx';
    for (let i = 0; i < 3; i++) await place(product._id, 1, '203.0.113.72', device);
    await expect(place(product._id, 1, '203.0.113.72', device)).rejects.toMatchObject({ status: 429 });
    await expect(place(product._id, 11, '203.0.113.73', 'untrackedDevice73xxxxx')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('a payment that arrives after its hold ended is PAID, not "refund due", and takes nothing', async () => {
    const closesLate = (s: PaymentSimulator): PaymentSimulator => ({
      ...s,
      closeOrder: async () => 'TERMINATION_REQUESTED',
    });
    const { place, pay, endHolds } = clockedService(closesLate);
    const seller = await makeSeller(t, 'Anjali Verma');
    const product = await createProduct(seller.token, specPayload('Chikankari 1'));
    const placed = await place(product._id, 2, '203.0.113.74');
    await endHolds();
    expect(await orderRow(placed.order._id)).toMatchObject({ state: 'CANCELLED', stockHeld: false });
    await pay(placed.paymentSessionId!);
    expect(await orderRow(placed.order._id)).toMatchObject({
      state: 'PAID',
      stockHeld: true,
      stockCounted: false,
    });
    expect(await productRow(product._id)).toEqual({ track: false, stock: 0 });
  });
});

describe('migration 0019', () => {
  it('keeps stocked and sold-out products tracked and makes never-stocked ones untracked', async () => {
    const seller = await makeSeller(t, 'Gaurav Malhotra');
    const stocked = await makeProduct(t, seller, 7);
    const soldOut = await makeProduct(t, seller, 1);
    expect((await post('/euOrder/saveOrder2', orderBody(soldOut), undefined, '192.0.2.90')).statusCode).toBe(
      201,
    );
    const neverStocked = await makeProduct(t, seller, 0);
    const ids = [stocked, soldOut, neverStocked];

    // As before the migration: no flag on products or orders (nor the answer's trigger, which
    // names the flag's column since migration 0039).
    await t.db.execute(sql`drop trigger products_answer on products`);
    await t.db.execute(sql`alter table products drop column track_inventory`);
    await t.db.execute(sql`alter table orders drop column stock_counted`);
    await t.db.execute(sql`drop index posts_products_idx`);
    for (const file of ['0019_untracked_stock.sql', '0039_answer_without_stock.sql']) {
      const migration = fs.readFileSync(`${migrationsFolder()}/${file}`, 'utf8');
      for (const statement of migration.split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement));
    }

    const rows = await t.db
      .select({ id: products.id, track: products.trackInventory })
      .from(products)
      .where(inArray(products.id, ids));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.track]))).toEqual({
      [stocked]: true,
      [soldOut]: true,
      [neverStocked]: false,
    });
    const [order] = await t.db
      .select({ counted: orders.stockCounted })
      .from(orders)
      .where(eq(orders.productId, soldOut));
    expect(order!.counted).toBe(true);
  });
});
