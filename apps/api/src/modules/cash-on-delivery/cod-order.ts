import { COD_MESSAGES, type SellerOrderView } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findOrderById, orderWithProduct } from '../orders/order-data.js';
import { toSellerView } from '../orders/order-views.js';
import type { CodContext } from './cod-context.js';

/** The seller of the order (or the admin); the order must be a cash-on-delivery one. */
export async function codOrderFor(ctx: CodContext, actor: AuthUser, orderId: string) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (actor.role !== 'ADMIN' && order.sellerUserId !== actor.id) {
    throw new AppError('FORBIDDEN', 'This order is not for your products');
  }
  if (order.paymentMethod !== 'COD') throw new AppError('CONFLICT', COD_MESSAGES.notCod);
  return order;
}

/** What the seller sees of the order after a cash-on-delivery step. */
export async function codSellerView(ctx: CodContext, orderId: string): Promise<SellerOrderView> {
  const row = await orderWithProduct(ctx.db, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return toSellerView(row);
}
