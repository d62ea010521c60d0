import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { OrderActorName, PaymentState, RefundMethod } from '@app/domain';
import type { Database } from '../../db/client.js';
import { orders, products, refunds } from '../../db/schema/index.js';
import { AWAITING_PAYMENT, subtractHold, type OrderRow } from '../orders/order-data.js';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The order's row, locked until the transaction ends: every refund of an order and its
 * cancellation take this lock first, so two of them never both count the same paise as left.
 */
export function lockOrder(tx: Database, id: string): Promise<OrderRow | undefined> {
  return tx
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .for('update')
    .then((r) => r[0]);
}

/** What the order's refunds add up to (paise): gone back, and asked for but not settled. */
export function refundTotals(tx: Database, orderId: string) {
  return tx
    .select({
      succeeded: sql<number>`coalesce(sum(${refunds.amountPaise}) filter (where ${refunds.status} = 'SUCCESS'), 0)::int`,
      pending: sql<number>`coalesce(sum(${refunds.amountPaise}) filter (where ${refunds.status} = 'PENDING'), 0)::int`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .then((r) => r[0] ?? { succeeded: 0, pending: 0 });
}

export function insertRefund(
  tx: Database,
  values: {
    id: string;
    orderId: string;
    method: RefundMethod;
    provider: OrderRow['provider'];
    amountPaise: number;
    reason: string;
    actor: OrderActorName;
    actorUserId: string | null;
  },
) {
  return tx
    .insert(refunds)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function setPaymentState(tx: Database, id: string, state: PaymentState) {
  return tx.update(orders).set({ paymentState: state }).where(eq(orders.id, id));
}

export function findRefund(db: Database, id: string) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** The provider's ids and words for a refund still open. */
export function noteProviderRefund(
  db: Database,
  id: string,
  remote: { cfRefundId: string; providerStatus: string; description: string },
) {
  return db
    .update(refunds)
    .set({
      cfRefundId: remote.cfRefundId || null,
      providerStatus: remote.providerStatus,
      statusDescription: remote.description,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'PENDING')));
}

/** Settles a refund, once: only the call that finds it PENDING changes it. */
export function settleRefundRow(
  tx: Database,
  id: string,
  outcome: {
    status: 'SUCCESS' | 'FAILED';
    cfRefundId: string;
    providerStatus: string;
    description: string;
    at: Date;
  },
) {
  return tx
    .update(refunds)
    .set({
      status: outcome.status,
      cfRefundId: sql`coalesce(${outcome.cfRefundId || null}, ${refunds.cfRefundId})`,
      providerStatus: outcome.providerStatus,
      statusDescription: outcome.description,
      settledAt: outcome.at,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'PENDING')))
    .returning()
    .then((r) => r[0]);
}

/** Refunds through the provider still open since before `before`, the oldest first. */
export function findOpenProviderRefunds(db: Database, before: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.status, 'PENDING'), eq(refunds.method, 'PROVIDER'), lte(refunds.requestedAt, before)),
    )
    .orderBy(asc(refunds.requestedAt))
    .limit(limit);
}

/** The refunds of these orders, oldest first, for their views. */
export function refundsOfOrders(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as RefundRow[]);
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.requestedAt), asc(refunds.id));
}

/**
 * Cancels a locked order that has not gone out, with who, when and why, and gives its stock back
 * in the same transaction: an unpaid order's hold leaves its holders' counts (and its payment
 * state becomes CANCELLED); counted units go back on sale. Answers the cancelled row, or nothing
 * when it was dispatched or cancelled meanwhile.
 */
export async function cancelLockedOrder(
  tx: Database,
  order: OrderRow,
  by: { actor: OrderActorName; userId: string | null; reason: string; at: Date },
): Promise<OrderRow | undefined> {
  // A cash-on-delivery order is unpaid until delivered; while it waits for its seller it also holds
  // one of its buyer's unpaid places (decision 032), which acceptance gave back.
  const codUnpaid = order.paymentState === 'COD_PENDING' || order.paymentState === 'COD_ACCEPTED';
  const unpaid = AWAITING_PAYMENT.includes(order.paymentState) || codUnpaid;
  const [row] = await tx
    .update(orders)
    .set({
      cancelledAt: by.at,
      cancelledBy: by.actor,
      cancelledByUserId: by.userId,
      cancelReason: by.reason,
      stockHeld: false,
      ...(unpaid ? { paymentState: 'CANCELLED' as const } : {}),
    })
    .where(and(eq(orders.id, order.id), eq(orders.fulfilment, 'NEW'), isNull(orders.cancelledAt)))
    .returning();
  if (!row) return undefined;
  if (!order.stockHeld) return row;
  if (unpaid && order.paymentState !== 'COD_ACCEPTED') await subtractHold(tx, order);
  // Units go back only where they were taken from, and only to a stock that is still counted.
  if (order.stockCounted) {
    await tx
      .update(products)
      .set({ inventoryQuantity: sql`${products.inventoryQuantity} + ${order.quantity}` })
      .where(and(eq(products.id, order.productId), eq(products.trackInventory, true)));
  }
  return row;
}
