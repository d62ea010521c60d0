import { and, eq, isNull, sql } from 'drizzle-orm';
import { orderNumberOf, type FulfilmentState, type PaymentState } from '@app/domain';
import type { Database } from '../../db/client.js';
import { sellerName } from '../../db/profile-name.js';
import { recordEvent, type OrderEventPayload } from '../../lib/domain-events.js';
import { orders, products } from '../../db/schema/index.js';

// The order's row and the facts recorded about it. Placing an order (take-stock.repository.ts), its
// context (order-context.repository.ts), its stock holds and its lists have files of their own.

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Unpaid states in which an order still holds its stock (a failed attempt can be retried). */
export const AWAITING_PAYMENT: PaymentState[] = ['CREATED', 'FAILED', 'CANCELLED'];

export function findOrderById(db: Database, id: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Records what happened to an order, in the transaction that made it so: the buyer is told
 * (through notifications) and the money reactions (ledgers, rewards, tax documents) run. An order
 * made with someone's contact that they have not confirmed is not theirs yet (decision 020): it
 * is recorded, but they are told nothing about it.
 */
export async function recordOrderEvent(
  tx: Database,
  type: 'order.paid' | 'order.accepted' | 'order.dispatched' | 'order.delivered' | 'order.link-requested',
  order: OrderRow,
) {
  await recordEvent(tx, { type, payload: await orderEventPayload(tx, order) });
}

/**
 * Records a new order that does not wait for an online payment, in the transaction that places
 * it (see the order.placed event).
 */
export async function recordOrderPlaced(tx: Database, order: OrderRow) {
  await recordEvent(tx, {
    type: 'order.placed',
    payload: {
      ...(await orderEventPayload(tx, order)),
      awaitingPayment: AWAITING_PAYMENT.includes(order.paymentState),
      codAcceptBy:
        order.paymentState === 'COD_PENDING' && order.holdExpiresAt
          ? order.holdExpiresAt.toISOString()
          : null,
    },
  });
}

/** The common part of every order event (see OrderEventPayload). */
export async function orderEventPayload(tx: Database, order: OrderRow): Promise<OrderEventPayload> {
  const [product] = await tx
    .select({
      name: products.prdctName,
      gstRate: products.gstRate,
      size: products.size,
      stock: products.inventoryQuantity,
      counted: products.trackInventory,
      // The seller's first store, else their own name: what the buyer's messages call the seller.
      storeName: sellerName(sql`${order.sellerUserId}`),
    })
    .from(products)
    .where(eq(products.id, order.productId))
    .limit(1);
  const a = order.address;
  return {
    orderId: order.id,
    productId: order.productId,
    orderedAt: order.createdAt.toISOString(),
    mentionPostId: order.mentionPostId,
    recipientUserId: order.buyerUserId,
    notifyBuyer: order.buyerConfirmed,
    sellerUserId: order.sellerUserId,
    orderNumber: orderNumberOf(order.id),
    productName: product?.name ?? 'your order',
    amountPaise: order.amount * 100,
    gstRate: product?.gstRate ?? 0,
    paymentMethod:
      order.paymentMethod === 'COD' ? 'COD' : order.paymentState === 'NOT_REQUIRED' ? 'NONE' : 'ONLINE',
    referrerUserId: order.referrerUserId,
    referrerRewardPaise: order.referrerReward * 100,
    link: `/thankyou?order_id=${order.id}`,
    quantity: order.quantity,
    size: product?.size ?? '',
    storeName: product?.storeName ?? '',
    paid: order.paidAt !== null,
    stockLeft: product?.counted ? product.stock : null,
    checkout: {
      name: `${a.firstName} ${a.lastName}`.trim(),
      // '' while the buyer has still to give it (an order placed "address needed").
      address: [a.houseNo, a.street, a.landmark, a.city, `${a.state} ${a.pinCode}`.trim(), a.country]
        .filter((part) => part.trim() !== '')
        .join(', '),
      email: a.email,
      mobile: a.mobile,
    },
  };
}

/** Moves the order on, once; the buyer is told in the same transaction. */
export function updateFulfilment(
  db: Database,
  id: string,
  from: FulfilmentState,
  to: 'DISPATCHED' | 'DELIVERED',
  shipment: { courier: string; trackingNumber: string } = { courier: '', trackingNumber: '' },
) {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      .set(
        to === 'DISPATCHED' ? { fulfilment: to, ...shipment } : { fulfilment: to, deliveredAt: sql`now()` },
      )
      .where(and(eq(orders.id, id), eq(orders.fulfilment, from), isNull(orders.cancelledAt)))
      .returning();
    const [order] = moved;
    if (order?.fulfilment === 'DISPATCHED') {
      const payload = await orderEventPayload(tx, order);
      await recordEvent(tx, {
        type: 'order.dispatched',
        payload: {
          ...payload,
          ...(order.courier ? { courier: order.courier } : {}),
          ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
        },
      });
    } else if (order) await recordOrderEvent(tx, 'order.delivered', order);
    return moved.map((o) => ({ id: o.id }));
  });
}
