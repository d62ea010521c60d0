import { AppError } from '../../lib/app-error.js';
import { findOrderById } from '../orders/order-data.js';
import { openPayment } from './open-payment.js';
import type { PaymentsContext } from './payments-context.js';

/** Opens the hosted checkout again for an order that is not paid yet. */
export async function retryPayment(ctx: PaymentsContext, orderId: string, origin: string) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentState === 'PAID' || order.paymentState === 'REFUND_DUE')
    throw new AppError('CONFLICT', 'This order is already paid');
  if (order.paymentState === 'NOT_REQUIRED') throw new AppError('CONFLICT', 'This order needs no payment');
  if (order.paymentMethod === 'COD') throw new AppError('CONFLICT', 'This order is paid in cash on delivery');
  // A hold past its time is closed by the next sweep; until then it takes no new attempt either.
  const ended = !order.holdExpiresAt || order.holdExpiresAt.getTime() <= ctx.now();
  if (!order.stockHeld || ended) {
    throw new AppError('CONFLICT', 'This order was closed and its stock released; please order again');
  }
  return { paymentSessionId: await openPayment(ctx, order, origin) };
}
