import { AppError } from '../../lib/app-error.js';
import { countWebhookRefused } from '../../lib/metrics.js';
import {
  PaymentProviderError,
  WebhookRejected,
  type ProviderRefund,
  type WebhookRequest,
} from '../../providers/payments/payment-provider.js';
import type { RefundContext } from './refund-context.js';
import * as repo from './refunds.repository.js';
import { applyProviderRefund } from './send-refund.js';

/**
 * A signed refund webhook. Only a trigger: the refund is settled from the provider's own answer
 * (getRefund). Forged and stale ones are refused; one about a refund already settled, or not ours,
 * changes nothing.
 */
export async function handleRefundWebhook(
  ctx: RefundContext,
  request: WebhookRequest,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  let event;
  try {
    event = ctx.provider.verifyRefundWebhook(request);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      ctx.log.warn({ reason: error.reason }, 'refund webhook rejected');
      countWebhookRefused('refund', error.reason);
      throw new AppError('BAD_REQUEST', 'Webhook signature is not valid');
    }
    throw error;
  }
  const refund = await repo.findRefund(ctx.db, event.refundId);
  if (!refund || refund.orderId !== event.orderId || refund.method !== 'PROVIDER') {
    ctx.log.warn(
      { refundId: event.refundId, orderId: event.orderId },
      'refund webhook for an unknown refund',
    );
    return 'ignored';
  }
  if (refund.status !== 'PENDING') return 'duplicate';
  let remote: ProviderRefund;
  try {
    remote = await ctx.provider.getRefund(refund.orderId, refund.id);
  } catch (error) {
    // Not processed: the provider sends it again.
    if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
  await applyProviderRefund(ctx, refund, remote);
  return 'processed';
}
