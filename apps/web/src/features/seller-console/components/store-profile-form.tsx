import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatStorePhone,
  OPENING_HOURS_MAX,
  storeContactUpdateSchema,
  type StoreContactInput,
  type StoreContactUpdate,
} from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useSellerStore } from '../api/products-api';
import { useUpdateStoreContact } from '../api/store-profile-api';
import './store-profile-form.css';
import { useT } from '../../../lib/i18n';

/**
 * "Edit store": the store's public phone and opening hours, shown to shoppers on the store locator
 * and the store page (decision 025). Not the owner's own mobile, which stays private.
 */
export function StoreProfileForm({ userId }: { userId: string }) {
  const store = useSellerStore(userId);
  const update = useUpdateStoreContact(userId);
  const toast = useToast();
  const { t } = useT('seller');
  const [answer, setAnswer] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const saved = store.data?.Data;
  const form = useForm<StoreContactInput, unknown, StoreContactUpdate>({
    resolver: zodResolver(storeContactUpdateSchema),
    shouldFocusError: false,
    defaultValues: { phone: '', openingHours: '' },
  });
  const kit = useFormKit(form);

  // The saved details fill the form once they arrive. Neither they nor later answers overwrite
  // typing: a field changed before they came keeps what was typed.
  const filled = useRef(false);
  useEffect(() => {
    if (!saved || filled.current) return;
    filled.current = true;
    form.reset(
      { phone: formatStorePhone(saved.phone), openingHours: saved.openingHours },
      { keepDirtyValues: true },
    );
  }, [saved, form]);

  const onSubmit = async (values: StoreContactUpdate) => {
    setAnswer(null);
    try {
      await update.mutateAsync(values);
      form.reset({ phone: formatStorePhone(values.phone), openingHours: values.openingHours });
      setAnswer({ text: t('storeSavedLong'), tone: 'success' });
      toast.showSuccess(t('storeSaved'));
    } catch (error) {
      if (isApiError(error)) {
        for (const field of ['phone', 'openingHours'] as const) {
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

  return (
    <section className="card console__store" aria-labelledby="edit-store">
      <h2 id="edit-store">{t('editStore')}</h2>
      <p className="console__store-intro">{t('editStoreIntro')}</p>
      {store.isError ? <p role="alert">{t('storeLoadFailed', { message: store.error.message })}</p> : null}
      <KitForm kit={kit} className="console__store-form" onSubmit={kit.onSubmit(onSubmit)}>
        <TextField
          label={t('storePhone')}
          type="tel"
          autoComplete="tel"
          hint={t('storePhoneHint')}
          error={kit.shownError('phone')}
          {...form.register('phone')}
        />
        <TextField
          label={t('openingHours')}
          maxLength={OPENING_HOURS_MAX + 20}
          hint={t('openingHoursHint')}
          error={kit.shownError('openingHours')}
          {...form.register('openingHours')}
        />
        <FormMessage messageRef={kit.messageRef} tone={answer?.tone}>
          {answer?.text}
        </FormMessage>
        <SubmitButton submitting={update.isPending} submittingLabel={t('saving')}>
          {t('saveStore')}
        </SubmitButton>
      </KitForm>
    </section>
  );
}
