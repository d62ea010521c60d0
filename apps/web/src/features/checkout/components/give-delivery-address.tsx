import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@app/domain';
import { DeliveryAddressForm } from '../../account';
import { useT } from '../../../lib/i18n';
import { checkoutKeys } from '../api/checkout-api';
import { giveDeliveryAddress } from '../api/delivery-addresses-api';

/**
 * An order placed "address needed" (decision 051: an existing client sent the spec's "NA" and
 * nothing was saved to put in its place) asks for its address here, on the order's own page; the
 * seller dispatches it once given.
 */
export function GiveDeliveryAddress({ order }: { order: OrderView }) {
  const { t } = useT('addresses');
  const client = useQueryClient();
  const [given, setGiven] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // Focus goes to the thanks once it is drawn. Not in an animation frame: a browser holds those
  // back for a window it counts as in the background, and the thanks then never got the focus.
  useEffect(() => {
    if (given) doneRef.current?.focus();
  }, [given]);

  if (given) {
    return (
      <p ref={doneRef} tabIndex={-1} role="status" className="checkout__popover">
        {t('addressGiven')}
      </p>
    );
  }
  if (!order.addressNeeded) return null;
  return (
    <section className="card stack" aria-labelledby="address-needed">
      <h2 id="address-needed">{t('neededHeading')}</h2>
      <p>{t('neededText')}</p>
      <DeliveryAddressForm
        label={t('neededHeading')}
        submitLabel={t('giveAddress')}
        onSave={async (address) => {
          const answer = await giveDeliveryAddress(order._id, address);
          client.setQueryData(checkoutKeys.status(order._id), answer.data);
          setGiven(true);
        }}
      />
    </section>
  );
}
