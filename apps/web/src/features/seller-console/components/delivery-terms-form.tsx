import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COD_ACCEPT_HOURS,
  COD_UNITS_PER_ORDER,
  COD_WAITING_UNITS,
  deliveryTermsSchema,
  type DeliveryTerms,
  type DeliveryTermsInput,
  type DeliveryTermsUpdate,
} from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useDeliveryTerms, useSaveDeliveryTerms } from '../api/delivery-terms-api';
import './store-profile-form.css';
import { useT } from '../../../lib/i18n';

const FIELDS = [
  'deliveryCharge',
  'freeDeliveryFrom',
  'codEnabled',
  'codMaxAmount',
  'codAcceptHours',
  'codMaxUnitsPerOrder',
  'codMaxWaitingUnits',
] as const;
const asText = (n: number | null) => (n === null ? '' : String(n));

/** The form's text values for saved terms. */
const formValues = (t: DeliveryTerms): DeliveryTermsInput => ({
  deliveryCharge: String(t.deliveryCharge),
  freeDeliveryFrom: asText(t.freeDeliveryFrom),
  codEnabled: t.codEnabled,
  codMaxAmount: asText(t.codMaxAmount),
  codAcceptHours: String(t.codAcceptHours),
  codMaxUnitsPerOrder: String(t.codMaxUnitsPerOrder),
  codMaxWaitingUnits: String(t.codMaxWaitingUnits),
});

/**
 * Edit store, "Delivery and cash on delivery": the charge added to every order, the amount from
 * which delivery is free, and whether buyers may pay in cash at the door, up to an amount
 * (decision 032), with the seller's limits on it (issue 40): the hours they take to accept an
 * order, the items in one order, and the items of one product waiting for them at once. Buyers
 * see the total with delivery before they order.
 */
export function DeliveryTermsForm() {
  const terms = useDeliveryTerms();
  const save = useSaveDeliveryTerms();
  const toast = useToast();
  const { t: tr } = useT('seller');
  const [answer, setAnswer] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const form = useForm<DeliveryTermsInput, unknown, DeliveryTermsUpdate>({
    resolver: zodResolver(deliveryTermsSchema),
    shouldFocusError: false,
    defaultValues: {
      deliveryCharge: '0',
      freeDeliveryFrom: '',
      codEnabled: false,
      codMaxAmount: '',
      codAcceptHours: String(COD_ACCEPT_HOURS.default),
      codMaxUnitsPerOrder: String(COD_UNITS_PER_ORDER.default),
      codMaxWaitingUnits: String(COD_WAITING_UNITS.default),
    },
  });
  const kit = useFormKit(form);

  // The saved terms fill the form once they arrive; later answers never overwrite typing.
  const filled = useRef(false);
  useEffect(() => {
    if (!terms.data || filled.current) return;
    filled.current = true;
    form.reset(
      formValues(terms.data),
      // A field changed before the terms came keeps what was typed.
      { keepDirtyValues: true },
    );
  }, [terms.data, form]);

  const onSubmit = async (values: DeliveryTermsUpdate) => {
    setAnswer(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(formValues(saved.data));
      setAnswer({ text: tr('deliverySavedLong'), tone: 'success' });
      toast.showSuccess(tr('deliverySaved'));
    } catch (error) {
      if (isApiError(error)) {
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) form.setError(field, { type: 'server', message });
        }
        setAnswer({ text: error.message, tone: 'error' });
      } else {
        setAnswer({ text: tr('error'), tone: 'error' });
      }
    }
    kit.announceServerAnswer();
  };

  return (
    <section className="card console__store" aria-labelledby="delivery-terms">
      <h2 id="delivery-terms">{tr('deliveryHeading')}</h2>
      <p className="console__store-intro">{tr('deliveryIntro')}</p>
      {terms.isError ? (
        <p role="alert">{tr('deliveryLoadFailed', { message: terms.error.message })}</p>
      ) : null}
      <KitForm kit={kit} className="console__store-form" onSubmit={kit.onSubmit(onSubmit)}>
        <TextField
          label={tr('deliveryCharge')}
          inputMode="numeric"
          hint={tr('deliveryChargeHint')}
          error={kit.shownError('deliveryCharge')}
          {...form.register('deliveryCharge')}
        />
        <TextField
          label={tr('freeDeliveryFrom')}
          inputMode="numeric"
          hint={tr('freeDeliveryHint')}
          error={kit.shownError('freeDeliveryFrom')}
          {...form.register('freeDeliveryFrom')}
        />
        <label className="console__check">
          <input type="checkbox" {...form.register('codEnabled')} /> {tr('acceptCod')}
        </label>
        <TextField
          label={tr('codUpTo')}
          inputMode="numeric"
          hint={tr('codUpToHint')}
          error={kit.shownError('codMaxAmount')}
          {...form.register('codMaxAmount')}
        />
        <TextField
          label={tr('codAcceptHours')}
          inputMode="numeric"
          hint={tr('codAcceptHoursHint', {
            min: COD_ACCEPT_HOURS.min,
            max: COD_ACCEPT_HOURS.max,
            hours: COD_ACCEPT_HOURS.default,
          })}
          error={kit.shownError('codAcceptHours')}
          {...form.register('codAcceptHours')}
        />
        <TextField
          label={tr('codUnitsPerOrder')}
          inputMode="numeric"
          hint={tr('codUnitsPerOrderHint', { max: COD_UNITS_PER_ORDER.max })}
          error={kit.shownError('codMaxUnitsPerOrder')}
          {...form.register('codMaxUnitsPerOrder')}
        />
        <TextField
          label={tr('codWaitingUnits')}
          inputMode="numeric"
          hint={tr('codWaitingUnitsHint', { max: COD_WAITING_UNITS.max })}
          error={kit.shownError('codMaxWaitingUnits')}
          {...form.register('codMaxWaitingUnits')}
        />
        <FormMessage messageRef={kit.messageRef} tone={answer?.tone}>
          {answer?.text}
        </FormMessage>
        <SubmitButton submitting={save.isPending} submittingLabel={tr('saving')}>
          {tr('saveDelivery')}
        </SubmitButton>
      </KitForm>
    </section>
  );
}
