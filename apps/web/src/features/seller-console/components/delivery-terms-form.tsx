import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COD_ACCEPT_HOURS,
  deliveryTermsSchema,
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

const FIELDS = ['deliveryCharge', 'freeDeliveryFrom', 'codEnabled', 'codMaxAmount'] as const;
const asText = (n: number | null) => (n === null ? '' : String(n));

/**
 * Edit store, "Delivery and cash on delivery": the charge added to every order, the amount from
 * which delivery is free, and whether buyers may pay in cash at the door, up to an amount
 * (decision 032). Buyers see the total with delivery before they order.
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
    defaultValues: { deliveryCharge: '0', freeDeliveryFrom: '', codEnabled: false, codMaxAmount: '' },
  });
  const kit = useFormKit(form);

  // The saved terms fill the form once they arrive; later answers never overwrite typing.
  const filled = useRef(false);
  useEffect(() => {
    if (!terms.data || filled.current) return;
    filled.current = true;
    const t = terms.data;
    form.reset(
      {
        deliveryCharge: String(t.deliveryCharge),
        freeDeliveryFrom: asText(t.freeDeliveryFrom),
        codEnabled: t.codEnabled,
        codMaxAmount: asText(t.codMaxAmount),
      },
      // A field changed before the terms came keeps what was typed.
      { keepDirtyValues: true },
    );
  }, [terms.data, form]);

  const onSubmit = async (values: DeliveryTermsUpdate) => {
    setAnswer(null);
    try {
      const saved = await save.mutateAsync(values);
      const t = saved.data;
      form.reset({
        deliveryCharge: String(t.deliveryCharge),
        freeDeliveryFrom: asText(t.freeDeliveryFrom),
        codEnabled: t.codEnabled,
        codMaxAmount: asText(t.codMaxAmount),
      });
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
          hint={tr('codUpToHint', { hours: COD_ACCEPT_HOURS })}
          error={kit.shownError('codMaxAmount')}
          {...form.register('codMaxAmount')}
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
