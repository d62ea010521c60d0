import { and, eq, lte, sql } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_TERMS,
  deliveryTermsOf,
  type DeliveryTerms,
  type DeliveryTermsUpdate,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { qualified } from '../../lib/qualified.js';
import { recordEvent } from '../../lib/domain-events.js';
import { deliveryTerms, orders, products, users } from '../../db/schema/index.js';
import { orderEventPayload, recordOrderEvent, subtractHold } from '../orders/order-data.js';

// The queries of delivery terms and cash on delivery (decision 032).

const termColumns = {
  deliveryCharge: deliveryTerms.deliveryCharge,
  freeDeliveryFrom: deliveryTerms.freeDeliveryFrom,
  codEnabled: deliveryTerms.codEnabled,
  codMaxAmount: deliveryTerms.codMaxAmount,
  codAcceptHours: deliveryTerms.codAcceptHours,
  codMaxUnitsPerOrder: deliveryTerms.codMaxUnitsPerOrder,
  codMaxWaitingUnits: deliveryTerms.codMaxWaitingUnits,
};

/** A seller's terms; a seller who never set any has free delivery and takes online payment only. */
export async function findDeliveryTerms(db: Database, sellerUserId: string): Promise<DeliveryTerms> {
  const [row] = await db
    .select(termColumns)
    .from(deliveryTerms)
    .where(eq(deliveryTerms.sellerUserId, sellerUserId))
    .limit(1);
  return row ?? DEFAULT_DELIVERY_TERMS;
}

/** The terms of the store that sells a product, with the product's seller; nothing for no product. */
export async function findProductTerms(db: Database, productId: string) {
  const [row] = await db
    .select({ sellerUserId: products.userId, isActive: products.isActive, ...termColumns })
    .from(products)
    .leftJoin(deliveryTerms, eq(deliveryTerms.sellerUserId, products.userId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) return undefined;
  return { sellerUserId: row.sellerUserId, isActive: row.isActive, terms: deliveryTermsOf(row) };
}

/** Saves the terms; a limit left out (undefined) keeps the stored one, or takes its default. */
export async function saveDeliveryTerms(db: Database, sellerUserId: string, terms: DeliveryTermsUpdate) {
  await db
    .insert(deliveryTerms)
    .values({ sellerUserId, ...terms })
    .onConflictDoUpdate({ target: deliveryTerms.sellerUserId, set: { ...terms, updatedAt: new Date() } });
}

/** Whether an account has proven its e-mail or mobile with a code (or was made by the operator). */
/**
 * What cash on delivery asks of its buyer, in one read: a proven contact, whether any order of
 * theirs was delivered, and how many of their cash-on-delivery orders are still open (waiting for
 * the seller, or accepted and not yet paid at the door).
 */
export async function codBuyer(
  db: Database,
  userId: string,
): Promise<{ contactProven: boolean; delivered: boolean; openCodOrders: number }> {
  const [row] = await db
    .select({
      contactProven: sql<boolean>`${users.contactVerifiedAt} is not null`,
      delivered: sql<boolean>`exists (select 1 from ${orders} where ${orders.buyerUserId} = ${qualified(users.id)}
        and ${orders.fulfilment} = 'DELIVERED')`,
      openCodOrders: sql<number>`(select count(*) from ${orders} where ${orders.buyerUserId} = ${qualified(users.id)}
        and ${orders.paymentMethod} = 'COD' and ${orders.cancelledAt} is null
        and ${orders.paymentState} in ('COD_PENDING', 'COD_ACCEPTED'))::int`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { contactProven: false, delivered: false, openCodOrders: 0 };
}

/**
 * The seller takes the order on, before its deadline: it leaves its buyer's unpaid-hold counts
 * (the seller now carries it) and keeps its stock; `order.accepted` is recorded in the same
 * transaction. Nothing when it was not waiting (accepted already, cancelled, past its deadline).
 */
export function acceptCodOrder(db: Database, orderId: string, at: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentState: 'COD_ACCEPTED', codAcceptedAt: at })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentState, 'COD_PENDING'),
          eq(orders.stockHeld, true),
          sql`${orders.holdExpiresAt} > ${at.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!row) return undefined;
    await subtractHold(tx, row);
    await recordOrderEvent(tx, 'order.accepted', row);
    return row;
  });
}

/**
 * The cash was handed over at the door: the order is DELIVERED and PAID in one transaction,
 * `order.delivered` then `order.paid` (method COD) recorded with it (rewards, ledger and tax
 * documents react to those). Only an accepted order that went out moves; nothing otherwise.
 */
export function markCodPaidOnDelivery(db: Database, orderId: string, at: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paymentState: 'PAID', paidAt: at, fulfilment: 'DELIVERED', deliveredAt: at })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentMethod, 'COD'),
          eq(orders.paymentState, 'COD_ACCEPTED'),
          eq(orders.fulfilment, 'DISPATCHED'),
        ),
      )
      .returning();
    if (!row) return undefined;
    await recordOrderEvent(tx, 'order.delivered', row);
    await recordOrderEvent(tx, 'order.paid', row);
    return row;
  });
}

/** Cash-on-delivery orders still waiting for their seller whose deadline passed by `at`, oldest first. */
export function findUnacceptedCod(db: Database, at: Date, limit: number) {
  return db
    .select({ id: orders.id, placedAt: orders.createdAt, acceptBy: orders.holdExpiresAt })
    .from(orders)
    .where(
      and(eq(orders.stockHeld, true), eq(orders.paymentState, 'COD_PENDING'), lte(orders.holdExpiresAt, at)),
    )
    .orderBy(orders.holdExpiresAt)
    .limit(limit);
}

/**
 * Cancels an order its seller did not accept in time, once: its stock goes back on sale, it leaves
 * its holders' counts (in the order the order that takes stock locks them) and `order.cancelled`
 * is recorded with cancelledBy 'system', all in one transaction.
 */
export function cancelUnacceptedCod(db: Database, orderId: string, at: Date, reason: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        paymentState: 'CANCELLED',
        stockHeld: false,
        cancelledAt: at,
        cancelledBy: 'system',
        cancelReason: reason,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentState, 'COD_PENDING'),
          eq(orders.stockHeld, true),
          lte(orders.holdExpiresAt, at),
        ),
      )
      .returning();
    if (!row) return false;
    await subtractHold(tx, row);
    if (row.stockCounted) {
      await tx
        .update(products)
        .set({ inventoryQuantity: sql`${products.inventoryQuantity} + ${row.quantity}` })
        .where(and(eq(products.id, row.productId), eq(products.trackInventory, true)));
    }
    await recordEvent(tx, {
      type: 'order.cancelled',
      payload: { ...(await orderEventPayload(tx, row)), cancelledBy: 'system', reason },
    });
    return true;
  });
}
