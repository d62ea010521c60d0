import type { OrderTotals as Totals } from '@app/domain';
import { useFormat, useT } from '../../../lib/i18n';

/**
 * Items, delivery and total before the Order button, from the same rule the server prices the order
 * with (orderTotals); the server still computes the amount it stores itself.
 */
export function OrderTotals({
  totals,
  freeDeliveryFrom,
}: {
  totals: Totals;
  freeDeliveryFrom: number | null;
}) {
  const { t } = useT('checkout');
  const { rupees } = useFormat();
  return (
    <section className="checkout__totals" aria-labelledby="order-totals">
      <h2 id="order-totals">{t('orderTotal')}</h2>
      <dl className="checkout__prices">
        <dt>{t('items')}</dt>
        <dd>{rupees(totals.subtotal)}</dd>
        <dt>{t('delivery')}</dt>
        <dd>{totals.deliveryCharge === 0 ? t('free') : rupees(totals.deliveryCharge)}</dd>
        <dt>{t('total')}</dt>
        <dd className="checkout__total">{rupees(totals.total)}</dd>
      </dl>
      {totals.deliveryCharge > 0 && freeDeliveryFrom !== null ? (
        <p className="field__hint">{t('freeDeliveryFrom', { amount: rupees(freeDeliveryFrom) })}</p>
      ) : null}
    </section>
  );
}
