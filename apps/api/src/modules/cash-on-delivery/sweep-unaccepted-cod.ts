import { codWindowHours, COD_MESSAGES } from '@app/domain';
import * as cod from './cash-on-delivery.repository.js';
import type { CodContext } from './cod-context.js';

/**
 * Cancels the cash-on-delivery orders whose seller did not accept them within their window, and
 * gives their stock back. Runs every few minutes (app.ts); answers how many it cancelled.
 */
export async function sweepUnacceptedCod(ctx: CodContext, limit = 100): Promise<number> {
  const at = new Date(ctx.now());
  let cancelled = 0;
  for (const { id, placedAt, acceptBy } of await cod.findUnacceptedCod(ctx.db, at, limit)) {
    try {
      const reason = COD_MESSAGES.sweepReason(acceptBy ? codWindowHours(placedAt, acceptBy) : 0);
      if (await cod.cancelUnacceptedCod(ctx.db, id, at, reason)) cancelled += 1;
    } catch (error) {
      ctx.log.warn({ orderId: id, err: error }, 'cancelling an unaccepted cash-on-delivery order failed');
    }
  }
  return cancelled;
}
