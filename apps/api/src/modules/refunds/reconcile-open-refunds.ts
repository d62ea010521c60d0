import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import { nowOf, type RefundContext } from './refund-context.js';
import * as repo from './refunds.repository.js';
import { applyProviderRefund, sendRefund } from './send-refund.js';

/**
 * Refunds still open a minute after they were asked for: asked about at the provider, and asked
 * for again when it never got them (a refund id it does not know). Runs every minute (app.ts).
 */
export async function reconcileOpenRefunds(ctx: RefundContext, limit = 50): Promise<number> {
  const open = await repo.findOpenProviderRefunds(ctx.db, new Date(nowOf(ctx).getTime() - 60_000), limit);
  for (const refund of open) {
    try {
      const remote = await ctx.provider.getRefund(refund.orderId, refund.id).catch((error: unknown) => {
        if (error instanceof PaymentProviderError && error.httpStatus === 404) return undefined;
        throw error;
      });
      if (remote) await applyProviderRefund(ctx, refund, remote);
      else await sendRefund(ctx, refund);
    } catch (error) {
      ctx.log.warn({ refundId: refund.id, err: error }, 'asking about an open refund failed; tried again');
    }
  }
  return open.length;
}
