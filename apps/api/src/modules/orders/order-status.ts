import type { OrderView } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { findOrderView, toView } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { findOrderById } from './orders.repository.js';

/** An order's state by its id; an open one is checked at the provider first (pollPayment). */
export async function orderStatus(ctx: OrdersContext, orderId: string): Promise<OrderView> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  await ctx.payments.pollPayment(order);
  return (await ctx.refunds.viewsWithRefunds([await findOrderView(ctx.db, orderId)], toView))[0]!;
}
