import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import { createTestApp, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { orderRequestSchema, PAYMENT_WINDOW_MINUTES } from '@app/domain';
import { createCashfreeProvider } from '../../providers/payments/cashfree.js';
import { makeProduct, makeSeller, orderBody, stockOf } from '../orders/orders-test-helpers.js';
import { wireOrderPath } from '../../order-path.js';
import { placeOrder as placeOrderOn } from '../orders/place-order.js';
import { reconcileOverdue } from './reconcile-overdue.js';

const CLIENT_ID = 'TEST_APP_ID';
const CLIENT_SECRET = 'cfsk_test_secret';

interface FakeOrder {
  order_id: string;
  order_amount: number;
  order_currency: string;
  order_status: string;
  payment_session_id: string;
  payments: { cf_payment_id: number; payment_status: string; payment_amount: number }[];
}

/** A fake Cashfree PG on loopback that speaks the parts of its API we call. */
function fakeCashfree() {
  const orders = new Map<string, FakeOrder>();
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  const plan = { rateLimitNext: 0, loseNextCreateResponse: false };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers['x-client-id'] !== CLIENT_ID || req.headers['x-client-secret'] !== CLIENT_SECRET) {
        return send(401, {
          message: 'authentication Failed',
          code: 'request_failed',
          type: 'authentication_error',
        });
      }
      if (plan.rateLimitNext > 0) {
        plan.rateLimitNext -= 1;
        return send(429, { message: 'Too many requests', type: 'rate_limit_error' });
      }
      const match = /^\/pg\/orders(?:\/([^/]+))?(\/payments)?$/.exec(req.url!);
      if (!match) return send(404, { message: 'not found' });
      const [, id, payments] = match;
      if (req.method === 'POST' && !id) {
        const b = body as { order_id: string; order_amount: number; order_currency: string };
        if (orders.has(b.order_id))
          return send(409, {
            message: 'order with same id is already present',
            code: 'order_already_exists',
          });
        const order: FakeOrder = {
          order_id: b.order_id,
          order_amount: b.order_amount,
          order_currency: b.order_currency,
          order_status: 'ACTIVE',
          payment_session_id: `session_${b.order_id}`,
          payments: [],
        };
        orders.set(b.order_id, order);
        if (plan.loseNextCreateResponse) {
          plan.loseNextCreateResponse = false;
          return send(502, { message: 'bad gateway' });
        }
        const { payments: _p, ...rest } = order;
        return send(200, { cf_order_id: 1, ...rest });
      }
      const order = id ? orders.get(id) : undefined;
      if (!order) return send(404, { message: 'order not found', code: 'order_not_found' });
      if (req.method === 'PATCH') {
        if (order.order_status !== 'ACTIVE') return send(400, { message: 'order is not active' });
        order.order_status = (body as { order_status: string }).order_status;
      }
      if (payments) return send(200, order.payments);
      const { payments: _p, ...rest } = order;
      return send(200, rest);
    });
  });
  return {
    orders,
    requests,
    plan,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/pg`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fake = fakeCashfree();
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await fake.listen();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'cashfree',
    CASHFREE_BASE_URL: baseUrl,
    CASHFREE_CLIENT_ID: CLIENT_ID,
    CASHFREE_CLIENT_SECRET: CLIENT_SECRET,
    PUBLIC_URL: 'https://shop.example.in',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    // Every order here comes from one address (stock-holds.test.ts tests the caps).
    UNPAID_ORDERS_MAX: '100000',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function webhook(body: object, timestamp = String(Date.now())) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(timestamp, raw, CLIENT_SECRET),
    },
    payload: raw,
  });
}
const event = (type: string, orderId: string, cfPaymentId: number, status: string, amount: number) => ({
  type,
  data: {
    order: { order_id: orderId, order_amount: amount, order_currency: 'INR' },
    payment: { cf_payment_id: cfPaymentId, payment_status: status, payment_amount: amount },
  },
});
const stateOf = async (orderId: string) =>
  (
    await t.app.inject({ url: `/api/orders/status/${orderId}`, headers: await orderKeyHeader(t, orderId) })
  ).json<{ data: { paymentState: string } }>().data.paymentState;

async function placeOrder(quantity = 1) {
  const seller = await makeSeller(t);
  const productId = await makeProduct(t, seller, 10);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/euOrder/saveOrder2',
    payload: orderBody(productId, { quantity }),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json<{
    data: { order: { _id: string; amount: number } };
    cfOrder: { paymentSessionId: string; provider: string };
  }>();
  return { orderId: body.data.order._id, amount: body.data.order.amount, cfOrder: body.cfOrder };
}

describe('Cashfree adapter against a fake Cashfree', () => {
  it('creates the order with their headers and fields, through a 429, and returns the payment session', async () => {
    fake.plan.rateLimitNext = 1;
    const { orderId, amount, cfOrder } = await placeOrder(2);
    expect(cfOrder).toEqual({
      paymentSessionId: `session_${orderId}`,
      provider: 'cashfree',
      mode: 'sandbox',
    });
    const creates = fake.requests.filter((r) => r.method === 'POST');
    const last = creates.at(-1)!;
    expect(creates.slice(-2).map((r) => r.url)).toEqual(['/pg/orders', '/pg/orders']);
    expect(last.headers).toMatchObject({
      'x-client-id': CLIENT_ID,
      'x-client-secret': CLIENT_SECRET,
      'x-api-version': '2023-08-01',
      'x-idempotency-key': `order-${orderId}`,
    });
    expect(last.body).toMatchObject({
      order_id: orderId,
      order_amount: amount,
      order_currency: 'INR',
      customer_details: { customer_name: 'Meera Iyer' },
      order_meta: {
        return_url: expect.stringMatching(
          new RegExp(`^https://shop.example.in/thankyou/.+order_id=${orderId}$`),
        ),
        notify_url: 'https://shop.example.in/api/payments/webhook',
      },
    });
  });

  it('carries on with the existing order when Cashfree answers 409 for a repeated order_id', async () => {
    fake.plan.loseNextCreateResponse = true;
    const { orderId, cfOrder } = await placeOrder();
    expect(cfOrder.paymentSessionId).toBe(`session_${orderId}`);
    const calls = fake.requests
      .filter((r) => r.url.startsWith(`/pg/orders`))
      .map((r) => `${r.method} ${r.url}`);
    // First POST made the order but its answer was lost (502); the retry got 409; then a get-order.
    expect(calls.slice(-3)).toEqual(['POST /pg/orders', 'POST /pg/orders', `GET /pg/orders/${orderId}`]);
  });

  it('pays only when Cashfree says PAID for our amount; duplicate and out-of-order webhooks change nothing', async () => {
    const { orderId, amount } = await placeOrder();
    const success = event('PAYMENT_SUCCESS_WEBHOOK', orderId, 501, 'SUCCESS', amount);
    // The webhook claims success but Cashfree still says ACTIVE: nothing changes.
    expect((await webhook(success)).json().message).toBe('processed');
    expect(await stateOf(orderId)).toBe('CREATED');

    const order = fake.orders.get(orderId)!;
    order.payments.push({ cf_payment_id: 500, payment_status: 'FAILED', payment_amount: amount });
    order.payments.push({ cf_payment_id: 502, payment_status: 'SUCCESS', payment_amount: amount });
    order.order_status = 'PAID';
    const paid = event('PAYMENT_SUCCESS_WEBHOOK', orderId, 502, 'SUCCESS', amount);
    expect((await webhook(paid)).json().message).toBe('processed');
    expect(await stateOf(orderId)).toBe('PAID');
    expect((await webhook(paid)).json().message).toBe('duplicate');
    // The earlier failure arrives last.
    expect((await webhook(event('PAYMENT_FAILED_WEBHOOK', orderId, 500, 'FAILED', amount))).statusCode).toBe(
      200,
    );
    expect(await stateOf(orderId)).toBe('PAID');
  });

  it('leaves the order unpaid when Cashfree reports a different amount', async () => {
    const { orderId, amount } = await placeOrder();
    const order = fake.orders.get(orderId)!;
    order.order_amount = amount - 1;
    order.order_status = 'PAID';
    await webhook(event('PAYMENT_SUCCESS_WEBHOOK', orderId, 777, 'SUCCESS', amount - 1));
    expect(await stateOf(orderId)).toBe('CREATED');
  });

  it('gives the order the 15 minutes Cashfree needs at least, and terminates it when our 10-minute hold ends', async () => {
    let clock = Date.now();
    const provider = createCashfreeProvider({
      baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      apiVersion: '2023-08-01',
      webhookMaxAgeMs: 300_000,
      now: () => clock,
    });
    const path = wireOrderPath({
      db: t.db,
      provider,
      log: t.app.log,
      now: () => clock,
    });
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 3);
    const placed = await placeOrderOn(path.orders, {
      source: 'euOrder/saveOrder2',
      actor: null,
      body: orderRequestSchema.parse(orderBody(productId, { quantity: 3 })),
      origin: 'https://shop.example.in',
      clientIp: '203.0.113.70',
    });
    const created = fake.requests.filter((r) => r.method === 'POST').at(-1)!.body as {
      order_expiry_time: string;
    };
    expect(Date.parse(created.order_expiry_time) - clock).toBeGreaterThanOrEqual(15 * 60_000);
    expect(Date.parse(placed.order.holdExpiresAt!) - clock).toBe(PAYMENT_WINDOW_MINUTES * 60_000);

    clock += (PAYMENT_WINDOW_MINUTES + 1) * 60_000;
    await reconcileOverdue(path.payments, 10_000);
    const terminate = fake.requests.at(-1)!;
    expect(terminate).toMatchObject({
      method: 'PATCH',
      url: `/pg/orders/${placed.order._id}`,
      body: { order_status: 'TERMINATED' },
    });
    expect(fake.orders.get(placed.order._id)!.order_status).toBe('TERMINATED');
    expect(await stateOf(placed.order._id)).toBe('CANCELLED');
    expect(await stockOf(t, productId)).toBe(3);
  });

  it('refuses a webhook signed with another secret or replayed late', async () => {
    const { orderId, amount } = await placeOrder();
    const raw = JSON.stringify(event('PAYMENT_SUCCESS_WEBHOOK', orderId, 900, 'SUCCESS', amount));
    const ts = String(Date.now());
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': ts,
        'x-webhook-signature': signWebhook(ts, raw, 'guess'),
      },
      payload: raw,
    });
    expect(forged.statusCode).toBe(400);
    const stale = await webhook(JSON.parse(raw) as object, String(Date.now() - 10 * 60 * 1000));
    expect(stale.statusCode).toBe(400);
  });
});
