import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';
import { createTestApp, credentialHeaders, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';

// Issue 23, totals before paying (decision 032): a store's delivery charge, free from an amount the
// seller sets, is part of the amount the server stores and the provider collects.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'delivery-secret',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    UNPAID_ORDERS_MAX: '100000',
    UNPAID_UNITS_MAX: '100000',
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string | Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: credentialHeaders(token),
    payload: payload as object,
  });
const get = (url: string, token?: string | Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: credentialHeaders(token) });

interface Created {
  data: { order: { _id: string; amount: number; deliveryCharge: number; unitPrice: number } };
  cfOrder?: { paymentSessionId: string };
}

const storedOf = async (orderId: string) =>
  (
    await t.db
      .select({ amount: orders.amount, deliveryCharge: orders.deliveryCharge, method: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0]!;

describe("a store's delivery charge", () => {
  it('the seller sets it in Edit store; bad amounts are refused per field, others cannot set it', async () => {
    const seller = await makeSeller(t, 'Kavya Nair');
    expect((await get('/shop/deliveryTerms', seller.token)).json()).toMatchObject({
      data: { deliveryCharge: 0, freeDeliveryFrom: null, codEnabled: false, codMaxAmount: null },
    });

    const bad = await post(
      '/shop/deliveryTerms',
      { deliveryCharge: -5, freeDeliveryFrom: '0', codEnabled: true, codMaxAmount: 'lots' },
      seller.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      deliveryCharge: 'Delivery charge cannot be negative',
      freeDeliveryFrom: 'Free delivery amount must be more than ₹0, or left empty',
      codMaxAmount: 'Cash on delivery upper amount must be a whole number of rupees',
    });

    const saved = await post(
      '/shop/deliveryTerms',
      { deliveryCharge: '49', freeDeliveryFrom: '', codEnabled: true, codMaxAmount: 5000 },
      seller.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      data: { deliveryCharge: 49, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: 5000 },
    });

    const buyer = await makeSeller(t, 'Not Asked');
    const productId = await makeProduct(t, seller, 5);
    // Another seller's terms are their own; the product's are the store's.
    expect((await get('/shop/deliveryTerms', buyer.token)).json()).toMatchObject({
      data: { deliveryCharge: 0 },
    });
    expect((await get(`/orders/terms/${productId}`)).json()).toMatchObject({
      data: { productId, deliveryCharge: 49, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: 5000 },
    });
    expect((await post('/shop/deliveryTerms', { deliveryCharge: 1, codEnabled: false })).statusCode).toBe(
      401,
    );
  });

  it('is added to the amount below the free-delivery amount, stored on the order and paid through the provider', async () => {
    const seller = await makeSeller(t, 'Rohan Das');
    // Consumer selling price 2999 (orders-test-helpers): one is below ₹5,000, two are above.
    const productId = await makeProduct(t, seller, 10);
    await post(
      '/shop/deliveryTerms',
      { deliveryCharge: 79, freeDeliveryFrom: 5000, codEnabled: false },
      seller.token,
    );

    const one = await post('/euOrder/saveOrder2', orderBody(productId, { quantity: 1, amount: 1 }));
    expect(one.statusCode).toBe(201);
    const placed = one.json<Created>();
    expect(placed.data.order).toMatchObject({ unitPrice: 2999, deliveryCharge: 79, amount: 3078 });
    expect(await storedOf(placed.data.order._id)).toEqual({
      amount: 3078,
      deliveryCharge: 79,
      method: 'ONLINE',
    });

    // The provider's order is for the total: the simulator's payment of it settles the order as paid
    // (a payment of any other amount is refused as not ours).
    const pay = await t.app.inject({
      method: 'POST',
      url: `/pay/simulator/${placed.cfOrder!.paymentSessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(pay.statusCode).toBe(303);
    const status = await get(
      `/orders/status/${placed.data.order._id}`,
      await orderKeyHeader(t, placed.data.order._id),
    );
    expect(status.json()).toMatchObject({ data: { paymentState: 'PAID', amount: 3078, deliveryCharge: 79 } });

    const two = await post('/euOrder/saveOrder2', orderBody(productId, { quantity: 2 }));
    expect(two.json<Created>().data.order).toMatchObject({ deliveryCharge: 0, amount: 5998 });
    expect(await storedOf(two.json<Created>().data.order._id)).toMatchObject({
      amount: 5998,
      deliveryCharge: 0,
    });
  });

  it('a store without settings delivers free, and the product still answers the spec\'s free_delivery "100"', async () => {
    const seller = await makeSeller(t, 'Farah Khan');
    const productId = await makeProduct(t, seller, 3);
    const placed = (await post('/euOrder/saveOrder2', orderBody(productId))).json<Created>();
    expect(placed.data.order).toMatchObject({ amount: 2999, deliveryCharge: 0 });
    const product = await get(`/products/getProductOnId/${productId}`);
    expect(product.json<{ Data: { free_delivery: string } }>().Data.free_delivery).toBe('100');
  });
});
