import {
  PaymentProviderError,
  type CreatePaymentOrder,
  type CreateRefund,
  type ProviderRefund,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderOrderStatus,
  type ProviderPayment,
} from './payment-provider.js';
import { verifySignedRefundWebhook, verifySignedWebhook } from './webhook-signature.js';
import { currentRequest } from '../../lib/request-context.js';

export const CASHFREE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
} as const;

export interface CashfreeOptions {
  /** Sandbox or production base URL (or a fake server in tests). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  apiVersion: string;
  webhookMaxAgeMs: number;
  /** Tries per call when Cashfree answers 429 or 5xx or cannot be reached. */
  attempts?: number;
  /** First back-off; doubles each try, unless Cashfree names a Retry-After. */
  retryDelayMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

interface CashfreeOrderBody {
  order_id?: unknown;
  order_status?: unknown;
  order_amount?: unknown;
  order_currency?: unknown;
  payment_session_id?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Cashfree refuses an order_expiry_time less than 15 minutes ahead; one more minute covers the
 * difference between our clock and theirs. A shorter stock hold closes the order itself (closeOrder).
 */
export const CASHFREE_MIN_EXPIRY_MS = 16 * 60_000;

function toOrder(body: CashfreeOrderBody): ProviderOrder {
  if (typeof body.order_id !== 'string' || typeof body.order_status !== 'string') {
    throw new PaymentProviderError('Cashfree answered without an order');
  }
  return {
    orderId: body.order_id,
    status: body.order_status as ProviderOrderStatus,
    amount: Number(body.order_amount),
    currency: typeof body.order_currency === 'string' ? body.order_currency : '',
    paymentSessionId: typeof body.payment_session_id === 'string' ? body.payment_session_id : '',
  };
}

/** Cashfree Payment Gateway over its REST API (no SDK: four calls and a signature). */
export function createCashfreeProvider(options: CashfreeOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 3;
  const baseDelay = options.retryDelayMs ?? 250;
  const now = options.now ?? Date.now;

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-id': options.clientId,
      'x-client-secret': options.clientSecret,
      'x-api-version': options.apiVersion,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    // Cashfree logs it with the call: support on both sides can find the same request.
    const requestId = currentRequest()?.requestId;
    if (requestId) headers['x-request-id'] = requestId;
    let lastError = 'Cashfree could not be reached';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        if (attempt < attempts) await sleep(baseDelay * 2 ** (attempt - 1));
        continue;
      }
      const json: unknown = await response.json().catch(() => ({}));
      if (response.status === 429 || response.status >= 500) {
        lastError = messageOf(json) ?? `Cashfree answered ${response.status}`;
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = retryAfter > 0 ? Math.min(retryAfter * 1000, 5000) : baseDelay * 2 ** (attempt - 1);
        if (attempt < attempts) await sleep(wait);
        continue;
      }
      return { status: response.status, json };
    }
    throw new PaymentProviderError(lastError, 503);
  }

  async function getOrder(orderId: string): Promise<ProviderOrder> {
    const { status, json } = await call('GET', `/orders/${encodeURIComponent(orderId)}`);
    if (status !== 200)
      throw new PaymentProviderError(messageOf(json) ?? `Cashfree answered ${status}`, status);
    return toOrder(json as CashfreeOrderBody);
  }

  async function getRefund(orderId: string, refundId: string): Promise<ProviderRefund> {
    const { status, json } = await call(
      'GET',
      `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`,
    );
    if (status !== 200)
      throw new PaymentProviderError(messageOf(json) ?? `Cashfree answered ${status}`, status);
    return toRefund(json as CashfreeRefundBody);
  }

  return {
    name: 'cashfree',
    async createOrder(order: CreatePaymentOrder) {
      const { status, json } = await call(
        'POST',
        '/orders',
        {
          order_id: order.orderId,
          order_amount: order.amount,
          order_currency: 'INR',
          customer_details: {
            customer_id: order.customer.id,
            customer_name: order.customer.name,
            customer_email: order.customer.email,
            customer_phone: order.customer.phone,
          },
          order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl },
          order_expiry_time: new Date(
            Math.max(order.expiresAt.getTime(), now() + CASHFREE_MIN_EXPIRY_MS),
          ).toISOString(),
        },
        order.idempotencyKey,
      );
      if (status === 200 || status === 201) {
        const created = toOrder(json as CashfreeOrderBody);
        if (!created.paymentSessionId) throw new PaymentProviderError('Cashfree gave no payment session');
        return { paymentSessionId: created.paymentSessionId };
      }
      // An earlier try already made this order (our id is the order_id): carry on with its session.
      if (status === 409) {
        const existing = await getOrder(order.orderId);
        if (existing.status !== 'ACTIVE' || !existing.paymentSessionId) {
          throw new PaymentProviderError(`This order is already ${existing.status.toLowerCase()}`, 409);
        }
        return { paymentSessionId: existing.paymentSessionId };
      }
      throw new PaymentProviderError(messageOf(json) ?? `Cashfree answered ${status}`, status);
    },
    getOrder,
    async closeOrder(orderId: string) {
      const { status, json } = await call('PATCH', `/orders/${encodeURIComponent(orderId)}`, {
        order_status: 'TERMINATED',
      });
      if (status === 200) return toOrder(json as CashfreeOrderBody).status;
      // Refused because the order is no longer ACTIVE (paid, expired, terminated): say what it is.
      return (await getOrder(orderId)).status;
    },
    async getPayments(orderId: string): Promise<ProviderPayment[]> {
      const { status, json } = await call('GET', `/orders/${encodeURIComponent(orderId)}/payments`);
      if (status !== 200)
        throw new PaymentProviderError(messageOf(json) ?? `Cashfree answered ${status}`, status);
      if (!Array.isArray(json)) return [];
      return json.map(
        (p: { cf_payment_id?: unknown; payment_status?: unknown; payment_amount?: unknown }) => ({
          cfPaymentId: String(p.cf_payment_id),
          status: String(p.payment_status),
          amount: Number(p.payment_amount),
        }),
      );
    },
    verifyWebhook(request) {
      return verifySignedWebhook(request, {
        secret: options.clientSecret,
        maxAgeMs: options.webhookMaxAgeMs,
        now,
      });
    },
    async createRefund(refund: CreateRefund) {
      const { status, json } = await call(
        'POST',
        `/orders/${encodeURIComponent(refund.orderId)}/refunds`,
        {
          refund_amount: Math.round(refund.amount * 100) / 100,
          refund_id: refund.refundId,
          refund_note: refund.note.slice(0, 100),
        },
        `refund-${refund.refundId}`,
      );
      if (status === 200 || status === 201) return toRefund(json as CashfreeRefundBody);
      // An earlier try already made this refund (our id is its refund_id): answer that one.
      if (status === 409) return getRefund(refund.orderId, refund.refundId);
      throw new PaymentProviderError(messageOf(json) ?? `Cashfree answered ${status}`, status);
    },
    getRefund,
    verifyRefundWebhook(request) {
      return verifySignedRefundWebhook(request, {
        secret: options.clientSecret,
        maxAgeMs: options.webhookMaxAgeMs,
        now,
      });
    },
  };
}

interface CashfreeRefundBody {
  cf_refund_id?: unknown;
  refund_id?: unknown;
  order_id?: unknown;
  refund_amount?: unknown;
  refund_status?: unknown;
  status_description?: unknown;
}

/** Cashfree's refund_status: SUCCESS, PENDING, ONHOLD (still open) or CANCELLED (it will not happen). */
function toRefund(body: CashfreeRefundBody): ProviderRefund {
  if (typeof body.refund_id !== 'string' || typeof body.refund_status !== 'string') {
    throw new PaymentProviderError('Cashfree answered without a refund');
  }
  const word = body.refund_status.toUpperCase();
  return {
    refundId: body.refund_id,
    orderId: typeof body.order_id === 'string' ? body.order_id : '',
    cfRefundId:
      typeof body.cf_refund_id === 'string' || typeof body.cf_refund_id === 'number'
        ? String(body.cf_refund_id)
        : '',
    status: word === 'SUCCESS' ? 'SUCCESS' : word === 'CANCELLED' || word === 'FAILED' ? 'FAILED' : 'PENDING',
    providerStatus: word,
    description: typeof body.status_description === 'string' ? body.status_description : '',
    amount: Number(body.refund_amount),
  };
}

function messageOf(json: unknown): string | undefined {
  const m = (json as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m : undefined;
}
