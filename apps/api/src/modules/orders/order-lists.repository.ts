import { and, desc, eq, gte, inArray, isNotNull, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FulfilmentState, PaymentState, SellerOrderState } from '@app/domain';
import type { Database } from '../../db/client.js';
import { orders, products, users } from '../../db/schema/index.js';
import { AWAITING_PAYMENT } from './orders.repository.js';

// The buyer's, the seller's and the admin's order lists, and one order with its product.

/** The seller's and admin's order list filters: a state of SELLER_ORDER_STATES, the end of an order id. */
export interface OrderListFilter {
  state?: SellerOrderState | undefined;
  /** Lower-case hex (orderIdTailOf), so it holds no LIKE wildcard. */
  idTail?: string | undefined;
}

/** Paid, free or accepted for cash on delivery: ready to go out (a partly refunded order still goes, decision 030). */
const DISPATCHABLE: PaymentState[] = ['PAID', 'NOT_REQUIRED', 'COD_ACCEPTED', 'PARTIALLY_REFUNDED'];
const WITH_REFUND: PaymentState[] = ['REFUND_DUE', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/** Each state of SELLER_ORDER_STATES from the order's payment and delivery states. */
function stateCondition(state: SellerOrderState): SQL | undefined {
  const notCancelled = isNull(orders.cancelledAt);
  switch (state) {
    case 'unpaid':
      return and(inArray(orders.paymentState, AWAITING_PAYMENT), eq(orders.stockHeld, true), notCancelled);
    case 'to-accept':
      return and(eq(orders.paymentState, 'COD_PENDING'), notCancelled);
    case 'to-dispatch':
      return and(eq(orders.fulfilment, 'NEW'), inArray(orders.paymentState, DISPATCHABLE), notCancelled);
    case 'dispatched':
      return and(eq(orders.fulfilment, 'DISPATCHED'), notCancelled);
    case 'delivered':
      return eq(orders.fulfilment, 'DELIVERED');
    case 'cancelled':
      // On purpose, or an unpaid hold that ran out and gave its stock back.
      return or(
        isNotNull(orders.cancelledAt),
        and(inArray(orders.paymentState, AWAITING_PAYMENT), eq(orders.stockHeld, false)),
      );
    case 'refunded':
      return inArray(orders.paymentState, WITH_REFUND);
  }
}

function listFilterConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  const state = filter.state ? stateCondition(filter.state) : undefined;
  if (state) conditions.push(state);
  if (filter.idTail) conditions.push(like(orders.id, `%${filter.idTail}`));
  return conditions;
}

const listColumns = {
  order: orders,
  productName: products.prdctName,
  brand: products.brand,
  model: products.model,
  size: products.size,
  media: products.media,
  buyerName: users.ownerName,
  // Who referred it, by name only (decision 055); null when nobody did.
  referrerName: sql<
    string | null
  >`(select r.owner_name from ${users} r where r.id = ${orders.referrerUserId})`,
};

function listOrders(db: Database, where: SQL | undefined, limit = 500) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
export type OrderListRow = Awaited<ReturnType<typeof listOrders>>[number];

/** "My orders": an order made with the account's contact but not confirmed by its code is left out. */
export const ordersOfBuyer = (db: Database, buyerId: string) =>
  listOrders(db, sql`${eq(orders.buyerUserId, buyerId)} and ${orders.buyerConfirmed}`);
export const ordersOfSeller = (db: Database, sellerId: string, filter: OrderListFilter = {}) =>
  listOrders(db, and(eq(orders.sellerUserId, sellerId), ...listFilterConditions(filter)));
export const orderWithProduct = (db: Database, id: string) =>
  listOrders(db, eq(orders.id, id), 1).then((r) => r[0]);

export function allOrders(
  db: Database,
  filter: OrderListFilter & {
    paymentState?: PaymentState | undefined;
    fulfilment?: FulfilmentState | undefined;
    from?: Date;
    to?: Date;
  },
) {
  const conditions: SQL[] = listFilterConditions(filter);
  if (filter.paymentState) conditions.push(eq(orders.paymentState, filter.paymentState));
  if (filter.fulfilment) conditions.push(eq(orders.fulfilment, filter.fulfilment));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
  return listOrders(db, conditions.length > 0 ? and(...conditions) : undefined);
}
