import { useId } from 'react';
import type { PaymentMethod } from '@app/domain';
import { useT } from '../../../lib/i18n';

/**
 * "Pay online" or "Cash on delivery". Cash on delivery is offered only where the store takes it;
 * when this order cannot be paid so (above the store's amount, not logged in), the option says why.
 */
export function PaymentMethodChoice({
  value,
  onChange,
  codUnavailable,
  acceptHours,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Why cash on delivery cannot be chosen for this order; null when it can. */
  codUnavailable: string | null;
  /** The hours the store takes to confirm a cash-on-delivery order (its own setting). */
  acceptHours: number;
}) {
  const reasonId = useId();
  const { t } = useT('checkout');
  return (
    <fieldset className="checkout__methods">
      <legend>{t('howPay')}</legend>
      <label>
        <input
          type="radio"
          name="payment-method"
          value="ONLINE"
          checked={value === 'ONLINE'}
          onChange={() => onChange('ONLINE')}
        />{' '}
        {t('payOnline')}
      </label>
      <label>
        <input
          type="radio"
          name="payment-method"
          value="COD"
          checked={value === 'COD'}
          disabled={codUnavailable !== null}
          aria-describedby={reasonId}
          onChange={() => onChange('COD')}
        />{' '}
        {t('cashOnDelivery')}
      </label>
      <p id={reasonId} className="field__hint">
        {codUnavailable ?? t('codHint', { hours: acceptHours })}
      </p>
    </fieldset>
  );
}
