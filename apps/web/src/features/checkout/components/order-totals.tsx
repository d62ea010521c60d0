import { rupeesText, type OrderTotals as Totals } from '@app/domain';

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
  return (
    <section className="checkout__totals" aria-labelledby="order-totals">
      <h2 id="order-totals">Order total</h2>
      <dl className="checkout__prices">
        <dt>Items</dt>
        <dd>{rupeesText(totals.subtotal)}</dd>
        <dt>Delivery</dt>
        <dd>{totals.deliveryCharge === 0 ? 'Free' : rupeesText(totals.deliveryCharge)}</dd>
        <dt>Total</dt>
        <dd className="checkout__total">{rupeesText(totals.total)}</dd>
      </dl>
      {totals.deliveryCharge > 0 && freeDeliveryFrom !== null ? (
        <p className="field__hint">Delivery is free for items of {rupeesText(freeDeliveryFrom)} or more.</p>
      ) : null}
    </section>
  );
}
