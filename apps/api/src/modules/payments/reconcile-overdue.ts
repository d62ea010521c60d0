import { deleteEmptyHolds } from '../orders/order-data.js';
import type { PaymentsContext } from './payments-context.js';
import { findEndedHolds, releaseHold } from './payments.repository.js';
import { endHold } from './reconcile-payment.js';

/**
 * When the provider cannot be reached to close an ended hold's session, the hold is released
 * anyway this long after it ended: sellers are promised a bounded hold, and a payment that still
 * arrives takes the late-payment path (settlePayment).
 */
const OVERDUE_GRACE_MINUTES = 5;

/**
 * Ends the holds whose time ran out: each session is closed at the provider (a payment that got
 * there first, its webhook lost, is settled instead) and the stock goes back on sale. When the
 * provider cannot be reached, the hold is released anyway OVERDUE_GRACE_MINUTES after it ended.
 * Runs every minute (app.ts); answers how many holds it looked at.
 */
export async function reconcileOverdue(ctx: PaymentsContext, limit = 100): Promise<number> {
  const at = ctx.now();
  const ended = await findEndedHolds(ctx.db, ctx.provider.name, new Date(at), limit);
  for (const { id, holdExpiresAt } of ended) {
    try {
      await endHold(ctx, id);
    } catch (error) {
      const overdue = (holdExpiresAt?.getTime() ?? 0) < at - OVERDUE_GRACE_MINUTES * 60_000;
      ctx.log.warn(
        { orderId: id, err: error, released: overdue },
        'closing an ended payment session failed; tried again next minute',
      );
      if (overdue) await releaseHold(ctx.db, id);
    }
  }
  await deleteEmptyHolds(ctx.db);
  return ended.length;
}
