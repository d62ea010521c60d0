import { BUSINESS_MESSAGES, canMoveFulfilment } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { refuseDispatchWithoutAddress } from './delivery-address.js';
import { findOrderView, toSellerView } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { findOrderById, updateFulfilment } from './orders.repository.js';

/** The seller (or the admin) moves an order to DISPATCHED, then DELIVERED. */
export async function moveFulfilment(
  ctx: OrdersContext,
  actor: AuthUser,
  orderId: string,
  to: 'DISPATCHED' | 'DELIVERED',
  shipment: { courier: string; trackingNumber: string } = { courier: '', trackingNumber: '' },
) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (actor.role !== 'ADMIN' && order.sellerUserId !== actor.id) {
    throw new AppError('FORBIDDEN', 'This order is not for your products');
  }
  refuseDispatchWithoutAddress(order, to);
  // Wholesale prices followed a seller's number nobody has proven yet: the goods wait for it.
  if (to === 'DISPATCHED' && order.channel === 'b2b' && !order.buyerConfirmed) {
    throw new AppError('CONFLICT', BUSINESS_MESSAGES.unconfirmedBuyer);
  }
  // Delivering a cash-on-delivery order is taking its cash: "Paid on delivery".
  if (order.paymentMethod === 'COD' && to === 'DELIVERED')
    return ctx.cashOnDelivery.markPaidOnDelivery(actor, orderId);
  const refunds = {
    cancelled: !!order.cancelledAt,
    refundablePaise: await ctx.refunds.refundablePaise(order),
  };
  if (!canMoveFulfilment(order.paymentState, order.fulfilment, to, refunds)) {
    throw new AppError(
      'CONFLICT',
      `An order that is ${order.paymentState.toLowerCase()} and ${order.fulfilment.toLowerCase()} cannot become ${to.toLowerCase()}`,
    );
  }
  const moved = await updateFulfilment(ctx.db, orderId, order.fulfilment, to, shipment);
  if (moved.length === 0) throw new AppError('CONFLICT', 'The order changed meanwhile; reload and try again');
  return (await ctx.refunds.viewsWithRefunds([await findOrderView(ctx.db, orderId)], toSellerView))[0]!;
}
