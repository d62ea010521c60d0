import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findOrderById } from '../orders/order-data.js';
import type { RefundContext } from './refund-context.js';
import { requestRefund } from './request-refund.js';
import { staffActorOf } from './staff-actor.js';

/** The seller's or the admin's refund, from the order pages. */
export async function refundOrder(
  ctx: RefundContext,
  actor: AuthUser,
  orderId: string,
  input: { amountPaise: number; reason: string },
) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const as = staffActorOf(actor, order);
  // A cash-on-delivery order's money is with the seller, who pays it back (cod-refunds.ts).
  const method = order.paymentMethod === 'COD' ? 'PAYOUT' : 'PROVIDER';
  return requestRefund(ctx, orderId, { ...input, actor: as, actorUserId: actor.id, method });
}
