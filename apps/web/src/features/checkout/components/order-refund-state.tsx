import type { OrderView } from '@app/domain';
import { useFormat, useT } from '../../../lib/i18n';
import { OrderRefunds, orderStateWords } from '../../orders';

/**
 * The order page once money goes back or the order was cancelled on purpose: the state in words
 * ("Refund pending", "Partially refunded", "Refunded", "Cancelled by the seller: <reason>") and each
 * refund with its amount and date.
 */
export function OrderRefundState({ order }: { order: OrderView }) {
  const { t } = useT('checkout');
  const { t: ui } = useT('ui');
  const rupees = useFormat().rupees(order.amount);
  return (
    <div className="checkout__popover" role="status">
      <h2>{orderStateWords(order, ui) ?? t('yourOrder')}</h2>
      <p>
        {order.quantity} × {order.productName} · {rupees}
      </p>
      <OrderRefunds order={order} showState={false} />
      {order.paymentState === 'REFUND_PENDING' ? (
        order.paymentMethod === 'COD' ? (
          // Paid in cash: the seller pays it back where the buyer says (decision 032).
          <p>{t('codRefundBack')}</p>
        ) : (
          <p>{t('refundDays')}</p>
        )
      ) : null}
    </div>
  );
}
