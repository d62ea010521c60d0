import { PAYOUT_MESSAGES, payoutText, type PayoutDetails, type RefundPayoutView } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findOrderById } from '../orders/order-data.js';
import type { RefundContext } from './refund-context.js';
import { settleRefund } from './settle-refund.js';
import { staffActorOf } from './staff-actor.js';
import * as repo from './cod-refunds.repository.js';

// Refunds of cash-on-delivery orders (decision 032): nothing was paid through the provider, so the
// seller pays the buyer back by UPI or bank transfer. The refund is filed as any refund (method
// PAYOUT, decision 030); the buyer says where to pay it, the seller records the payout with its
// reference, and only then is it SUCCESS (refund.succeeded, which the ledger books).

type Viewer = 'buyer' | 'staff';

function toView(
  row: Awaited<ReturnType<typeof repo.payoutRefundsOfOrder>>[number],
  viewer: Viewer,
): RefundPayoutView {
  const details = row.payout?.details;
  return {
    refundId: row.refund.id,
    amountPaise: row.refund.amountPaise,
    status: row.refund.status,
    payTo: details ? payoutText(details, viewer === 'staff') : null,
    reference: row.payout?.reference ?? null,
    paidAt: row.payout?.paidAt?.toISOString() ?? null,
  };
}

/** The buyer of the order, or its seller or the admin; anyone else is refused. */
async function viewerOf(ctx: RefundContext, actor: AuthUser, orderId: string) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.buyerUserId === actor.id && order.buyerConfirmed) return { order, viewer: 'buyer' as const };
  staffActorOf(actor, order);
  return { order, viewer: 'staff' as const };
}

/** The order's seller-paid refunds, for the buyer's order page and the seller's orders. */
export async function listPayoutRefunds(ctx: RefundContext, actor: AuthUser, orderId: string) {
  const { viewer } = await viewerOf(ctx, actor, orderId);
  return (await repo.payoutRefundsOfOrder(ctx.db, orderId)).map((r) => toView(r, viewer));
}

async function pendingPayout(ctx: RefundContext, orderId: string, refundId: string) {
  const found = await repo.findPayoutRefund(ctx.db, orderId, refundId);
  if (!found) throw new AppError('NOT_FOUND', 'Refund not found');
  if (found.refund.method !== 'PAYOUT') throw new AppError('CONFLICT', PAYOUT_MESSAGES.notPayout);
  if (found.refund.status !== 'PENDING') throw new AppError('CONFLICT', PAYOUT_MESSAGES.settled);
  return found;
}

/** The buyer says where the refund is paid (and may correct it until it is paid). */
export async function givePayoutDetails(
  ctx: RefundContext,
  actor: AuthUser,
  orderId: string,
  refundId: string,
  details: PayoutDetails,
) {
  const { viewer } = await viewerOf(ctx, actor, orderId);
  if (viewer !== 'buyer') throw new AppError('FORBIDDEN', PAYOUT_MESSAGES.notBuyer);
  await pendingPayout(ctx, orderId, refundId);
  if (!(await repo.savePayoutDetails(ctx.db, refundId, details))) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.settled);
  }
  return listPayoutRefunds(ctx, actor, orderId);
}

/** The seller (or the admin) paid it: the refund is SUCCESS and refund.succeeded is recorded. */
export async function recordRefundPayout(
  ctx: RefundContext,
  actor: AuthUser,
  orderId: string,
  refundId: string,
  reference: string,
) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  staffActorOf(actor, order);
  const found = await pendingPayout(ctx, orderId, refundId);
  if (!found.payout) throw new AppError('CONFLICT', PAYOUT_MESSAGES.noDetails);
  const at = new Date((ctx.now ?? Date.now)());
  if (!(await repo.recordPayout(ctx.db, refundId, { reference, at, by: actor.id }))) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.settled);
  }
  await settleRefund(ctx, refundId, {
    status: 'SUCCESS',
    cfRefundId: reference,
    providerStatus: 'PAID_OUT',
    description: `Paid out by the seller to ${payoutText(found.payout.details, false)}, reference ${reference}`,
  });
  return listPayoutRefunds(ctx, actor, orderId);
}
