import type { OrderView, SellerOrderView } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { orderWithProduct, type OrderListRow } from './order-lists.repository.js';
import { AWAITING_PAYMENT } from './orders.repository.js';
import { referrerViewOf } from './referrals.js';

// What the buyer, the seller and the admin see of an order (its refunds are added by the refunds
// module's viewsWithRefunds, passed in: orders-context.ts).

/** One order with its product; 404 when there is none. */
export async function findOrderView(db: Database, id: string): Promise<OrderListRow> {
  const row = await orderWithProduct(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return row;
}

export function toView(row: Omit<OrderListRow, 'referrerName'>): OrderView {
  const o = row.order;
  return {
    _id: o.id,
    productId: o.productId,
    productName: row.productName,
    brand: row.brand,
    model: row.model,
    size: row.size,
    image: row.media.find((m) => m.type === 'IMAGE')?.url ?? '',
    channel: o.channel,
    sample: o.sample,
    quantity: o.quantity,
    unitPrice: o.unitPrice,
    amount: o.amount,
    currency: 'INR',
    paymentState: o.paymentState,
    fulfilment: o.fulfilment,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt ? o.paidAt.toISOString() : null,
    holdExpiresAt:
      o.stockHeld && o.holdExpiresAt && AWAITING_PAYMENT.includes(o.paymentState)
        ? o.holdExpiresAt.toISOString()
        : null,
    paymentMethod: o.paymentMethod,
    deliveryCharge: o.deliveryCharge,
    codAcceptBy: o.paymentState === 'COD_PENDING' && o.holdExpiresAt ? o.holdExpiresAt.toISOString() : null,
    courier: o.courier,
    trackingNumber: o.trackingNumber,
    addressNeeded: o.addressNeeded,
  };
}

export function toSellerView(row: OrderListRow): SellerOrderView {
  return {
    ...toView(row),
    address: row.order.address,
    buyerName: row.buyerName,
    referrer: referrerViewOf(row),
  };
}
