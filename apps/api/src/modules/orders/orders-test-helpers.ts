import { eq } from 'drizzle-orm';
import { orderRequestSchema } from '@app/domain';
import { products, shops } from '../../db/schema/index.js';
import {
  createPaymentSimulator,
  type PaymentSimulator,
  type SimulatorOutcome,
} from '../../providers/payments/simulator.js';
import { createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { wireOrderPath } from '../../order-path.js';
import { handlePaymentWebhook } from '../payments/handle-payment-webhook.js';
import { newId } from '../../lib/ids.js';
import { placeOrder } from './place-order.js';
import type { OrderValues } from './take-stock.repository.js';

let seq = 0;

/** An approved seller with a shop and a token. */
export async function makeSeller(t: TestApp, name = 'Arjun Mehta') {
  const user = await createUser(t.db, { role: 'SELLER', ownerName: name, isBrand: true });
  await t.db.insert(shops).values({ userId: user.id, name: `${name} Store`, city: 'Bengaluru' });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

/** A product made through the seller's own route, then given `stock` units of counted stock. */
export async function makeProduct(
  t: TestApp,
  seller: { token: string },
  stock: number,
  overrides: Record<string, unknown> = {},
) {
  seq += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/createNewProduct',
    headers: { authorization: seller.token },
    payload: {
      brand: 'Stride Lab',
      model: `Tempo ${seq}`,
      colour: 'Navy',
      size: 'UK 8',
      gender: 'Men',
      category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
      moq: '5',
      ogPrice: '2000',
      dsctPrice: '1500',
      retailPrice: '3999',
      dsctRetailPrice: '2999',
      sampleQty: '2',
      samplePrice: '100',
      desc: 'Light daily trainer.',
      images: [{ url: '/media/x.webp', name: 'x.webp', type: 'IMAGE' }],
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
  const id = res.json<{ Data: { _id: string } }>().Data._id;
  await t.db
    .update(products)
    .set({ inventoryQuantity: stock, trackInventory: true })
    .where(eq(products.id, id));
  return id;
}

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.db
    .select({ stock: products.inventoryQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

let contact = 0;
/** A valid order request body for an anonymous buyer with a fresh e-mail and mobile. */
export function orderBody(productId: string, overrides: Record<string, unknown> = {}) {
  contact += 1;
  const unique = `${Date.now().toString(36)}${contact}`;
  return {
    productId,
    quantity: 1,
    address: {
      firstName: 'Meera',
      lastName: 'Iyer',
      houseNo: '14',
      street: 'Church Street',
      landmark: 'Opposite the bookshop',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pinCode: '560001',
      email: `buyer-${unique}@example.com`,
      mobile: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    },
    ...overrides,
  };
}

/** Tests of holds and payments: the order path on its own clock, with a simulator on another (the provider's view of time). */
export function clockedOrders(
  t: TestApp,
  wrap: (simulator: PaymentSimulator) => PaymentSimulator = (s) => s,
) {
  const clock = { ours: Date.now(), provider: Date.now() };
  const simulator = createPaymentSimulator({
    secret: 'clocked',
    webhookMaxAgeMs: 300_000,
    now: () => clock.provider,
  });
  const provider = wrap(simulator);
  const path = wireOrderPath({ db: t.db, provider, log: t.app.log, now: () => clock.ours });
  const place = (productId: string, quantity: number, clientIp: string, clientDevice?: string) =>
    placeOrder(path.orders, {
      source: 'euOrder/saveOrder2',
      actor: null,
      body: orderRequestSchema.parse(orderBody(productId, { quantity })),
      origin: 'http://127.0.0.1',
      clientIp,
      clientDevice,
    });
  /** The buyer's choice on the hosted page, reported to us by its signed webhook. */
  const choose = async (sessionId: string, outcome: SimulatorOutcome) => {
    const done = simulator.complete(sessionId, outcome);
    if (!done) throw new Error('the payment session is closed');
    await handlePaymentWebhook(path.payments, {
      rawBody: Buffer.from(done.webhook.rawBody),
      signature: done.webhook.headers['x-webhook-signature'],
      timestamp: done.webhook.headers['x-webhook-timestamp'],
    });
  };
  const advance = (ms: number) => {
    clock.ours += ms;
    clock.provider += ms;
  };
  return { clock, simulator, path, place, choose, advance };
}

/** What insertOrderTakingStock writes besides the product and quantity: an unpaid online order. */
export const orderValues = (buyerUserId: string, idempotencyKey: string | null = null): OrderValues => ({
  id: newId(),
  provider: 'simulator',
  paymentSessionId: null,
  buyerUserId,
  source: 'euOrder/saveOrder2',
  channel: 'b2c',
  sample: false,
  unitPrice: 100,
  amount: 200,
  address: orderBody('x').address,
  paymentState: 'CREATED',
  idempotencyKey,
  requestHash: 'h',
  referrerUserId: null,
  referrerContact: null,
  referrerReward: 0,
  referralVia: null,
  mentionInfId: null,
  mentionPostId: null,
  bookingCode: null,
  buyerGstin: null,
  placedByUserId: null,
  buyerConfirmed: true,
  paymentMethod: 'ONLINE',
  deliveryCharge: 0,
});
