import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PayoutDetails } from '@app/domain';
import type { Database } from '../../db/client.js';
import { refundPayouts, refunds } from '../../db/schema/index.js';

// The queries of cash-on-delivery refunds paid out by the seller (decision 032).

/** The order's refunds paid out by the seller, oldest first, with where each is paid. */
export function payoutRefundsOfOrder(db: Database, orderId: string) {
  return db
    .select({ refund: refunds, payout: refundPayouts })
    .from(refunds)
    .leftJoin(refundPayouts, eq(refundPayouts.refundId, refunds.id))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.method, 'PAYOUT')))
    .orderBy(asc(refunds.requestedAt), asc(refunds.id));
}

export function findPayoutRefund(db: Database, orderId: string, refundId: string) {
  return db
    .select({ refund: refunds, payout: refundPayouts })
    .from(refunds)
    .leftJoin(refundPayouts, eq(refundPayouts.refundId, refunds.id))
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
    .limit(1)
    .then((r) => r[0]);
}

/** Where the buyer wants it paid; they may correct it until the seller has paid it. */
export function savePayoutDetails(db: Database, refundId: string, details: PayoutDetails) {
  return db
    .insert(refundPayouts)
    .values({ refundId, details })
    .onConflictDoUpdate({
      target: refundPayouts.refundId,
      set: { details, givenAt: new Date() },
      setWhere: isNull(refundPayouts.paidAt),
    })
    .returning({ refundId: refundPayouts.refundId })
    .then((r) => r.length > 0);
}

/** The seller's payout record, once: nothing when it was recorded before. */
export function recordPayout(
  db: Database,
  refundId: string,
  payout: { reference: string; at: Date; by: string },
) {
  return db
    .update(refundPayouts)
    .set({ reference: payout.reference, paidAt: payout.at, paidByUserId: payout.by })
    .where(and(eq(refundPayouts.refundId, refundId), isNull(refundPayouts.paidAt)))
    .returning({ refundId: refundPayouts.refundId })
    .then((r) => r.length > 0);
}
