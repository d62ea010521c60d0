import { AppError } from '../../lib/app-error.js';
import { findOrderView, toView } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import type { OrderRow } from './orders.repository.js';
import type { PlacedOrder } from './place-order.js';

/**
 * The same key again: the same order, never a second one; another request with it is refused. A
 * function of its own, not a method: nothing here breaks when a caller takes it apart (issue 42).
 */
export async function replayOrder(
  ctx: OrdersContext,
  earlier: OrderRow,
  requestHash: string,
  origin: string,
): Promise<PlacedOrder> {
  if (earlier.requestHash !== requestHash) {
    throw new AppError('CONFLICT', 'This idempotency key was used for a different order');
  }
  const pays = earlier.paymentState !== 'NOT_REQUIRED' && earlier.paymentMethod === 'ONLINE';
  const paymentSessionId =
    pays && earlier.paymentState !== 'PAID' ? await ctx.payments.openPayment(earlier, origin) : undefined;
  return {
    created: false,
    order: toView(await findOrderView(ctx.db, earlier.id)),
    accountCreated: false,
    passwordSentTo: null,
    ...(paymentSessionId ? { paymentSessionId } : {}),
  };
}
