import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, payments, products, webhookEvents } from '../../db/schema/index.js';
import {
  AWAITING_PAYMENT,
  hasUnits,
  recordOrderEvent,
  subtractHold,
  takeUnits,
} from '../orders/order-data.js';

// The queries of online payments: the provider's sessions, payments and webhooks, and the order's
// payment state they move (decision 019).

/**
 * Orders of this provider still holding stock unpaid whose hold ended by `at`, the longest ended
 * first. The partial index orders_stock_holds_idx holds exactly these rows (migration 0017).
 */
export function findEndedHolds(db: Database, provider: 'simulator' | 'cashfree', at: Date, limit: number) {
  return db
    .select({ id: orders.id, holdExpiresAt: orders.holdExpiresAt })
    .from(orders)
    .where(
      and(
        eq(orders.stockHeld, true),
        inArray(orders.paymentState, AWAITING_PAYMENT),
        lte(orders.holdExpiresAt, at),
        eq(orders.provider, provider),
      ),
    )
    .orderBy(orders.holdExpiresAt)
    .limit(limit);
}

export function setPaymentSession(
  db: Database,
  id: string,
  provider: 'simulator' | 'cashfree',
  sessionId: string,
) {
  return db.update(orders).set({ provider, paymentSessionId: sessionId }).where(eq(orders.id, id));
}

/**
 * Records the provider's confirmed payment, once: only the call that moves the order from an
 * unpaid state does anything, in one transaction. An order still holding its stock is PAID and its
 * hold leaves its holders' counts. One whose hold had ended takes the stock again if enough is
 * left (PAID), and otherwise is REFUND_DUE, without stock: never paid with stock it does not have.
 * Answers the new state, or nothing when already settled. (The referrer's reward is earned at
 * delivery, by the ledger's reaction to order.delivered: decision 033.)
 */
export async function settlePayment(
  db: Database,
  id: string,
  paidAt: Date,
): Promise<'PAID' | 'REFUND_DUE' | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentState: 'PAID', paidAt })
      .where(and(eq(orders.id, id), inArray(orders.paymentState, AWAITING_PAYMENT)))
      .returning();
    if (!row) return undefined;
    // Cancelled on purpose before the payment landed (decision 030): never fulfilled, money owed back.
    if (row.cancelledAt) {
      await tx.update(orders).set({ paymentState: 'REFUND_DUE' }).where(eq(orders.id, id));
      return 'REFUND_DUE';
    }
    if (row.stockHeld) {
      await subtractHold(tx, row);
    } else {
      // The same guard as placing an order (and the CHECK of migration 0007): stock never below zero.
      const [taken] = await tx
        .update(products)
        .set({ inventoryQuantity: takeUnits(row.quantity) })
        .where(and(eq(products.id, row.productId), hasUnits(row.quantity)))
        .returning({ counted: products.trackInventory });
      if (!taken) {
        await tx.update(orders).set({ paymentState: 'REFUND_DUE' }).where(eq(orders.id, id));
        return 'REFUND_DUE';
      }
      await tx.update(orders).set({ stockHeld: true, stockCounted: taken.counted }).where(eq(orders.id, id));
    }
    await recordOrderEvent(tx, 'order.paid', row);
    return 'PAID';
  });
}

/** A failed or abandoned attempt; a paid order never goes back. */
export function markAttemptOutcome(db: Database, id: string, state: 'FAILED' | 'CANCELLED') {
  return db
    .update(orders)
    .set({ paymentState: state })
    .where(and(eq(orders.id, id), inArray(orders.paymentState, AWAITING_PAYMENT)))
    .returning({ id: orders.id });
}

/**
 * The hold ended unpaid (its time ran out, or the buyer left the payment): the order is cancelled,
 * its stock goes back on sale and it leaves its holders' counts, once. The counts are changed
 * before the product row, as the order that takes stock does, so the two never deadlock.
 */
export async function releaseHold(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentState: 'CANCELLED', stockHeld: false })
      .where(
        and(eq(orders.id, id), inArray(orders.paymentState, AWAITING_PAYMENT), eq(orders.stockHeld, true)),
      )
      .returning({
        productId: orders.productId,
        quantity: orders.quantity,
        clientIp: orders.clientIp,
        clientDevice: orders.clientDevice,
        placedByUserId: orders.placedByUserId,
        stockCounted: orders.stockCounted,
        paymentMethod: orders.paymentMethod,
      });
    if (!row) return false;
    await subtractHold(tx, row);
    // Units go back only where they were taken from, and only to a stock that is still counted.
    if (row.stockCounted) {
      await tx
        .update(products)
        .set({ inventoryQuantity: sql`${products.inventoryQuantity} + ${row.quantity}` })
        .where(and(eq(products.id, row.productId), eq(products.trackInventory, true)));
    }
    return true;
  });
}

/** Records a webhook once; false when this event of this payment was seen before. */
export async function recordWebhookOnce(
  db: Database,
  event: { provider: 'simulator' | 'cashfree'; cfPaymentId: string; eventType: string; orderId: string },
) {
  const rows = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

export async function upsertPayment(
  db: Database,
  payment: {
    orderId: string;
    provider: 'simulator' | 'cashfree';
    cfPaymentId: string;
    status: string;
    amount: string;
  },
) {
  await db
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({
      target: [payments.provider, payments.cfPaymentId],
      set: { status: payment.status, amount: payment.amount },
    });
}

export function forgetWebhook(
  db: Database,
  provider: 'simulator' | 'cashfree',
  cfPaymentId: string,
  eventType: string,
) {
  return db
    .delete(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, provider),
        eq(webhookEvents.cfPaymentId, cfPaymentId),
        eq(webhookEvents.eventType, eventType),
      ),
    );
}
