// Texts of `refunds.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { PaymentState } from '../orders.js';

/** ₹1,499.50 (whole rupees without decimals): an amount in paise as the buyer reads it. */
function rupeesOf(paise: number): string {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

export const REFUND_MESSAGES = {
  cancelled: 'Order cancelled',
  refundRequested: 'Refund requested',
  alreadyDispatched: 'This order has been dispatched and can no longer be cancelled',
  alreadyCancelled: 'This order is already cancelled',
  closedUnpaid: 'This order was closed unpaid and its stock released; there is nothing to cancel',
  notRefundable: 'This order has no payment to refund',
  tooMuch: (leftPaise: number) =>
    leftPaise > 0
      ? `At most ${rupeesOf(leftPaise)} can still be refunded`
      : 'Everything paid has been refunded already',
  notYours: 'This order is not for your products',
  notTheBuyer: 'Only the buyer can cancel this order here',
  /** Neither the buyer's session nor the order's key came with the request (decision 063). */
  needsLink: 'This order opens from the link in its confirmation message, or when you sign in as its buyer',
} as const;

export const REFUND_STATE_LABELS: Partial<Record<PaymentState, string>> = {
  REFUND_PENDING: 'Refund pending',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
};
