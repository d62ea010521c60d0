import { AppError } from '../../lib/app-error.js';
import { fileRefund, type RefundAsk } from './file-refund.js';
import type { RefundContext } from './refund-context.js';
import * as repo from './refunds.repository.js';
import { sendRefund } from './send-refund.js';

/**
 * Refunds part or all of an order: files it (one transaction, the order locked) and then asks the
 * provider. The function h3's cash-on-delivery refunds call with `method: 'PAYOUT'`, which files
 * the refund and leaves its settlement to them (settleRefund).
 */
export async function requestRefund(
  ctx: RefundContext,
  orderId: string,
  ask: RefundAsk,
): Promise<repo.RefundRow> {
  const refund = await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    return fileRefund(tx, order, ask);
  });
  if (refund.method === 'PROVIDER') await sendRefund(ctx, refund);
  return refund;
}
