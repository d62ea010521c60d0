import { REFUND_STATE_LABELS, type OrderView, type RefundView } from '@app/domain';
import './order-refunds.css';

const paise = (n: number) =>
  `₹${(n / 100).toLocaleString('en-IN', { minimumFractionDigits: n % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Cancelled by the seller: <reason>", or the refund state in words; null when neither applies. */
export function orderStateWords(order: Pick<OrderView, 'paymentState' | 'cancellation'>): string | null {
  const c = order.cancellation;
  if (c) {
    if (c.by === 'buyer') return 'Cancelled by you';
    if (c.by === 'system') return `Cancelled: ${c.reason}`;
    return `Cancelled by the ${c.by}: ${c.reason}`;
  }
  return REFUND_STATE_LABELS[order.paymentState] ?? null;
}

function refundLine(r: RefundView): string {
  switch (r.status) {
    case 'SUCCESS':
      return `${paise(r.amountPaise)} refunded on ${dateOf(r.settledAt ?? r.requestedAt)}`;
    case 'PENDING':
      return `${paise(r.amountPaise)} refund pending since ${dateOf(r.requestedAt)}`;
    case 'FAILED':
      return `${paise(r.amountPaise)} refund failed on ${dateOf(r.settledAt ?? r.requestedAt)}`;
  }
}

/**
 * An order's cancellation and refunds as its buyer, seller and the admin read them: the state in
 * words (also while a refund is pending), then each refund with its amount, date and reason.
 */
export function OrderRefunds({
  order,
  showState = true,
}: {
  order: Pick<OrderView, 'paymentState' | 'cancellation' | 'refunds' | 'refundablePaise'>;
  /** False where a heading already says the state in words. */
  showState?: boolean;
}) {
  const words = showState ? orderStateWords(order) : null;
  const refunds = order.refunds ?? [];
  if (!words && refunds.length === 0) return null;
  return (
    <div className="order-refunds">
      {words ? <p className="order-refunds__state">{words}</p> : null}
      {order.cancellation && REFUND_STATE_LABELS[order.paymentState] ? (
        <p className="order-refunds__state">{REFUND_STATE_LABELS[order.paymentState]}</p>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="order-refunds__list" aria-label="Refunds">
          {refunds.map((r) => (
            <li key={r.refundId}>
              {refundLine(r)}
              {r.reason ? <span className="order-refunds__reason"> · {r.reason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
