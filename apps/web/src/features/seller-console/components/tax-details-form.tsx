import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  GST_STATES,
  sellerTaxDetailsSchema,
  type SellerTaxDetails,
  type SellerTaxDetailsInput,
} from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useSaveTaxDetails, useTaxDetails } from '../api/tax-details-api';
import './store-profile-form.css';
import { useT } from '../../../lib/i18n';

const FIELDS = ['legalName', 'address', 'stateCode', 'gstin'] as const;

/**
 * "Tax details" under Edit store (decision 031): what the seller's tax invoices print. Without a
 * GSTIN the seller issues bills of supply; documents already issued keep what they printed.
 */
export function TaxDetailsForm() {
  const details = useTaxDetails();
  const save = useSaveTaxDetails();
  const toast = useToast();
  const { t } = useT('seller');
  const [answer, setAnswer] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const form = useForm<SellerTaxDetailsInput, unknown, SellerTaxDetails>({
    resolver: zodResolver(sellerTaxDetailsSchema),
    shouldFocusError: false,
    defaultValues: { legalName: '', address: '', stateCode: '', gstin: '' },
  });
  const kit = useFormKit(form);

  // The saved details fill the form once they arrive; later answers never overwrite typing.
  const filled = useRef(false);
  useEffect(() => {
    if (!details.data || filled.current) return;
    filled.current = true;
    const { legalName, address, stateCode, gstin } = details.data;
    // A field changed before the details came keeps what was typed.
    form.reset({ legalName, address, stateCode, gstin }, { keepDirtyValues: true });
  }, [details.data, form]);

  const onSubmit = async (values: SellerTaxDetails) => {
    setAnswer(null);
    try {
      await save.mutateAsync(values);
      form.reset(values);
      setAnswer({
        text: values.gstin ? t('taxSavedGstin') : t('taxSavedNoGstin'),
        tone: 'success',
      });
      toast.showSuccess(t('taxSaved'));
    } catch (error) {
      if (isApiError(error)) {
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) form.setError(field, { type: 'server', message });
        }
        setAnswer({ text: error.message, tone: 'error' });
      } else {
        setAnswer({ text: t('error'), tone: 'error' });
      }
    }
    kit.announceServerAnswer();
  };

  const missingHsn = details.data?.productsWithoutHsn ?? 0;
  return (
    <section className="card console__store" aria-labelledby="tax-details">
      <h2 id="tax-details">{t('taxDetails')}</h2>
      <p className="console__store-intro">{t('taxIntro')}</p>
      {missingHsn > 0 ? <p role="note">{t('missingHsn', { count: missingHsn })}</p> : null}
      {details.isError ? <p role="alert">{t('taxLoadFailed', { message: details.error.message })}</p> : null}
      <KitForm kit={kit} className="console__store-form" onSubmit={kit.onSubmit(onSubmit)}>
        <TextField
          label={t('legalName')}
          autoComplete="organization"
          error={kit.shownError('legalName')}
          {...form.register('legalName')}
        />
        <TextField
          label={t('registeredAddress')}
          autoComplete="street-address"
          error={kit.shownError('address')}
          {...form.register('address')}
        />
        <SelectField
          label={t('state')}
          options={GST_STATES.map((s) => ({
            value: s.code,
            label: `${t(`gstState_${s.code}`)} (${s.code})`,
          }))}
          placeholder={t('chooseState')}
          error={kit.shownError('stateCode')}
          {...form.register('stateCode')}
        />
        <TextField
          label={t('gstin')}
          autoCapitalize="characters"
          hint={t('gstinHint')}
          error={kit.shownError('gstin')}
          {...form.register('gstin')}
        />
        <FormMessage messageRef={kit.messageRef} tone={answer?.tone}>
          {answer?.text}
        </FormMessage>
        <SubmitButton submitting={save.isPending} submittingLabel={t('saving')}>
          {t('saveTax')}
        </SubmitButton>
      </KitForm>
    </section>
  );
}
