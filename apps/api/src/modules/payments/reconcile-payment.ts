import { AppError } from '../../lib/app-error.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import { AWAITING_PAYMENT, findOrderById } from '../orders/order-data.js';
import { payOrder } from './pay-order.js';
import type { PaymentsContext } from './payments-context.js';
import { markAttemptOutcome, releaseHold } from './payments.repository.js';
import { recordPayments } from './record-payments.js';

/**
 * Brings our order in line with the provider's: only a provider answer changes a payment state,
 * and "paid" needs the provider's order PAID for exactly our amount in rupees. A closed order
 * (its hold released) is still asked about, for a payment that arrives late.
 */
export async function reconcilePayment(ctx: PaymentsContext, orderId: string): Promise<void> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order || order.provider !== ctx.provider.name || !AWAITING_PAYMENT.includes(order.paymentState))
    return;
  ctx.lastPolled.set(orderId, ctx.now());
  const remote = await ctx.provider.getOrder(orderId);
  if (remote.status === 'PAID') {
    await payOrder(ctx, order, remote);
    return;
  }
  if (!order.stockHeld) return;
  if (remote.status !== 'ACTIVE') {
    await releaseHold(ctx.db, orderId);
    return;
  }
  const attempts = await recordPayments(ctx, orderId);
  const latest = attempts.at(-1);
  if (latest?.status === 'FAILED') await markAttemptOutcome(ctx.db, orderId, 'FAILED');
  // The buyer left the payment: the hold ends now, and so does the session (decision 019).
  else if (latest && ['USER_DROPPED', 'CANCELLED'].includes(latest.status)) await endHold(ctx, orderId);
}

/** reconcilePayment(), with the provider's failure answered 503, so that the provider retries. */
export async function reconcileOrUnavailable(ctx: PaymentsContext, orderId: string) {
  try {
    await reconcilePayment(ctx, orderId);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
}

/**
 * Ends an unpaid order's hold: its session is closed at the provider first, so no new attempt
 * can start, then its stock goes back on sale. A payment that got there first is settled instead.
 */
export async function endHold(ctx: PaymentsContext, orderId: string): Promise<void> {
  const status = await ctx.provider.closeOrder(orderId);
  if (status === 'PAID') await reconcilePayment(ctx, orderId);
  else await releaseHold(ctx.db, orderId);
}
