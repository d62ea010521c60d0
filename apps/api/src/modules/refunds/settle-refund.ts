import { paymentStateAfterRefunds } from '@app/domain';
import { recordEvent } from '../../lib/domain-events.js';
import { paidPaise, refundPayload } from './file-refund.js';
import { nowOf, type RefundContext } from './refund-context.js';
import * as repo from './refunds.repository.js';

/**
 * Settles a refund once, in one transaction with the order locked: its status, the order's payment
 * state and refund.succeeded or refund.failed (whose reactions run in it). A second call for the
 * same refund changes nothing. Answers whether this call settled it.
 */
export async function settleRefund(
  ctx: RefundContext,
  refundId: string,
  outcome: { status: 'SUCCESS' | 'FAILED'; cfRefundId: string; providerStatus: string; description: string },
): Promise<boolean> {
  const known = await repo.findRefund(ctx.db, refundId);
  if (!known || known.status !== 'PENDING') return false;
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, known.orderId);
    if (!order) return false;
    const refund = await repo.settleRefundRow(tx, refundId, { ...outcome, at: nowOf(ctx) });
    if (!refund) return false;
    const totals = await repo.refundTotals(tx, order.id);
    const state = paymentStateAfterRefunds({
      paidPaise: paidPaise(order),
      succeededPaise: totals.succeeded,
      pendingPaise: totals.pending,
      // A cancelled order, or one paid after its stock was gone, is owed its money back.
      owed: !order.stockHeld,
    });
    await repo.setPaymentState(tx, order.id, state);
    await recordEvent(tx, {
      type: refund.status === 'SUCCESS' ? 'refund.succeeded' : 'refund.failed',
      payload: await refundPayload(tx, { ...order, paymentState: state }, refund, totals.succeeded),
    });
    return true;
  });
}
