import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  GST_STATES,
  sellerTaxDetailsSchema,
  type SellerTaxDetails,
  type SellerTaxDetailsInput,
  type SellerTaxDetailsView,
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
import { useFormat, useT, type TFunction } from '../../../lib/i18n';

const FIELDS = ['legalName', 'address', 'stateCode', 'gstin', 'pan'] as const;

/**
 * Where the seller's GSTIN stands (decision 069), read under the field: waiting for Revuhub's
 * approval, refused and why, or approved; and what the invoices carry meanwhile.
 */
function gstinStanding(view: SellerTaxDetailsView, t: TFunction, date: (iso: string) => string) {
  const { approvedGstin: approved, gstinReview: review } = view;
  if (review?.state === 'PENDING') {
    const when = date(review.requestedAt);
    return approved ? t('gstinPendingKeep', { date: when, approved }) : t('gstinPendingNone', { date: when });
  }
  if (review?.state === 'REFUSED') {
    const { gstin, reason } = review;
    return approved
      ? t('gstinRefusedKeep', { gstin, reason, approved })
      : t('gstinRefusedNone', { gstin, reason });
  }
  return approved && view.gstin === approved ? t('gstinApproved') : '';
}

/** The answer to a save: what the next invoices carry, now that the GSTIN may wait for approval. */
function savedMessage(view: SellerTaxDetailsView, t: TFunction) {
  if (view.gstinReview?.state === 'PENDING') {
    return view.approvedGstin
      ? t('taxSavedPendingKeep', { approved: view.approvedGstin })
      : t('taxSavedPendingNone');
  }
  return view.approvedGstin ? t('taxSavedGstin') : t('taxSavedNoGstin');
}

/**
 * "Tax details" under Edit store (decision 031): what the seller's tax invoices print. Without a
 * GSTIN the seller issues bills of supply; a new GSTIN, given with its PAN, waits for Revuhub's
 * approval (decision 069); documents already issued keep what they printed.
 */
export function TaxDetailsForm() {
  const details = useTaxDetails();
  const save = useSaveTaxDetails();
  const toast = useToast();
  const { t } = useT('seller');
  const { date } = useFormat();
  const [answer, setAnswer] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const form = useForm<SellerTaxDetailsInput, unknown, SellerTaxDetails>({
    resolver: zodResolver(sellerTaxDetailsSchema),
    shouldFocusError: false,
    defaultValues: { legalName: '', address: '', stateCode: '', gstin: '', pan: '' },
  });
  const kit = useFormKit(form);

  // The saved details fill the form once they arrive; later answers never overwrite typing.
  const filled = useRef(false);
  useEffect(() => {
    if (!details.data || filled.current) return;
    filled.current = true;
    const { legalName, address, stateCode, gstin, pan } = details.data;
    // A field changed before the details came keeps what was typed.
    form.reset({ legalName, address, stateCode, gstin, pan }, { keepDirtyValues: true });
  }, [details.data, form]);

  const onSubmit = async (values: SellerTaxDetails) => {
    setAnswer(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(values);
      setAnswer({ text: savedMessage(saved.data, t), tone: 'success' });
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
  const standing = details.data ? gstinStanding(details.data, t, date) : '';
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
          hint={standing ? `${t('gstinHint')} ${standing}` : t('gstinHint')}
          error={kit.shownError('gstin')}
          {...form.register('gstin')}
        />
        <TextField
          label={t('pan')}
          autoCapitalize="characters"
          hint={t('panHint')}
          error={kit.shownError('pan')}
          {...form.register('pan')}
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
