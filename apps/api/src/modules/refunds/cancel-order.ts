import { canCancel, REFUND_MESSAGES, REFUNDABLE_STATES, type OrderActorName } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import type { AuthUser } from '../../plugins/auth.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import { AWAITING_PAYMENT, findOrderById, orderEventPayload, type OrderRow } from '../orders/order-data.js';
import { fileRefund, paidPaise } from './file-refund.js';
import type { CancelContext } from './refund-context.js';
import * as repo from './refunds.repository.js';
import { sendRefund } from './send-refund.js';
import { staffActorOf } from './staff-actor.js';

function refuseUncancellable(order: OrderRow) {
  if (order.cancelledAt) throw new AppError('CONFLICT', REFUND_MESSAGES.alreadyCancelled);
  if (!canCancel(order)) throw new AppError('CONFLICT', REFUND_MESSAGES.alreadyDispatched);
  // An unpaid order whose hold ran out was closed already: nothing is left to cancel.
  if (AWAITING_PAYMENT.includes(order.paymentState) && !order.stockHeld)
    throw new AppError('CONFLICT', REFUND_MESSAGES.closedUnpaid);
}

/** How a buyer's cancel came: signed in as the buyer, or with the order's key (decision 063). */
export interface BuyerCancel {
  by: 'buyer' | 'key';
  /** Who was signed in, if anyone: recorded as who cancelled, the buyer or not. */
  actor: AuthUser | null;
}

/**
 * The buyer cancels their order before it is dispatched. The caller has proved that the request
 * holds the order (OrderLinks.holderOf): signed in as its buyer, or with its key. Signed-in people
 * who see other people's order ids in their lists (sellers, the team) hold no key, and the id alone
 * opens nothing. The record names whoever was signed in, so a key used from another account says so.
 */
export async function cancelOrderAsBuyer(
  ctx: CancelContext,
  holder: BuyerCancel,
  orderId: string,
  reason: string,
) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (holder.by === 'buyer' && holder.actor?.id !== order.buyerUserId)
    throw new AppError('FORBIDDEN', REFUND_MESSAGES.notTheBuyer);
  return cancelOrder(ctx, order, { actor: 'buyer', userId: holder.actor?.id ?? null, reason });
}

/** The seller (their own orders) or the admin cancels, with a reason the buyer is told. */
export async function cancelOrderAsStaff(
  ctx: CancelContext,
  actor: AuthUser,
  orderId: string,
  reason: string,
) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const as = staffActorOf(actor, order);
  return cancelOrder(ctx, order, { actor: as, userId: actor.id, reason });
}

/**
 * Cancels an order that has not gone out: in one transaction, with the order locked, who, when and
 * why are recorded, its stock comes back, order.cancelled is recorded and, for a paid order, a
 * refund of everything not refunded yet is filed; that refund is then sent to the provider. An
 * unpaid order's payment session is closed first, so no payment can start after the cancel; a
 * payment that got there first is settled and then refunded with the rest.
 */
export async function cancelOrder(
  ctx: CancelContext,
  found: OrderRow,
  by: { actor: OrderActorName; userId: string | null; reason: string },
) {
  refuseUncancellable(found);
  if (found.provider && found.stockHeld && AWAITING_PAYMENT.includes(found.paymentState)) {
    try {
      const status = await ctx.provider.closeOrder(found.id);
      if (status === 'PAID') await ctx.reconcile(found.id);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
  }
  const at = new Date((ctx.now ?? Date.now)());
  const refund = await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, found.id);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    refuseUncancellable(order);
    const cancelled = await repo.cancelLockedOrder(tx, order, { ...by, at });
    if (!cancelled) throw new AppError('CONFLICT', 'The order changed meanwhile; reload and try again');
    await recordEvent(tx, {
      type: 'order.cancelled',
      payload: { ...(await orderEventPayload(tx, cancelled)), cancelledBy: by.actor, reason: by.reason },
    });
    if (!REFUNDABLE_STATES.includes(cancelled.paymentState)) return undefined;
    const totals = await repo.refundTotals(tx, cancelled.id);
    const left = paidPaise(cancelled) - totals.succeeded - totals.pending;
    if (left <= 0) return undefined;
    return fileRefund(tx, cancelled, {
      amountPaise: left,
      reason: by.reason,
      actor: by.actor,
      actorUserId: by.userId,
    });
  });
  if (refund) await sendRefund(ctx, refund);
}
