import { randomText } from '../../lib/ids.js';
import {
  PaymentProviderError,
  type CreatePaymentOrder,
  type CreateRefund,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-provider.js';
import { signWebhook, verifySignedRefundWebhook, verifySignedWebhook } from './webhook-signature.js';

export type SimulatorOutcome = 'pay' | 'fail' | 'cancel';

/**
 * Kept for every order until a day after its window (a run of the orders benchmark makes 100,000),
 * so only what is needed, and nothing twice: payments and refunds only once there are any, no
 * index entry for the session (its id carries the order's) nor for the usual idempotency key
 * (`order-<id>`); of the session id only its random part, of the return URL only what comes before
 * the order's id (shared by every order of a product). About 100 bytes of heap an order beside its
 * id, instead of 370 (the second 100,000 of 200,000 orders, measured after `gc()`): the store had
 * been a tenth of the server's peak memory on the order bench (peak RSS 159-164 MB with it, 143-145
 * MB without), and a growing cost of its garbage collections.
 */
interface SimulatedOrder {
  orderId: string;
  status: ProviderOrder['status'];
  expiresAt: number;
  amount: number;
  /** The random part of the payment session's id (sessionIdOf). */
  sessionRandom: string;
  /** Only a key other than the usual one, which its index holds. */
  idempotencyKey: string | undefined;
  /** The return URL, or what comes before the order's id when it ends with it (returnUrlOf). */
  returnUrl: string;
  returnUrlEndsWithId: boolean;
  notifyUrl: string;
  customerName: string;
  payments?: ProviderPayment[];
  refunds?: ProviderRefund[];
}

export interface SimulatedWebhook {
  /** Path and query of our notify URL. */
  path: string;
  rawBody: string;
  headers: Record<string, string>;
}

export interface PaymentSimulator extends PaymentProvider {
  /** What the hosted page shows for a session; undefined for an unknown session. */
  session(
    sessionId: string,
  ): { orderId: string; amount: number; status: string; customerName: string } | undefined;
  /** The buyer's choice on the hosted page: records the attempt and signs the webhook to send. */
  complete(
    sessionId: string,
    outcome: SimulatorOutcome,
  ): { webhook: SimulatedWebhook; returnUrl: string } | undefined;
  /**
   * Where the simulator sends its signed refund webhooks (our webhook route, as Cashfree would).
   * A refund settles `refundSettleMs` after it was asked for, webhook or not.
   */
  deliverRefundWebhooks(send: (webhook: SimulatedWebhook) => Promise<void>): void;
  /** Tests: the next refunds asked for fail (Cashfree's CANCELLED) instead of succeeding. */
  failRefunds(fail: boolean): void;
}

/** How long after its payment window the simulator still answers for an order. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

const EVENT: Record<SimulatorOutcome, { type: string; status: string }> = {
  pay: { type: 'PAYMENT_SUCCESS_WEBHOOK', status: 'SUCCESS' },
  fail: { type: 'PAYMENT_FAILED_WEBHOOK', status: 'FAILED' },
  cancel: { type: 'PAYMENT_USER_DROPPED_WEBHOOK', status: 'USER_DROPPED' },
};

/**
 * The embedded stand-in for Cashfree: keeps its orders in memory, serves a hosted checkout page of
 * its own (modules/payments) and reports outcomes to our webhook signed exactly as Cashfree signs.
 * Like Cashfree, a failed or dropped attempt leaves the order ACTIVE, so the buyer can retry.
 * An order is forgotten a day after its payment window closed (FORGET_AFTER_MS).
 */
export function createPaymentSimulator(options: {
  secret: string;
  webhookMaxAgeMs: number;
  now?: () => number;
  /** How long after it is asked for a refund settles; 0 by default (on the next turn). */
  refundSettleMs?: number;
}): PaymentSimulator {
  const now = options.now ?? Date.now;
  const orders = new Map<string, SimulatedOrder>();
  /** Only keys other than the payments module's own `order-<order id>` (openProviderSession). */
  const byIdempotencyKey = new Map<string, string>();
  const usualKey = (orderId: string) => `order-${orderId}`;
  const byKey = (key: string) =>
    byIdempotencyKey.get(key) ?? (key.startsWith('order-') ? key.slice('order-'.length) : '');
  /** Every order has the same notify URL: one string for all, not one each. */
  let notifyUrl = '';
  const SESSION_PREFIX = 'session_sim_';
  const SESSION_RANDOM = 24; // characters of 18 random bytes in base64url
  const sessionIdOf = (order: SimulatedOrder) => `${SESSION_PREFIX}${order.sessionRandom}${order.orderId}`;
  const orderOfSession = (sessionId: string) => {
    const order = orders.get(sessionId.slice(SESSION_PREFIX.length + SESSION_RANDOM));
    return order && sessionIdOf(order) === sessionId ? order : undefined;
  };
  const returnUrlOf = (order: SimulatedOrder) =>
    order.returnUrlEndsWithId ? `${order.returnUrl}${order.orderId}` : order.returnUrl;
  // The return URLs' beginnings (`/thankyou/<product>?order_id=`): one string for all orders of a product.
  const sharedBeginnings = createSharedStrings(10_000);
  let sendRefundWebhook: ((webhook: SimulatedWebhook) => Promise<void>) | undefined;
  let refundsFail = false;

  const signed = (rawBody: string, notifyUrl: string): SimulatedWebhook => {
    const timestamp = String(now());
    const url = new URL(notifyUrl, 'http://localhost');
    return {
      path: `${url.pathname}${url.search}`,
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(timestamp, rawBody, options.secret),
      },
    };
  };

  /** The bank's answer, some time after the refund was asked for: then the webhook, as Cashfree. */
  const settleRefund = (order: SimulatedOrder, refund: ProviderRefund, fail: boolean) => {
    if (refund.status !== 'PENDING') return;
    refund.status = fail ? 'FAILED' : 'SUCCESS';
    refund.providerStatus = fail ? 'CANCELLED' : 'SUCCESS';
    refund.description = fail ? 'Refund cancelled by the bank' : 'Refund processed successfully';
    const rawBody = JSON.stringify({
      type: 'REFUND_STATUS_WEBHOOK',
      event_time: new Date(now()).toISOString(),
      data: {
        refund: {
          cf_refund_id: refund.cfRefundId,
          refund_id: refund.refundId,
          order_id: order.orderId,
          refund_amount: refund.amount,
          refund_currency: 'INR',
          refund_status: refund.providerStatus,
          status_description: refund.description,
        },
      },
    });
    void sendRefundWebhook?.(signed(rawBody, order.notifyUrl)).catch(() => undefined);
  };

  /**
   * A server left running on the simulator would otherwise keep every order it ever made. By a day
   * after the payment window the app has settled the order (its overdue sweep asks minutes after
   * the window). Orders are created in time order and share one window length, so the oldest come
   * first in the Map.
   */
  const forgetOld = () => {
    for (const [orderId, order] of orders) {
      if (order.expiresAt + FORGET_AFTER_MS > now()) break;
      orders.delete(orderId);
      if (order.idempotencyKey) byIdempotencyKey.delete(order.idempotencyKey);
    }
  };

  /** As Cashfree does: an order not paid by its expiry time is EXPIRED and takes no payment. */
  const expire = (order: SimulatedOrder | undefined) => {
    if (order?.status === 'ACTIVE' && now() >= order.expiresAt) order.status = 'EXPIRED';
    return order;
  };
  const find = (orderId: string) => {
    const order = expire(orders.get(orderId));
    if (!order) throw new PaymentProviderError('order not found', 404);
    return order;
  };

  return {
    name: 'simulator',
    async createOrder(order: CreatePaymentOrder) {
      forgetOld();
      const earlier = expire(orders.get(order.orderId) ?? orders.get(byKey(order.idempotencyKey)));
      if (earlier) {
        if (earlier.status !== 'ACTIVE') {
          throw new PaymentProviderError(`This order is already ${earlier.status.toLowerCase()}`, 409);
        }
        return { paymentSessionId: sessionIdOf(earlier) };
      }
      if (order.notifyUrl !== notifyUrl) notifyUrl = order.notifyUrl;
      const unusualKey = order.idempotencyKey !== usualKey(order.orderId);
      const returnUrlEndsWithId = order.returnUrl.endsWith(order.orderId);
      const made: SimulatedOrder = {
        orderId: order.orderId,
        status: 'ACTIVE',
        expiresAt: order.expiresAt.getTime(),
        amount: order.amount,
        sessionRandom: randomText(18, 'base64url'),
        idempotencyKey: unusualKey ? order.idempotencyKey : undefined,
        returnUrl: returnUrlEndsWithId
          ? sharedBeginnings(order.returnUrl.slice(0, order.returnUrl.length - order.orderId.length))
          : order.returnUrl,
        returnUrlEndsWithId,
        notifyUrl,
        customerName: order.customer.name,
      };
      orders.set(order.orderId, made);
      if (unusualKey) byIdempotencyKey.set(order.idempotencyKey, order.orderId);
      return { paymentSessionId: sessionIdOf(made) };
    },
    async getOrder(orderId) {
      const order = find(orderId);
      const { status, amount } = order;
      return {
        orderId: order.orderId,
        status,
        amount,
        currency: 'INR',
        paymentSessionId: sessionIdOf(order),
      };
    },
    async getPayments(orderId) {
      return (find(orderId).payments ?? []).map((p) => ({ ...p }));
    },
    async closeOrder(orderId) {
      const order = find(orderId);
      if (order.status === 'ACTIVE') order.status = 'TERMINATED';
      return order.status;
    },
    verifyWebhook(request) {
      return verifySignedWebhook(request, { secret: options.secret, maxAgeMs: options.webhookMaxAgeMs, now });
    },
    verifyRefundWebhook(request) {
      return verifySignedRefundWebhook(request, {
        secret: options.secret,
        maxAgeMs: options.webhookMaxAgeMs,
        now,
      });
    },
    async createRefund(refund: CreateRefund) {
      const order = find(refund.orderId);
      const refunds = (order.refunds ??= []);
      const earlier = refunds.find((r) => r.refundId === refund.refundId);
      if (earlier) return { ...earlier };
      if (order.status !== 'PAID') throw new PaymentProviderError('Order is not paid', 400);
      const open = refunds.filter((r) => r.status !== 'FAILED').reduce((sum, r) => sum + r.amount, 0);
      // As Cashfree: never more back than was paid.
      if (Math.round((open + refund.amount) * 100) > Math.round(order.amount * 100)) {
        throw new PaymentProviderError('Refund amount is more than the amount left to refund', 400);
      }
      const made: ProviderRefund = {
        refundId: refund.refundId,
        orderId: order.orderId,
        cfRefundId: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)),
        status: 'PENDING',
        providerStatus: 'PENDING',
        description: 'Refund is being processed',
        amount: refund.amount,
      };
      refunds.push(made);
      const fail = refundsFail;
      setTimeout(() => settleRefund(order, made, fail), options.refundSettleMs ?? 0).unref();
      return { ...made };
    },
    async getRefund(orderId, refundId) {
      const refund = find(orderId).refunds?.find((r) => r.refundId === refundId);
      if (!refund) throw new PaymentProviderError('refund not found', 404);
      return { ...refund };
    },
    deliverRefundWebhooks(send) {
      sendRefundWebhook = send;
    },
    failRefunds(fail) {
      refundsFail = fail;
    },
    session(sessionId) {
      const order = expire(orderOfSession(sessionId));
      if (!order) return undefined;
      return {
        orderId: order.orderId,
        amount: order.amount,
        status: order.status,
        customerName: order.customerName,
      };
    },
    complete(sessionId, outcome) {
      const order = expire(orderOfSession(sessionId));
      if (!order || order.status !== 'ACTIVE') return undefined;
      const event = EVENT[outcome];
      const cfPaymentId = String(Date.now() * 1000 + Math.floor(Math.random() * 1000));
      (order.payments ??= []).push({ cfPaymentId, status: event.status, amount: order.amount });
      if (outcome === 'pay') order.status = 'PAID';
      const rawBody = JSON.stringify({
        type: event.type,
        event_time: new Date(now()).toISOString(),
        data: {
          order: { order_id: order.orderId, order_amount: order.amount, order_currency: 'INR' },
          payment: { cf_payment_id: cfPaymentId, payment_status: event.status, payment_amount: order.amount },
        },
      });
      return { returnUrl: returnUrlOf(order), webhook: signed(rawBody, order.notifyUrl) };
    },
  };
}

/**
 * One string for equal strings, for up to `max` distinct ones (then each is kept as it comes): a
 * bound on the table, however many distinct strings the requests bring.
 */
function createSharedStrings(max: number) {
  const table = new Map<string, string>();
  return (text: string) => {
    const known = table.get(text);
    if (known !== undefined) return known;
    if (table.size < max) table.set(text, text);
    return text;
  };
}
