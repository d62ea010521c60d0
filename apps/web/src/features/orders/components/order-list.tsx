import type { ReactNode } from 'react';
import { orderNumberOf, type OrderView, type SellerOrderView } from '@app/domain';
import { OrderDocuments } from './order-documents';
import { OrderRefunds } from './order-refunds';
import { shipmentWords } from '../shipment-words';
import { useFormat, useT, type TFunction } from '../../../lib/i18n';
import { OrderMoneyActions } from './order-money-actions';
import './orders.css';

/** A payment state in words (`orders:payment_*`); a cash-on-delivery order once paid reads "Paid on delivery". */
export function paymentWords(
  t: TFunction,
  state: OrderView['paymentState'],
  method?: OrderView['paymentMethod'],
) {
  return state === 'PAID' && method === 'COD' ? t('codPaid') : t(`payment_${state}`);
}

/** A delivery state in words (`orders:fulfilment_*`). */
export const fulfilmentWords = (t: TFunction, state: OrderView['fulfilment']) => t(`fulfilment_${state}`);

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
  const { t } = useT('orders');
  const ui = useT('ui').t;
  const places = useT('addresses').t;
  const format = useFormat();
  return (
    <ul className="order-list">
      {orders.map((o) => {
        const shipment = shipmentWords(o, ui);
        return (
          <li
            key={o._id}
            className="card order-list__item"
            aria-label={t('order', { number: orderNumberOf(o._id) })}
          >
            {o.image ? <img src={o.image} alt="" className="order-list__image" /> : null}
            <div className="stack">
              <h2 className="order-list__title">{o.productName}</h2>
              {o.size ? <p className="order-list__meta">{t('sizeOf', { size: o.size })}</p> : null}
              <p>
                {format.number(o.quantity)} × {format.rupees(o.unitPrice)} ={' '}
                <strong>{format.rupees(o.amount)}</strong>
                {o.channel === 'b2b' ? t('wholesale') : ''}
                {o.sample ? t('sample') : ''}
              </p>
              <p className="order-list__meta">
                {o.paymentMethod === 'COD' ? t('cashOnDelivery') : t('paidOnline')}
                {o.deliveryCharge > 0
                  ? t('deliveryIncluded', { amount: format.rupees(o.deliveryCharge) })
                  : ''}
              </p>
              <p>
                <span className={`order-list__badge order-list__badge--${o.paymentState.toLowerCase()}`}>
                  {paymentWords(t, o.paymentState, o.paymentMethod)}
                </span>{' '}
                <span className="order-list__badge">{fulfilmentWords(t, o.fulfilment)}</span>
              </p>
              {shipment ? <p className="order-list__meta">{shipment}</p> : null}
              <OrderRefunds order={o} reader={isSellerView(o) ? 'staff' : 'buyer'} />
              <p className="order-list__meta">
                {t('orderedOn', { date: format.dateTime(o.createdAt), number: orderNumberOf(o._id) })}
              </p>
              {isSellerView(o) && o.addressNeeded ? (
                // Placed with the spec's "NA" and nothing saved to put in its place (decision 051).
                <div className="order-list__address-needed">
                  <p>
                    <span className="order-list__badge order-list__badge--address_needed">
                      {places('addressNeeded')}
                    </span>
                  </p>
                  <p className="order-list__meta">{places('addressNeededHint')}</p>
                  <p className="order-list__address">
                    {o.buyerName} · {o.address.firstName} {o.address.lastName} · {o.address.mobile} ·{' '}
                    {o.address.email}
                  </p>
                </div>
              ) : isSellerView(o) ? (
                <address className="order-list__address">
                  {o.buyerName} · {o.address.firstName} {o.address.lastName}, {o.address.houseNo},{' '}
                  {o.address.street}, {o.address.landmark}, {o.address.city}, {o.address.state}{' '}
                  {o.address.pinCode}, {o.address.country} · {o.address.mobile} · {o.address.email}
                </address>
              ) : null}
              {isSellerView(o) && o.referrer ? (
                <p className="order-list__meta">
                  {o.referrer.self
                    ? t('referredBySelf', { name: o.referrer.name })
                    : t('referredBy', {
                        name: o.referrer.name,
                        via: o.referrer.via === 'link' ? t('referredViaLink') : t('referredViaContact'),
                      })}
                </p>
              ) : null}
              {actions?.(o)}
              <OrderDocuments order={o} />
              {moneyActions ? <OrderMoneyActions order={o} as={moneyActions} /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
