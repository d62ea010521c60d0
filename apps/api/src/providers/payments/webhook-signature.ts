import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WebhookRejected,
  type VerifiedRefundWebhook,
  type VerifiedWebhook,
  type WebhookRequest,
} from './payment-provider.js';

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
  const body = verifiedBody(request, options);
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

/** The signature and age checks every webhook passes first; answers the parsed JSON body. */
function verifiedBody(request: WebhookRequest, options: VerifyOptions): unknown {
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
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    throw new WebhookRejected('body is not JSON');
  }
}

/**
 * A refund's webhook (Cashfree REFUND_STATUS_WEBHOOK), checked as a payment's is; like it, only a
 * trigger to ask the provider about the refund.
 */
export function verifySignedRefundWebhook(
  request: WebhookRequest,
  options: VerifyOptions,
): VerifiedRefundWebhook {
  const body = verifiedBody(request, options) as {
    type?: unknown;
    data?: { refund?: { order_id?: unknown; refund_id?: unknown; refund_status?: unknown } };
  };
  const refund = body.data?.refund;
  if (typeof body.type !== 'string' || typeof refund?.order_id !== 'string')
    throw new WebhookRejected('missing type or order');
  if (typeof refund.refund_id !== 'string' || !refund.refund_id)
    throw new WebhookRejected('missing refund_id');
  return {
    type: body.type,
    orderId: refund.order_id,
    refundId: refund.refund_id,
    refundStatus: typeof refund.refund_status === 'string' ? refund.refund_status : '',
  };
}

/** Whether a webhook's body says it is about a refund (read before verifying, only to route it). */
export function isRefundWebhook(rawBody: Buffer): boolean {
  try {
    const type = (JSON.parse(rawBody.toString('utf8')) as { type?: unknown } | null)?.type;
    return typeof type === 'string' && type.startsWith('REFUND_');
  } catch {
    return false;
  }
}
