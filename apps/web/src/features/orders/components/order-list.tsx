import type { ReactNode } from 'react';
import { COD_STATE_TEXT, shipmentText, type OrderView, type SellerOrderView } from '@app/domain';
import { OrderDocuments } from './order-documents';
import { OrderRefunds } from '../../../components/ui/order-refunds';
import { OrderMoneyActions } from './order-money-actions';
import './orders.css';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

export const PAYMENT_LABELS: Record<OrderView['paymentState'], string> = {
  CREATED: 'Payment pending',
  PAID: 'Paid',
  FAILED: 'Payment failed',
  CANCELLED: 'Payment cancelled',
  NOT_REQUIRED: 'No payment needed',
  // Paid after its stock hold ended, when the stock was gone: the money goes back (decision 019).
  REFUND_DUE: 'Paid too late, refund due',
  // Refunds (decision 030).
  REFUND_PENDING: 'Refund pending',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  // Cash on delivery (decision 032); a paid one reads "Paid on delivery" (codStateText).
  COD_PENDING: COD_STATE_TEXT.waiting,
  COD_ACCEPTED: `Cash on delivery: ${COD_STATE_TEXT.accepted}`,
};
export const FULFILMENT_LABELS: Record<OrderView['fulfilment'], string> = {
  NEW: 'Not dispatched yet',
  DISPATCHED: 'Dispatched',
  DELIVERED: 'Delivered',
};

function isSellerView(o: OrderView | SellerOrderView): o is SellerOrderView {
  return 'address' in o;
}

/** Orders newest first, one card each; `actions` adds the seller's buttons. */
export function OrderList<T extends OrderView | SellerOrderView>({
  orders,
  actions,
  moneyActions,
}: {
  orders: readonly T[];
  actions?: (order: T) => ReactNode;
  /** Cancel and refund buttons: the seller's and admin's (`staff`) or the buyer's own. */
  moneyActions?: 'staff' | 'buyer' | undefined;
}) {
  return (
    <ul className="order-list">
      {orders.map((o) => (
        <li key={o._id} className="card order-list__item" aria-label={`Order ${o._id}`}>
          {o.image ? <img src={o.image} alt="" className="order-list__image" /> : null}
          <div className="stack">
            <h2 className="order-list__title">{o.productName}</h2>
            <p>
              {o.quantity} × {rupees(o.unitPrice)} = <strong>{rupees(o.amount)}</strong>
              {o.channel === 'b2b' ? ' · Wholesale' : ''}
              {o.sample ? ' · Sample' : ''}
            </p>
            <p className="order-list__meta">
              {o.paymentMethod === 'COD' ? 'Cash on delivery' : 'Paid online'}
              {o.deliveryCharge > 0 ? ` · Delivery ${rupees(o.deliveryCharge)} included` : ''}
            </p>
            <p>
              <span className={`order-list__badge order-list__badge--${o.paymentState.toLowerCase()}`}>
                {o.paymentState === 'PAID' && o.paymentMethod === 'COD'
                  ? COD_STATE_TEXT.paid
                  : PAYMENT_LABELS[o.paymentState]}
              </span>{' '}
              <span className="order-list__badge">{FULFILMENT_LABELS[o.fulfilment]}</span>
            </p>
            {shipmentText(o) ? <p className="order-list__meta">{shipmentText(o)}</p> : null}
            <OrderRefunds order={o} />
            <p className="order-list__meta">
              Ordered {new Date(o.createdAt).toLocaleString('en-IN')} · Order {o._id}
            </p>
            {isSellerView(o) ? (
              <address className="order-list__address">
                {o.buyerName} · {o.address.firstName} {o.address.lastName}, {o.address.houseNo},{' '}
                {o.address.street}, {o.address.landmark}, {o.address.city}, {o.address.state}{' '}
                {o.address.pinCode}, {o.address.country} · {o.address.mobile} · {o.address.email}
              </address>
            ) : null}
            {actions?.(o)}
            <OrderDocuments order={o} />
            {moneyActions ? <OrderMoneyActions order={o} as={moneyActions} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
