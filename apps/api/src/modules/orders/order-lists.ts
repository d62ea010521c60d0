import {
  hasTeamRight,
  orderIdTailOf,
  type AdminOrdersQuery,
  type OrderView,
  type SellerOrderView,
  type SellerOrdersQuery,
} from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { allOrders, ordersOfBuyer, ordersOfSeller } from './order-lists.repository.js';
import { toSellerView, toView } from './order-views.js';
import type { OrdersContext } from './orders-context.js';

/** "My orders": the signed-in buyer's orders, newest first. */
export async function listBuyerOrders(ctx: OrdersContext, actor: AuthUser): Promise<OrderView[]> {
  return ctx.refunds.viewsWithRefunds(await ordersOfBuyer(ctx.db, actor.id), toView);
}

/** The orders for the seller's products, in one state of their work or by an order's number. */
export async function listSellerOrders(
  ctx: OrdersContext,
  actor: AuthUser,
  filter: SellerOrdersQuery = {},
): Promise<SellerOrderView[]> {
  if (actor.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only a seller has orders to fulfil');
  const rows = await ordersOfSeller(ctx.db, actor.id, {
    state: filter.state,
    idTail: filter.number ? orderIdTailOf(filter.number) : undefined,
  });
  return ctx.refunds.viewsWithRefunds(rows, toSellerView);
}

/** Every order, for the admin and the team members with the see-orders right. */
export async function listAllOrders(
  ctx: OrdersContext,
  actor: AuthUser,
  filter: AdminOrdersQuery,
): Promise<SellerOrderView[]> {
  // The admin and team members with the see-orders right view orders (decision 028); only the
  // admin places them without payment.
  if (!hasTeamRight(actor, 'see-orders')) throw new AppError('FORBIDDEN', 'You are not authorized!');
  const to = filter.to ? new Date(`${filter.to}T00:00:00Z`) : undefined;
  if (to) to.setUTCDate(to.getUTCDate() + 1);
  const rows = await allOrders(ctx.db, {
    paymentState: filter.paymentState,
    fulfilment: filter.fulfilment,
    idTail: filter.number ? orderIdTailOf(filter.number) : undefined,
    ...(filter.from ? { from: new Date(`${filter.from}T00:00:00Z`) } : {}),
    ...(to ? { to } : {}),
  });
  return ctx.refunds.viewsWithRefunds(rows, toSellerView);
}
