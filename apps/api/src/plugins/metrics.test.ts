import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { recordEvent, type RefundEventPayload } from '../lib/domain-events.js';
import { makeProduct, makeSeller } from '../modules/orders/orders-test-helpers.js';
import { api, placeOrder, REFUND_TEST_ENV, settled } from '../modules/refunds/refunds-test-helpers.js';
import { signWebhook } from '../providers/payments/webhook-signature.js';
import { parsePrometheus, valueOf, type Sample } from '../test/prometheus-text.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const TOKEN = 'metrics-test-token-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...REFUND_TEST_ENV, METRICS_TOKEN: TOKEN });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function scrape(): Promise<Sample[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(res.body);
}

describe('GET /metrics is for the holder of METRICS_TOKEN', () => {
  it.each([
    ['no authorization', {}],
    ['a wrong token', { authorization: 'Bearer metrics-test-token-012345678X' }],
    ['the token without its scheme', { authorization: TOKEN }],
  ])('%s: 401 in the error envelope', async (_what, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.json()).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Metrics need the bearer token set in METRICS_TOKEN',
      requestId: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('http_requests_total');
  });

  it('a server without METRICS_TOKEN refuses every token', async () => {
    const { METRICS_TOKEN: _token, ...config } = t.config;
    const closed = await buildApp({ config, db: t.db });
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ', 'Bearer undefined']) {
        const res = await closed.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json<{ code: string }>().code).toBe('UNAUTHENTICATED');
      }
    } finally {
      await closed.close();
    }
  });

  it("is scraped by the machine's own address, like the health probes, when PUBLIC_URL names the site", async () => {
    const site = await buildApp({ config: { ...t.config, PUBLIC_URL: 'https://shop.example.in' }, db: t.db });
    try {
      const res = await site.inject({
        method: 'GET',
        url: '/metrics',
        headers: { host: '10.0.3.7:3000', authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      const page = await site.inject({
        method: 'GET',
        url: '/api/site/settings',
        headers: { host: '10.0.3.7:3000' },
      });
      expect(page.statusCode).toBe(400);
    } finally {
      await site.close();
    }
  });
});

describe('what a scrape shows', () => {
  it('requests by route pattern and status, with their latency histogram', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const order = await t.app.inject({ url: '/api/orders/status/no-such-order-77' });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ url: '/no/such/path-31337?email=a@b.c' })).statusCode).toBe(404);

    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels);
    expect(delta(health)).toBe(3);
    const counted = (s: Sample[]) => valueOf(s, 'http_request_duration_seconds_count', health);
    expect(counted(after) - counted(before)).toBe(3);
    // Every answer falls in the +Inf bucket; buckets are cumulative.
    const bucket = (s: Sample[], le: string) =>
      valueOf(s, 'http_request_duration_seconds_bucket', { ...health, le });
    expect(bucket(after, '+Inf') - bucket(before, '+Inf')).toBe(3);
    expect(bucket(after, '0.005')).toBeLessThanOrEqual(bucket(after, '10'));
    // The route's pattern, never the URL: ids and unmatched paths do not make series of their own.
    const status = String(order.statusCode);
    expect(delta({ method: 'GET', route: '/api/orders/status/:orderId', status })).toBe(1);
    expect(delta({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    const labelValues = after.flatMap((s) => Object.values(s.labels)).join(' ');
    expect(labelValues).not.toMatch(/no-such-order-77|31337|a@b\.c/);
  });

  it('event-loop lag, heap and resident memory of the process', async () => {
    const samples = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(samples.some((s) => s.name === name)).toBe(true);
    }
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('the PostgreSQL pool: in use, idle, waiting and its size', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'revuhub_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'revuhub_db_pool_in_use')).toBe(true);
    expect(samples.some((s) => s.name === 'revuhub_db_pool_idle')).toBe(true);
    expect(valueOf(samples, 'revuhub_db_pool_waiting')).toBe(0);
  });

  it('an order placed and paid, its refund, and the one-time password sent to the new buyer', async () => {
    const before = await scrape();
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    const refund = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: '100', reason: 'Late' },
      seller.token,
    );
    expect(refund.statusCode).toBe(200);
    await settled(t, orderId);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('revuhub_orders_placed_total', { channel: 'b2c', payment_method: 'ONLINE' })).toBe(1);
    expect(delta('revuhub_payments_confirmed_total', { payment_method: 'ONLINE' })).toBe(1);
    expect(delta('revuhub_refunds_total', { outcome: 'requested' })).toBe(1);
    expect(delta('revuhub_refunds_total', { outcome: 'succeeded' })).toBe(1);
    // The anonymous buyer got an account, and its password went to the outbox.
    expect(delta('revuhub_messages_sent_total', { channel: 'email', via: 'outbox', outcome: 'sent' })).toBe(
      1,
    );
  });

  it('webhooks refused, by kind and reason', async () => {
    const before = await scrape();
    const raw = JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'x' } } });
    const timestamp = String(Date.now());
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(timestamp, raw, 'not-the-secret'),
      },
      payload: raw,
    });
    expect(forged.statusCode).toBe(400);
    const stale = String(Date.now() - 3_600_000);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': stale,
        'x-webhook-signature': signWebhook(stale, raw, REFUND_TEST_ENV.PAYMENT_SIMULATOR_SECRET),
      },
      payload: raw,
    });
    expect(replayed.statusCode).toBe(400);

    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      valueOf(after, 'revuhub_webhooks_refused_total', labels) -
      valueOf(before, 'revuhub_webhooks_refused_total', labels);
    expect(delta({ kind: 'payment', reason: 'bad signature' })).toBe(1);
    expect(delta({ kind: 'payment', reason: 'stale timestamp' })).toBe(1);
  });

  it('counts a fact only once its transaction has committed', async () => {
    const payload = {
      orderId: 'o1',
      recipientUserId: 'u1',
      notifyBuyer: false,
      sellerUserId: 'u2',
      orderNumber: 'ORD-1',
      productName: 'Tempo',
      amountPaise: 100,
      gstRate: 18,
      paymentMethod: 'ONLINE',
      referrerUserId: null,
      referrerRewardPaise: 0,
      link: '/orders/o1',
      refundId: 'r1',
      refundPaise: 100,
      refundedPaiseTotal: 0,
      reason: 'test',
      refundedBy: 'system',
    } satisfies RefundEventPayload;
    const failed = { outcome: 'failed' };
    const before = valueOf(await scrape(), 'revuhub_refunds_total', failed);

    let countedInside = -1;
    await expect(
      t.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'refund.failed', payload });
        // A scrape while the transaction is open: it runs on another of the pool's connections.
        countedInside = valueOf(await scrape(), 'revuhub_refunds_total', failed);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(countedInside).toBe(before);
    expect(valueOf(await scrape(), 'revuhub_refunds_total', failed)).toBe(before);

    await t.db.transaction(async (tx) => {
      await recordEvent(tx, { type: 'refund.failed', payload });
    });
    expect(valueOf(await scrape(), 'revuhub_refunds_total', failed)).toBe(before + 1);
  });
});
