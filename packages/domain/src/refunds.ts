import { z } from './zod.js';
import { idSchema } from './ids.js';
import type { FulfilmentState, PaymentState } from './orders.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { REFUND_MESSAGES, REFUND_STATE_LABELS } from './texts/refunds.js';

// Cancellations and refunds (issue 23, decision 030). Amounts are paise (₹1 = 100 paise).

export const REFUND_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** PROVIDER: back through the payment provider. PAYOUT: paid out by the seller (cash on delivery). */
export const REFUND_METHODS = ['PROVIDER', 'PAYOUT'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const ORDER_ACTORS = ['buyer', 'seller', 'admin', 'system'] as const;
export type OrderActorName = (typeof ORDER_ACTORS)[number];

export const reasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'Keep the reason under 500 characters');

/** The reason recorded when the buyer cancels without saying why. */
export const BUYER_CANCEL_REASON = 'Cancelled by the buyer';

/** The buyer may say why; the seller and the admin must (the buyer is told it). */
export const buyerCancelRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'Keep the reason under 500 characters')
    .optional()
    .transform((v) => (v ? v : BUYER_CANCEL_REASON)),
});
export type BuyerCancelRequest = z.input<typeof buyerCancelRequestSchema>;

export const staffCancelRequestSchema = z.object({ reason: reasonSchema });
export type StaffCancelRequest = z.input<typeof staffCancelRequestSchema>;

/** Rupees as typed (at most two decimals), as paise. */
export const refundAmountSchema = z.coerce
  .number({ error: 'Enter an amount in rupees, like 499 or 499.50' })
  .refine((n) => Number.isFinite(n), 'Enter an amount in rupees, like 499 or 499.50')
  .refine((n) => n > 0, 'Enter an amount above ₹0')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals (paise)')
  .refine((n) => n <= 10_000_000, 'The amount is too large')
  .transform((n) => Math.round(n * 100));

export const refundRequestSchema = z.object({ amount: refundAmountSchema, reason: reasonSchema });
export type RefundRequest = z.input<typeof refundRequestSchema>;
export type ParsedRefundRequest = z.output<typeof refundRequestSchema>;

export const refundCreatedSchema = z.object({ refundId: z.string(), amountPaise: z.number().int() });

export const orderActionParamsSchema = z.object({ orderId: idSchema });

export const refundViewSchema = z.object({
  refundId: z.string(),
  amountPaise: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  method: z.enum(REFUND_METHODS),
  refundedBy: z.enum(ORDER_ACTORS),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

export const cancellationViewSchema = z.object({
  by: z.enum(ORDER_ACTORS),
  reason: z.string(),
  at: z.string(),
});
export type CancellationView = z.infer<typeof cancellationViewSchema>;

/** States whose money came in (or is on its way back): only these have anything to refund. */
export const REFUNDABLE_STATES: readonly PaymentState[] = [
  'PAID',
  'REFUND_DUE',
  'REFUND_PENDING',
  'PARTIALLY_REFUNDED',
];

/**
 * The payment state an order's refunds give it: any refund still open makes it REFUND_PENDING;
 * then REFUNDED when everything paid went back, PARTIALLY_REFUNDED when some did, and otherwise
 * what it was before (REFUND_DUE while the money is still owed: a cancelled or too-late order).
 */
export function paymentStateAfterRefunds(r: {
  paidPaise: number;
  succeededPaise: number;
  pendingPaise: number;
  owed: boolean;
}): PaymentState {
  if (r.pendingPaise > 0) return 'REFUND_PENDING';
  if (r.succeededPaise >= r.paidPaise && r.paidPaise > 0) return 'REFUNDED';
  if (r.succeededPaise > 0) return 'PARTIALLY_REFUNDED';
  return r.owed ? 'REFUND_DUE' : 'PAID';
}

/** Before dispatch only, once. */
export function canCancel(order: { fulfilment: FulfilmentState; cancelledAt: unknown }): boolean {
  return order.fulfilment === 'NEW' && !order.cancelledAt;
}

/** What the buyer reads about an order's money and cancellation, in words. */
export function orderStateInWords(order: {
  paymentState: PaymentState;
  cancellation?: CancellationView | null | undefined;
}): string | null {
  const c = order.cancellation;
  if (c) {
    if (c.by === 'buyer') return 'Cancelled by you';
    if (c.by === 'system') return `Cancelled: ${c.reason}`;
    return `Cancelled by the ${c.by}: ${c.reason}`;
  }
  return null;
}
