import type { PaymentProviderName } from '../../db/schema/orders.js';

export interface CreatePaymentOrder {
  /** Our order id, sent as the provider's `order_id`. */
  orderId: string;
  /** Whole rupees. */
  amount: number;
  customer: { id: string; name: string; email: string; phone: string };
  returnUrl: string;
  notifyUrl: string;
  /** Same key on a retry, so the provider never makes two orders for one click. */
  idempotencyKey: string;
  /**
   * When our stock hold ends: no new payment attempt may start after it. A provider that refuses so
   * short an expiry sets its shortest and has the order closed (closeOrder) at this time instead.
   */
  expiresAt: Date;
}

/** The provider's view of an order (Cashfree `order_status`). */
export type ProviderOrderStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED';

export interface ProviderOrder {
  orderId: string;
  status: ProviderOrderStatus;
  /** As the provider reports it, in rupees (may carry decimals). */
  amount: number;
  currency: string;
  paymentSessionId: string;
}

export interface ProviderPayment {
  cfPaymentId: string;
  /** SUCCESS, FAILED, USER_DROPPED, PENDING, NOT_ATTEMPTED, CANCELLED… */
  status: string;
  amount: number;
}

/** A webhook whose signature and age were checked; its content is still only a trigger. */
export interface VerifiedWebhook {
  type: string;
  orderId: string;
  cfPaymentId: string;
  paymentStatus: string;
}

/** A refund webhook whose signature and age were checked; a trigger to fetch the refund. */
export interface VerifiedRefundWebhook {
  type: string;
  orderId: string;
  /** Ours (the refund row's id). */
  refundId: string;
  refundStatus: string;
}

export interface CreateRefund {
  orderId: string;
  /** Ours, sent as the provider's `refund_id`: asking again with it is the same refund. */
  refundId: string;
  /** Rupees, with paise as decimals. */
  amount: number;
  note: string;
}

/** SUCCESS: the money left; FAILED: it will not (Cashfree CANCELLED); PENDING: not yet known. */
export type ProviderRefundStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface ProviderRefund {
  refundId: string;
  orderId: string;
  cfRefundId: string;
  status: ProviderRefundStatus;
  /** The provider's own word (SUCCESS, PENDING, ONHOLD, CANCELLED) and description. */
  providerStatus: string;
  description: string;
  /** Rupees, as the provider reports it. */
  amount: number;
}

export interface WebhookRequest {
  rawBody: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
}

/** Hosted card payment: the real adapter (Cashfree) and the embedded simulator implement it. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the provider's order (or finds the one made by an earlier try) and returns its session. */
  createOrder(order: CreatePaymentOrder): Promise<{ paymentSessionId: string }>;
  getOrder(orderId: string): Promise<ProviderOrder>;
  /**
   * Ends the order's payment session (Cashfree's Terminate Order): no new attempt can start. Answers
   * the order's status after it: PAID when a payment got there first; TERMINATION_REQUESTED while an
   * attempt already under way may still succeed.
   */
  closeOrder(orderId: string): Promise<ProviderOrderStatus>;
  getPayments(orderId: string): Promise<ProviderPayment[]>;
  /** Throws `WebhookRejected` for a forged, malformed or stale webhook. */
  verifyWebhook(request: WebhookRequest): VerifiedWebhook;
  /**
   * Refunds part or all of a paid order. Idempotent by `refundId`: asking again answers the refund
   * made the first time, never a second one.
   */
  createRefund(refund: CreateRefund): Promise<ProviderRefund>;
  /** The refund's status as the provider knows it: what settles it, never a webhook's word. */
  getRefund(orderId: string, refundId: string): Promise<ProviderRefund>;
  /** As verifyWebhook, for refund webhooks. */
  verifyRefundWebhook(request: WebhookRequest): VerifiedRefundWebhook;
}

export class WebhookRejected extends Error {
  constructor(readonly reason: string) {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

/** The provider could not be reached or refused us; its message is shown to the buyer. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
