import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatStorePhone,
  OPENING_HOURS_MAX,
  STORE_PHOTOS_MAX,
  storeProfileRequest,
  storeProfileUpdateSchema,
  type PublicShop,
  type StoreProfileInput,
  type StoreProfileUpdate,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { usePincodeAutofill } from '../../../lib/use-pincode-autofill';
import { useUpload } from '../../../lib/use-upload';
import { useSellerStore } from '../api/products-api';
import { useUpdateStoreProfile } from '../api/store-profile-api';
import './store-profile-form.css';
import { useT } from '../../../lib/i18n';

type Field = 'phone' | 'openingHours' | 'address' | 'pinCode' | 'city' | 'state' | 'media';

/** The server names address fields `address.pinCode`; the form has them flat. */
function formFieldOf(serverField: string): Field | null {
  const name = serverField.replace(/^address\./, '').split('.')[0] ?? '';
  return (
    (['phone', 'openingHours', 'address', 'pinCode', 'city', 'state', 'media'] as const).find(
      (field) => field === name,
    ) ?? null
  );
}

function valuesOf(shop: PublicShop): StoreProfileInput {
  return {
    phone: formatStorePhone(shop.phone),
    openingHours: shop.openingHours,
    address: shop.address.address,
    pinCode: shop.address.pinCode,
    city: shop.address.city,
    state: shop.address.state,
    media: shop.media.filter((m) => m.type === 'IMAGE'),
  };
}

/**
 * "Edit store": the store's public phone and opening hours (decision 025), its address (a known
 * pincode fills city and state; the server moves the store on the locator to that pincode) and its
 * photos, shown to shoppers on the store locator and the store page. Not the owner's own mobile,
 * which stays private.
 */
export function StoreProfileForm({ userId }: { userId: string }) {
  const store = useSellerStore(userId);
  const update = useUpdateStoreProfile(userId);
  const upload = useUpload();
  const toast = useToast();
  const { t } = useT('seller');
  const [answer, setAnswer] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const saved = store.data?.Data;
  const form = useForm<StoreProfileInput, unknown, StoreProfileUpdate>({
    resolver: zodResolver(storeProfileUpdateSchema),
    shouldFocusError: false,
    defaultValues: { phone: '', openingHours: '', address: '', pinCode: '', city: '', state: '', media: [] },
  });
  const kit = useFormKit(form);
  const { setValue, control } = form;
  const photos = useWatch({ control, name: 'media' }) ?? [];
  const pinCode = useWatch({ control, name: 'pinCode' }) ?? '';

  // The saved details fill the form once they arrive. Neither they nor later answers overwrite
  // typing: a field changed before they came keeps what was typed.
  const filled = useRef(false);
  useEffect(() => {
    if (!saved || filled.current) return;
    filled.current = true;
    form.reset(valuesOf(saved), { keepDirtyValues: true });
  }, [saved, form]);

  // Only a pincode the seller typed fills city and state: the saved one keeps the saved names.
  const pincodeStatus = usePincodeAutofill(
    pinCode,
    (place) => {
      const options = { shouldValidate: true, shouldDirty: true } as const;
      setValue('state', place.state, options);
      const city = place.city ?? place.district;
      if (city) setValue('city', city, options);
    },
    { enabled: form.getFieldState('pinCode').isDirty, districtAsCity: true },
  );

  const onSubmit = async (values: StoreProfileUpdate) => {
    setAnswer(null);
    if (upload.isUploading) {
      setAnswer({ text: t('storePhotosUploading'), tone: 'error' });
      kit.announceServerAnswer();
      return;
    }
    try {
      const answered = await update.mutateAsync(
        storeProfileRequest({ ...values, media: [...values.media, ...upload.uploaded] }),
      );
      // The new photos are the store's now: they leave the uploader and join the saved ones.
      for (const item of upload.items) if (item.media) upload.remove(item.id);
      form.reset(valuesOf(answered.Data));
      setAnswer({ text: t('storeSavedLong'), tone: 'success' });
      toast.showSuccess(t('storeSaved'));
    } catch (error) {
      if (isApiError(error)) {
        for (const [serverField, message] of Object.entries(error.errors)) {
          const field = formFieldOf(serverField);
          if (field && message) form.setError(field, { type: 'server', message });
        }
        setAnswer({ text: error.message, tone: 'error' });
      } else {
        setAnswer({ text: t('error'), tone: 'error' });
      }
    }
    kit.announceServerAnswer();
  };

  const room = Math.max(STORE_PHOTOS_MAX - photos.length, 0);

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
        <TextField
          label={t('storePincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          hint={t('storePincodeHint')}
          status={pincodeStatus}
          error={kit.shownError('pinCode')}
          {...form.register('pinCode')}
        />
        <TextField
          label={t('storeAddress')}
          autoComplete="street-address"
          hint={t('storeAddressHint')}
          error={kit.shownError('address')}
          {...form.register('address')}
        />
        <TextField
          label={t('storeCity')}
          autoComplete="address-level2"
          error={kit.shownError('city')}
          {...form.register('city')}
        />
        <TextField
          label={t('storeState')}
          autoComplete="address-level1"
          error={kit.shownError('state')}
          {...form.register('state')}
        />
        <fieldset className="console__photos">
          <legend>{t('storePhotos')}</legend>
          {photos.length === 0 ? (
            <p className="console__store-intro">{t('noStorePhotos')}</p>
          ) : (
            <ul className="console__photo-list">
              {photos.map((photo, index) => (
                <li key={photo.url} className="console__photo">
                  <img
                    src={photo.url}
                    alt={t('storePhotoAlt', { number: index + 1 })}
                    width={96}
                    height={72}
                  />
                  <Button
                    variant="ghost"
                    aria-label={t('removeStorePhotoLabel', { number: index + 1 })}
                    onClick={() =>
                      setValue(
                        'media',
                        photos.filter((kept) => kept.url !== photo.url),
                        { shouldDirty: true },
                      )
                    }
                  >
                    {t('removeStorePhoto')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {kit.shownError('media') ? (
            <p className="field__error" role="alert">
              {kit.shownError('media')}
            </p>
          ) : null}
          <ImageUploader label={t('addStorePhotos')} upload={upload} maxFiles={room} />
          {room === 0 ? <p>{t('storePhotosLimit', { max: STORE_PHOTOS_MAX })}</p> : null}
        </fieldset>
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
