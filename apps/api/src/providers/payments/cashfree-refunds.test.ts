import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCashfreeProvider } from './cashfree.js';
import { PaymentProviderError, WebhookRejected } from './payment-provider.js';
import { signWebhook } from './webhook-signature.js';

const CLIENT_ID = 'TEST_APP_ID';
const CLIENT_SECRET = 'cfsk_test_secret';

interface FakeRefund {
  cf_refund_id: number;
  refund_id: string;
  order_id: string;
  refund_amount: number;
  refund_note: string;
  refund_status: string;
  status_description: string;
}

/** A fake Cashfree refunds API on loopback: POST and GET /pg/orders/{id}/refunds[/{refund_id}]. */
function fakeCashfree() {
  const refunds = new Map<string, FakeRefund>();
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  const plan = { rateLimitNext: 0, retryAfter: '' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(json));
      };
      if (req.headers['x-client-id'] !== CLIENT_ID || req.headers['x-client-secret'] !== CLIENT_SECRET)
        return send(401, { message: 'authentication Failed' });
      if (plan.rateLimitNext > 0) {
        plan.rateLimitNext -= 1;
        return send(
          429,
          { message: 'Too many requests' },
          plan.retryAfter ? { 'retry-after': plan.retryAfter } : {},
        );
      }
      const match = /^\/pg\/orders\/([^/]+)\/refunds(?:\/([^/]+))?$/.exec(req.url!);
      if (!match) return send(404, { message: 'not found' });
      const [, orderId, refundId] = match;
      if (req.method === 'POST') {
        const b = body as { refund_amount: number; refund_id: string; refund_note: string };
        if (refunds.has(b.refund_id))
          return send(409, { message: 'refund_id is already present', code: 'refund_already_exists' });
        if (b.refund_amount > 1000) return send(400, { message: 'refund amount exceeds the order amount' });
        const refund: FakeRefund = {
          cf_refund_id: 4_000 + refunds.size,
          refund_id: b.refund_id,
          order_id: orderId!,
          refund_amount: b.refund_amount,
          refund_note: b.refund_note,
          refund_status: 'PENDING',
          status_description: 'In Progress',
        };
        refunds.set(b.refund_id, refund);
        return send(200, refund);
      }
      const refund = refundId ? refunds.get(decodeURIComponent(refundId)) : undefined;
      if (!refund || refund.order_id !== orderId) return send(404, { message: 'refund not found' });
      return send(200, refund);
    });
  });
  return {
    refunds,
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
let cashfree: ReturnType<typeof createCashfreeProvider>;
beforeAll(async () => {
  const baseUrl = await fake.listen();
  cashfree = createCashfreeProvider({
    baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    apiVersion: '2025-01-01',
    webhookMaxAgeMs: 300_000,
    retryDelayMs: 5,
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.plan.rateLimitNext = 0;
  fake.plan.retryAfter = '';
});

describe('Cashfree refunds', () => {
  it('asks for a refund with our refund id, the amount in rupees and the note, once per id', async () => {
    const made = await cashfree.createRefund({
      orderId: 'order1',
      refundId: 'refund1',
      amount: 149.5,
      note: 'Scuffed',
    });
    expect(made).toEqual(
      expect.objectContaining({ refundId: 'refund1', cfRefundId: '4000', status: 'PENDING', amount: 149.5 }),
    );
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/pg/orders/order1/refunds');
    expect(request?.body).toEqual({ refund_amount: 149.5, refund_id: 'refund1', refund_note: 'Scuffed' });
    expect(request?.headers['x-idempotency-key']).toBe('refund-refund1');
    expect(request?.headers['x-api-version']).toBe('2025-01-01');
  });

  it('409 (the refund id exists: an earlier try got there) answers that refund, not a second one', async () => {
    await cashfree.createRefund({ orderId: 'order2', refundId: 'refund2', amount: 10, note: 'First try' });
    fake.refunds.get('refund2')!.refund_status = 'SUCCESS';
    const again = await cashfree.createRefund({
      orderId: 'order2',
      refundId: 'refund2',
      amount: 10,
      note: 'Retry',
    });
    expect(again.status).toBe('SUCCESS');
    expect(fake.refunds.size).toBeGreaterThanOrEqual(2);
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /pg/orders/order2/refunds',
      'POST /pg/orders/order2/refunds',
      'GET /pg/orders/order2/refunds/refund2',
    ]);
  });

  it('429 is tried again (Retry-After honoured) and then succeeds; a 429 that never ends is a 503', async () => {
    fake.plan.rateLimitNext = 2;
    fake.plan.retryAfter = '0';
    const made = await cashfree.createRefund({
      orderId: 'order3',
      refundId: 'refund3',
      amount: 5,
      note: 'Busy',
    });
    expect(made.status).toBe('PENDING');
    expect(fake.requests).toHaveLength(3);

    fake.plan.rateLimitNext = 10;
    const error = await cashfree
      .createRefund({ orderId: 'order3', refundId: 'refund3b', amount: 5, note: 'Busy' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).httpStatus).toBe(503);
    expect(fake.refunds.has('refund3b')).toBe(false);
  });

  it("a refusal is a 4xx error with Cashfree's message", async () => {
    const error = await cashfree
      .createRefund({ orderId: 'order4', refundId: 'refund4', amount: 5000, note: 'Too much' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).httpStatus).toBe(400);
    expect((error as Error).message).toBe('refund amount exceeds the order amount');
  });

  it('fetches a refund to confirm it: SUCCESS, CANCELLED (failed) and ONHOLD (still open)', async () => {
    await cashfree.createRefund({ orderId: 'order5', refundId: 'refund5', amount: 1, note: 'x' });
    const stored = fake.refunds.get('refund5')!;
    for (const [word, status] of [
      ['SUCCESS', 'SUCCESS'],
      ['CANCELLED', 'FAILED'],
      ['ONHOLD', 'PENDING'],
    ] as const) {
      stored.refund_status = word;
      const got = await cashfree.getRefund('order5', 'refund5');
      expect(got.status).toBe(status);
      expect(got.providerStatus).toBe(word);
    }
    await expect(cashfree.getRefund('order5', 'nope')).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('verifies REFUND_STATUS_WEBHOOK like a payment webhook: forged and stale ones are refused', () => {
    const raw = JSON.stringify({
      type: 'REFUND_STATUS_WEBHOOK',
      data: {
        refund: { cf_refund_id: 11, refund_id: 'refund6', order_id: 'order6', refund_status: 'SUCCESS' },
      },
    });
    const ts = String(Date.now());
    const good = cashfree.verifyRefundWebhook({
      rawBody: Buffer.from(raw),
      timestamp: ts,
      signature: signWebhook(ts, raw, CLIENT_SECRET),
    });
    expect(good).toEqual({
      type: 'REFUND_STATUS_WEBHOOK',
      orderId: 'order6',
      refundId: 'refund6',
      refundStatus: 'SUCCESS',
    });
    expect(() =>
      cashfree.verifyRefundWebhook({
        rawBody: Buffer.from(raw),
        timestamp: ts,
        signature: signWebhook(ts, raw, 'forged'),
      }),
    ).toThrow(WebhookRejected);
    const old = String(Date.now() - 3_600_000);
    expect(() =>
      cashfree.verifyRefundWebhook({
        rawBody: Buffer.from(raw),
        timestamp: old,
        signature: signWebhook(old, raw, CLIENT_SECRET),
      }),
    ).toThrow(WebhookRejected);
  });
});
