import type { OrderView } from '@app/domain';
import { OrderRefunds, orderStateWords } from '../../../components/ui/order-refunds';

/**
 * The order page once money goes back or the order was cancelled on purpose: the state in words
 * ("Refund pending", "Partially refunded", "Refunded", "Cancelled by the seller: <reason>") and each
 * refund with its amount and date.
 */
export function OrderRefundState({ order }: { order: OrderView }) {
  const rupees = `₹${order.amount.toLocaleString('en-IN')}`;
  return (
    <div className="checkout__popover" role="status">
      <h2>{orderStateWords(order) ?? 'Your order'}</h2>
      <p>
        {order.quantity} × {order.productName} · {rupees}
      </p>
      <OrderRefunds order={order} showState={false} />
      {order.paymentState === 'REFUND_PENDING' ? (
        order.paymentMethod === 'COD' ? (
          // Paid in cash: the seller pays it back where the buyer says (decision 032).
          <p>The seller pays your refund back to the UPI id or bank account you give below.</p>
        ) : (
          <p>Refunds reach your account in 5–7 working days, by the way you paid.</p>
        )
      ) : null}
    </div>
  );
}
