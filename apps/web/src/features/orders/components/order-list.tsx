import type { ReactNode } from 'react';
import type { OrderView, SellerOrderView } from '@app/domain';
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
}: {
  orders: readonly T[];
  actions?: (order: T) => ReactNode;
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
            <p>
              <span className={`order-list__badge order-list__badge--${o.paymentState.toLowerCase()}`}>
                {PAYMENT_LABELS[o.paymentState]}
              </span>{' '}
              <span className="order-list__badge">{FULFILMENT_LABELS[o.fulfilment]}</span>
            </p>
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
          </div>
        </li>
      ))}
    </ul>
  );
}
