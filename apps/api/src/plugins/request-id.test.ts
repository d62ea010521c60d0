import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { makeProduct, makeSeller, orderBody } from '../modules/orders/orders-test-helpers.js';
import { createCashfreeProvider } from '../providers/payments/cashfree.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { loggerOptions } from './request-log.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fake Cashfree that makes any order it is asked for and keeps the headers it was sent. */
function fakeCashfree() {
  const requests: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests.push(req.headers);
      const body = JSON.parse(raw || '{}') as { order_id?: string; order_amount?: number };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          order_id: body.order_id,
          order_status: 'ACTIVE',
          order_amount: body.order_amount,
          order_currency: 'INR',
          payment_session_id: `session_${body.order_id}`,
        }),
      );
    });
  });
  return {
    requests,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/pg`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
/** The app as production builds it (its own logger settings), its log lines captured. */
let app: FastifyInstance;
const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestApp();
  const config: Config = { ...t.config, LOG_LEVEL: 'info' };
  const stream = { write: (line: string) => void lines.push(line) };
  app = await buildApp({ config, db: t.db, logger: { ...(loggerOptions(config) as object), stream } });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('X-Request-Id', () => {
  it("echoes the client's id and names the request's log line with it", async () => {
    const res = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'mobile-7f3a:retry.2_x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('mobile-7f3a:retry.2_x');
    const line = logged().find((l) => l.msg === 'request' && l.requestId === 'mobile-7f3a:retry.2_x');
    expect(line).toMatchObject({ route: '/api/health', status: 200 });
  });

  it('generates a different UUID for each request that sends none', async () => {
    const [a, b] = await Promise.all([
      app.inject({ url: '/api/health' }),
      app.inject({ url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('accepts 128 characters of letters, digits and . _ : -', async () => {
    const id = `${'a1._:-'.repeat(21)}zz`;
    expect(id).toHaveLength(128);
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
  });

  it.each([
    ['129 characters', 'a'.repeat(129)],
    ['a space', 'abc def'],
    ['a quote', 'abc"def'],
    ['a slash', 'abc/def'],
    ['a non-ASCII letter', 'reqé1'],
    ['nothing', ''],
  ])('replaces an id with %s by a generated one', async (_what, id) => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('is echoed and quoted in the body of every kind of error answer', async () => {
    const answers = {
      unmatched: await app.inject({ url: '/api/no-such-route', headers: { 'x-request-id': 'e-404' } }),
      refused: await app.inject({ url: '/api/users/me', headers: { 'x-request-id': 'e-401' } }),
      invalid: await app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-request-id': 'e-400' },
        payload: {},
      }),
      badJson: await app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-request-id': 'e-json', 'content-type': 'application/json' },
        payload: '{"userName":',
      }),
      // A malformed percent-escape fails in the router, before any hook runs.
      routing: await app.inject({ url: '/api/products/%zz', headers: { 'x-request-id': 'e-url' } }),
    };
    const seen = Object.entries(answers).map(([what, res]) => ({
      what,
      status: res.statusCode,
      header: res.headers['x-request-id'],
      body: res.json<{ requestId?: string }>().requestId,
    }));
    expect(seen).toEqual([
      { what: 'unmatched', status: 404, header: 'e-404', body: 'e-404' },
      { what: 'refused', status: 401, header: 'e-401', body: 'e-401' },
      { what: 'invalid', status: 400, header: 'e-400', body: 'e-400' },
      { what: 'badJson', status: 400, header: 'e-json', body: 'e-json' },
      { what: 'routing', status: 400, header: 'e-url', body: 'e-url' },
    ]);
  });

  it("names lines the services write while answering, once (the app's logger, not the request's)", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'x-request-id': 'forged-hook-1',
        'content-type': 'application/json',
        'x-webhook-timestamp': String(Date.now()),
        'x-webhook-signature': 'bm90IGEgc2lnbmF0dXJl',
      },
      payload: JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'x' } } }),
    });
    expect(res.statusCode).toBe(400);
    const rejected = lines.filter((l) => l.includes('payment webhook rejected'));
    expect(rejected).toHaveLength(1);
    expect(JSON.parse(rejected[0]!)).toMatchObject({ requestId: 'forged-hook-1', reason: 'bad signature' });
    expect(rejected[0]!.match(/"requestId"/g)).toHaveLength(1);
    const answered = lines.filter((l) => l.includes('"msg":"request"') && l.includes('forged-hook-1'));
    expect(answered).toHaveLength(1);
    expect(answered[0]!.match(/"requestId"/g)).toHaveLength(1);
  });

  it('is sent to Cashfree with the calls made for the request, and with no other call', async () => {
    const fake = fakeCashfree();
    const config: Config = {
      ...t.config,
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_BASE_URL: await fake.listen(),
      CASHFREE_CLIENT_ID: 'TEST_APP_ID',
      CASHFREE_CLIENT_SECRET: 'cfsk_test_secret',
    };
    const cashfreeApp = await buildApp({ config, db: t.db });
    try {
      const seller = await makeSeller(t);
      const productId = await makeProduct(t, seller, 5);
      const res = await cashfreeApp.inject({
        method: 'POST',
        url: '/api/euOrder/saveOrder2',
        headers: { 'x-request-id': 'checkout-9b1' },
        payload: orderBody(productId),
      });
      expect(res.statusCode).toBe(201);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({
        'x-request-id': 'checkout-9b1',
        'x-client-id': 'TEST_APP_ID',
      });

      // Calls outside any request (the timers that reconcile orders and refunds) send none: the
      // context does not outlive the request it was entered for.
      const provider = createCashfreeProvider({
        baseUrl: config.CASHFREE_BASE_URL!,
        clientId: 'TEST_APP_ID',
        clientSecret: 'cfsk_test_secret',
        apiVersion: config.CASHFREE_API_VERSION,
        webhookMaxAgeMs: 300_000,
      });
      await provider.getPayments('order-without-request');
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[1]).not.toHaveProperty('x-request-id');
    } finally {
      await cashfreeApp.close();
      await fake.close();
    }
  });
});
