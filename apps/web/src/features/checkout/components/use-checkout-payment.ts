import { useState } from 'react';
import {
  COD_MESSAGES,
  codRefusal,
  orderTotals,
  priceOrder,
  quantitySchema,
  type OrderTotals,
  type PaymentMethod,
  type Product,
} from '@app/domain';
import { useProductTerms } from '../api/product-terms-api';
import { useFormat, useT } from '../../../lib/i18n';
import { useMessageTranslator } from '../../../lib/i18n/messages';

/**
 * The checkout's totals and way of paying: the product's price × quantity (priceOrder, as the
 * server prices it) plus its store's delivery charge (orderTotals), and whether this order may be
 * paid in cash at the door. Cash on delivery is for consumer orders a buyer places for themselves.
 */
export function useCheckoutPayment(q: {
  product: Product | undefined;
  quantity: unknown;
  business: boolean;
  sample: boolean;
  signedIn: boolean;
  /** The admin ordering, who pays nobody's cash. */
  forSomeoneElse: boolean;
}) {
  const [chosen, setMethod] = useState<PaymentMethod>('ONLINE');
  const { t } = useT('checkout');
  const { rupees } = useFormat();
  const translate = useMessageTranslator();
  const terms = useProductTerms(q.product?._id);
  let totals: OrderTotals | null = null;
  const quantity = quantitySchema.safeParse(q.quantity);
  if (q.product && terms.data && quantity.success) {
    const a = q.product.prdct_attributes;
    const price = priceOrder(
      {
        dsctPrice: a.dsct_price,
        retailDsctPrice: a.retail_dsct_price,
        retailOriginalPrice: a.retail_original_price,
        originalPrice: a.original_price,
        minOrderQuantity: q.product.min_order_quantity,
        sampleCharge: q.product.sample_charge,
        sampleQty: q.product.sample_qty,
      },
      quantity.data,
      { channel: q.business ? 'b2b' : 'b2c', sample: q.sample },
    );
    if (!('field' in price)) totals = orderTotals(price.amount, terms.data, { sample: q.sample });
  }
  const offered = !q.business && !q.sample && !q.forSomeoneElse && terms.data?.codEnabled === true;
  // The server also asks for a proven contact; a signed-in session has proven it at its first login.
  const refusal =
    offered && terms.data && totals
      ? codRefusal(
          terms.data,
          { total: totals.total, quantity: quantity.success ? quantity.data : 1 },
          { signedIn: q.signedIn, contactProven: true },
        )
      : null;
  const codUnavailable = !refusal
    ? null
    : refusal.message === COD_MESSAGES.signIn
      ? t('codSignIn')
      : terms.data?.codMaxAmount != null && refusal.message === COD_MESSAGES.aboveMax(terms.data.codMaxAmount)
        ? t('codAboveMax', { amount: rupees(terms.data.codMaxAmount) })
        : refusal.message === COD_MESSAGES.notOffered
          ? t('codNotOffered')
          : translate(refusal.message);
  const method: PaymentMethod = offered && !refusal ? chosen : 'ONLINE';
  return {
    totals,
    freeDeliveryFrom: terms.data?.freeDeliveryFrom ?? null,
    /** Show the choice only where the store takes cash on delivery. */
    offered,
    /** The hours the store takes to confirm a cash-on-delivery order. */
    codAcceptHours: terms.data?.codAcceptHours ?? null,
    codUnavailable,
    method,
    setMethod,
  };
}
