import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected, type VerifiedWebhook, type WebhookRequest } from './payment-provider.js';

/** Base64(HMAC-SHA256(timestamp + raw body, secret)): Cashfree's scheme, which the simulator uses too. */
export function signWebhook(timestamp: string, rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

export interface VerifyOptions {
  secret: string;
  /** Older (or further in the future) than this is a replay, refused. */
  maxAgeMs: number;
  now: () => number;
}

/**
 * Checks the signature over the exact bytes received (never a re-serialised body), compares in
 * constant time, refuses stale timestamps, then reads the few fields we act on.
 */
export function verifySignedWebhook(request: WebhookRequest, options: VerifyOptions): VerifiedWebhook {
  const { signature, timestamp, rawBody } = request;
  if (!signature || !timestamp) throw new WebhookRejected('missing signature or timestamp');
  if (!/^\d{10,16}$/.test(timestamp)) throw new WebhookRejected('malformed timestamp');
  // Cashfree sends milliseconds; seconds are accepted too.
  const ms = timestamp.length <= 11 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(options.now() - ms) > options.maxAgeMs) throw new WebhookRejected('stale timestamp');
  const expected = Buffer.from(signWebhook(timestamp, rawBody, options.secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookRejected('bad signature');
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('body is not JSON');
  }
  const b = body as {
    type?: unknown;
    data?: {
      order?: { order_id?: unknown };
      payment?: { cf_payment_id?: unknown; payment_status?: unknown };
    };
  };
  const orderId = b.data?.order?.order_id;
  const cfPaymentId = b.data?.payment?.cf_payment_id;
  const status = b.data?.payment?.payment_status;
  if (typeof b.type !== 'string' || typeof orderId !== 'string')
    throw new WebhookRejected('missing type or order');
  if (typeof cfPaymentId !== 'string' && typeof cfPaymentId !== 'number') {
    throw new WebhookRejected('missing cf_payment_id');
  }
  return {
    type: b.type,
    orderId,
    cfPaymentId: String(cfPaymentId),
    paymentStatus: typeof status === 'string' ? status : '',
  };
}
