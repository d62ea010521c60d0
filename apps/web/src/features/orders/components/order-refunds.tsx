import {
  BUYER_CANCEL_REASON,
  LOCALE_OF,
  REFUND_STATE_LABELS,
  type Language,
  type OrderView,
  type RefundView,
} from '@app/domain';
import { useT } from '../../../lib/i18n/translate';
import './order-refunds.css';

type T = (key: string, values?: Record<string, string | number>) => string;

/** The refund states in words: their keys in the `ui` catalogue (English: REFUND_STATE_LABELS). */
const STATE_KEYS: Partial<Record<OrderView['paymentState'], string>> = {
  REFUND_PENDING: 'refundPending',
  PARTIALLY_REFUNDED: 'partiallyRefunded',
  REFUNDED: 'refunded',
};

/** Who reads the order: its buyer ("Cancelled by you"), or its seller and the admin team. */
export type OrderReader = 'buyer' | 'staff';

/**
 * "Cancelled by the seller: <reason>", or the refund state in words; null when neither applies.
 * Pass `useT('ui').t` for the current language; without it, the spec's English.
 */
export function orderStateWords(
  order: Pick<OrderView, 'paymentState' | 'cancellation'>,
  t?: T,
  reader: OrderReader = 'buyer',
): string | null {
  const c = order.cancellation;
  if (c) {
    if (!t) {
      if (c.by === 'buyer') return 'Cancelled by you';
      if (c.by === 'system') return `Cancelled: ${c.reason}`;
      return `Cancelled by the ${c.by}: ${c.reason}`;
    }
    if (c.by === 'buyer' && reader === 'staff') {
      // The buyer need not say why: the reason recorded then says no more than the words do.
      return c.reason && c.reason !== BUYER_CANCEL_REASON
        ? t('cancelledByBuyerBecause', { reason: c.reason })
        : t('cancelledByBuyer');
    }
    if (c.by === 'buyer') return t('cancelledByYou');
    if (c.by === 'system') return t('cancelledSystem', { reason: c.reason });
    return t(c.by === 'seller' ? 'cancelledBySeller' : 'cancelledByAdmin', { reason: c.reason });
  }
  const key = STATE_KEYS[order.paymentState];
  if (!t) return REFUND_STATE_LABELS[order.paymentState] ?? null;
  return key ? t(key) : null;
}

function refundLine(r: RefundView, t: T, language: Language): string {
  const locale = LOCALE_OF[language];
  const amount = `₹${(r.amountPaise / 100).toLocaleString(locale, {
    minimumFractionDigits: r.amountPaise % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
  const dateOf = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  switch (r.status) {
    case 'SUCCESS':
      return t('refundedOn', { amount, date: dateOf(r.settledAt ?? r.requestedAt) });
    case 'PENDING':
      return t('refundPendingSince', { amount, date: dateOf(r.requestedAt) });
    case 'FAILED':
      return t('refundFailedOn', { amount, date: dateOf(r.settledAt ?? r.requestedAt) });
  }
}

/**
 * An order's cancellation and refunds as its buyer, seller and the admin read them: the state in
 * words (also while a refund is pending), then each refund with its amount, date and reason.
 */
export function OrderRefunds({
  order,
  showState = true,
  reader = 'buyer',
}: {
  order: Pick<OrderView, 'paymentState' | 'cancellation' | 'refunds' | 'refundablePaise'>;
  /** False where a heading already says the state in words. */
  showState?: boolean;
  reader?: OrderReader;
}) {
  const { t, language } = useT('ui');
  const words = showState ? orderStateWords(order, t, reader) : null;
  const refunds = order.refunds ?? [];
  if (!words && refunds.length === 0) return null;
  return (
    <div className="order-refunds">
      {words ? <p className="order-refunds__state">{words}</p> : null}
      {order.cancellation && STATE_KEYS[order.paymentState] ? (
        <p className="order-refunds__state">{t(STATE_KEYS[order.paymentState] ?? '')}</p>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="order-refunds__list" aria-label={t('refunds')}>
          {refunds.map((r) => (
            <li key={r.refundId}>
              {refundLine(r, t, language)}
              {r.reason ? <span className="order-refunds__reason"> · {r.reason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
