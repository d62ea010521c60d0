import { LOCALE_OF, type OrderView } from '@app/domain';
import { useFormat, useT } from '../../../lib/i18n';

const DAY_AND_TIME = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
} as const;

/** A cash-on-delivery order on the buyer's order page: each state in words (decision 032). */
export function CodOrderState({ order }: { order: OrderView }) {
  const { t, language } = useT('checkout');
  const { rupees } = useFormat();
  const amount = rupees(order.amount);
  const dayAndTime = (iso: string) => new Date(iso).toLocaleString(LOCALE_OF[language], DAY_AND_TIME);
  const lines = `${order.quantity} × ${order.productName} · ${amount}`;
  if (order.paymentState === 'COD_PENDING') {
    return (
      <div className="checkout__popover" role="status">
        <h2>{t('codWaiting')}</h2>
        <p>{lines}</p>
        <p>
          {order.codAcceptBy
            ? t('codConfirmBy', { time: dayAndTime(order.codAcceptBy), amount })
            : t('codConfirm', { amount })}
        </p>
      </div>
    );
  }
  if (order.paymentState === 'COD_ACCEPTED') {
    return (
      <div className="checkout__popover" role="status">
        <h2>{t('codAccepted', { state: t('codAcceptedState') })}</h2>
        <p>{lines}</p>
        <p>
          {order.fulfilment === 'DISPATCHED' ? t('onItsWay') : t('preparing')}
          {t('keepReady', { amount })}
        </p>
      </div>
    );
  }
  return (
    <div className="checkout__popover" role="status">
      <h2>{t('codPaid')}</h2>
      <p>
        {lines} · {t('codPaid')}
      </p>
    </div>
  );
}
