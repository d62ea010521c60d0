import { PaymentProviderError, type ProviderRefund } from '../../providers/payments/payment-provider.js';
import type { RefundContext } from './refund-context.js';
import * as repo from './refunds.repository.js';
import { settleRefund } from './settle-refund.js';

/**
 * Asks the provider for a filed refund (again, after a failure to reach it: the refund id makes
 * it the same refund). A refusal settles it FAILED; an unreachable provider leaves it PENDING for
 * the sweep (reconcileOpenRefunds).
 */
export async function sendRefund(ctx: RefundContext, refund: repo.RefundRow): Promise<void> {
  let remote: ProviderRefund;
  try {
    remote = await ctx.provider.createRefund({
      orderId: refund.orderId,
      refundId: refund.id,
      amount: refund.amountPaise / 100,
      note: refund.reason,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const refused = error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500;
    ctx.log.warn(
      { refundId: refund.id, orderId: refund.orderId, providerStatus: error.httpStatus, refused },
      `refund: ${error.message}`,
    );
    if (refused) {
      await settleRefund(ctx, refund.id, {
        status: 'FAILED',
        cfRefundId: '',
        providerStatus: `HTTP ${String(error.httpStatus)}`,
        description: error.message,
      });
    }
    return;
  }
  await applyProviderRefund(ctx, refund, remote);
}

/** The provider's answer about a refund: settles it when final, else notes its ids. */
export async function applyProviderRefund(
  ctx: RefundContext,
  refund: repo.RefundRow,
  remote: ProviderRefund,
) {
  if (remote.refundId !== refund.id || Math.round(remote.amount * 100) !== refund.amountPaise) {
    ctx.log.error(
      { refundId: refund.id, theirs: remote.refundId, amount: remote.amount, ours: refund.amountPaise },
      'provider reports a refund that is not ours; left open',
    );
    return;
  }
  if (remote.status === 'PENDING') {
    await repo.noteProviderRefund(ctx.db, refund.id, remote);
    return;
  }
  await settleRefund(ctx, refund.id, {
    status: remote.status,
    cfRefundId: remote.cfRefundId,
    providerStatus: remote.providerStatus,
    description: remote.description,
  });
}
