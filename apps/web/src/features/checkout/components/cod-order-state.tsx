import { COD_STATE_TEXT, rupeesText, type OrderView } from '@app/domain';

const dayAndTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

/** A cash-on-delivery order on the buyer's order page: each state in words (decision 032). */
export function CodOrderState({ order }: { order: OrderView }) {
  const lines = `${order.quantity} × ${order.productName} · ${rupeesText(order.amount)}`;
  if (order.paymentState === 'COD_PENDING') {
    return (
      <div className="checkout__popover" role="status">
        <h2>{COD_STATE_TEXT.waiting}</h2>
        <p>{lines}</p>
        <p>
          The seller confirms your order
          {order.codAcceptBy ? ` by ${dayAndTime(order.codAcceptBy)}` : ''}; if they do not, it is cancelled
          and you owe nothing. You pay {rupeesText(order.amount)} in cash when it is delivered.
        </p>
      </div>
    );
  }
  if (order.paymentState === 'COD_ACCEPTED') {
    return (
      <div className="checkout__popover" role="status">
        <h2>Cash on delivery: {COD_STATE_TEXT.accepted}</h2>
        <p>{lines}</p>
        <p>
          {order.fulfilment === 'DISPATCHED' ? 'It is on its way. ' : 'The seller is preparing it. '}
          Keep {rupeesText(order.amount)} ready to pay at the door.
        </p>
      </div>
    );
  }
  return (
    <div className="checkout__popover" role="status">
      <h2>{COD_STATE_TEXT.paid}</h2>
      <p>
        {lines} · {COD_STATE_TEXT.paid}
      </p>
    </div>
  );
}
