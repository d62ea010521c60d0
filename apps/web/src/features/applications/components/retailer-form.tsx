import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BUSINESS_TYPES, retailerFormSchema, retailerFormToPayload, type RetailerForm } from '@app/domain';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { KitForm } from '../../../components/ui/form-kit';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useT } from '../../../lib/i18n';
import { usePincodeAutofill } from '../../../lib/use-pincode-autofill';
import { useUpload } from '../../../lib/use-upload';
import { useOnboardRetailer, useParentCategories } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
import { INDIA, useLocationLookups } from '../api/use-location-lookups';
import { AddressSelects } from './address-selects';
import {
  ContactNumberField,
  EmailField,
  SubmitErrorBanner,
  ThankYouPanel,
  lookupHint,
  missingFieldsReason,
} from './application-parts';
import { CategoryTreePicker } from './category-tree-picker';
import { ReapplyNote, type FormStart } from './earlier-answers';
import { withConsentBox, type ConsentBox } from './consent-box';
import { isFilled } from './is-filled';
import { ManualLocation } from './manual-location';
import { ProcessingScreen } from './processing-screen';

type RetailerFormInput = z.input<typeof retailerFormSchema>;

const REQUIRED = [
  'ownerName',
  'emailId',
  'contactNum',
  'companyName',
  'storeName',
  'businessType',
  'GSTINnum',
  'yearOfEstablishment',
  'address',
  'pinCode',
  'country',
  'state',
  'city',
  'sellCategory',
  'latitude',
  'longitude',
] as const;
const FIELDS = [...REQUIRED, 'PANnum', 'area', 'websiteLink', 'media'] as const;
const MAX_IMAGES = 10;

const BUSINESS_TYPE_KEY: Record<(typeof BUSINESS_TYPES)[number], string> = {
  'Public Limited Company': 'businessPublicLimited',
  'Private Limited Company': 'businessPrivateLimited',
  'Joint-Venture Company': 'businessJointVenture',
  'Partnership Firm': 'businessPartnership',
  'One Person Company': 'businessOnePerson',
  'Sole Proprietorship': 'businessSoleProprietorship',
  'Branch Office': 'businessBranchOffice',
  'Non-Government Organization (NGO)': 'businessNgo',
};

export function RetailerApplicationForm({ initial, reapply = false }: FormStart<RetailerFormInput> = {}) {
  const { t, language } = useT('applications');
  const onboard = useOnboardRetailer(reapply);
  const categories = useParentCategories();
  const upload = useUpload();
  const dialogs = useAlertDialog();
  const [locationProblem, setLocationProblem] = useState<string>();
  const consentRequired = useConsentError(false) ?? '';
  const resolver = useMemo(
    () => withConsentBox(zodResolver(retailerFormSchema), consentRequired, language),
    [consentRequired, language],
  );
  const form = useForm<RetailerFormInput & ConsentBox, unknown, RetailerForm & ConsentBox>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: {
      ownerName: '',
      emailId: '',
      contactNum: '',
      companyName: '',
      storeName: '',
      // The enum has no empty member; '' is the select's placeholder until a choice is made.
      businessType: '' as RetailerFormInput['businessType'],
      GSTINnum: '',
      PANnum: '',
      yearOfEstablishment: '',
      area: '',
      address: '',
      pinCode: '',
      country: INDIA,
      state: '',
      city: '',
      sellCategory: [],
      websiteLink: '',
      media: [],
      ...initial,
      consent: false,
    },
  });
  const {
    register,
    control,
    setError,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = form;
  const kit = useFormKit(form);
  const required = useWatch({ control, name: REQUIRED });
  const [country, state, city, latitude, longitude, consent] = useWatch({
    control,
    name: ['country', 'state', 'city', 'latitude', 'longitude', 'consent'],
  });
  const lookups = useLocationLookups(country, state, city);
  const pinCode = useWatch({ control, name: 'pinCode' });
  // A known pincode picks the state and city; the pickers stay the user's to change.
  const pincodeStatus = usePincodeAutofill(pinCode, (place) => {
    if (!place.state_id) return;
    const options = { shouldValidate: true, shouldDirty: true } as const;
    if (getValues('country') !== INDIA) setValue('country', INDIA, options);
    setValue('state', place.state, options);
    // An unmatched city is left empty without an error: the status line asks for it.
    if (place.city) setValue('city', place.city, options);
    else setValue('city', '');
  });
  const { outcome, serverError, submit } = useApplicationSubmit({
    announceServerAnswer: kit.announceServerAnswer,
    setError,
    fields: FIELDS,
    successStatus: 200,
  });

  const uploadFailed = upload.items.some((item) => item.status === 'error');
  const blockedReason = missingFieldsReason(
    t,
    required.map(isFilled),
    upload.isUploading ? t('imagesUploading') : uploadFailed ? t('imagesFailed') : null,
  );

  if (outcome) return <ThankYouPanel outcome={outcome} email={getValues('emailId')} />;

  const captureLocation = () => {
    if (!('geolocation' in navigator)) {
      void dialogs.alert(t('geolocationUnsupported'), t('storeLocation'));
      return;
    }
    setLocationProblem(undefined);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const options = { shouldValidate: true, shouldTouch: true, shouldDirty: true } as const;
        setValue('latitude', coords.latitude, options);
        setValue('longitude', coords.longitude, options);
      },
      () => {
        console.log('Unable to retrieve your location');
        setLocationProblem(t('locationUnavailable'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const onSubmit = kit.onSubmit((retailer) =>
    submit(() =>
      onboard.mutateAsync({
        ...retailerFormToPayload({
          ...retailer,
          countryId: lookups.countryId ?? '',
          stateId: lookups.stateId ?? '',
          cityId: lookups.cityId ?? '',
          media: upload.uploaded,
        }),
        consent: consentPayload(retailer.consent),
      }),
    ),
  );

  const locationError = kit.shownError('latitude') ?? kit.shownError('longitude');

  return (
    <>
      <KitForm
        kit={kit}
        className="card stack"
        aria-labelledby="retailer-form-title"
        header={
          <>
            <h2 id="retailer-form-title">{t('aboutYourRetail')}</h2>
            {reapply ? <ReapplyNote /> : null}
          </>
        }
        onSubmit={onSubmit}
      >
        <fieldset className="application__fieldset">
          <legend>{t('aboutYou')}</legend>
          <div className="application__grid">
            <TextField
              label={t('yourName')}
              autoComplete="name"
              error={kit.shownError('ownerName')}
              {...register('ownerName')}
            />
            <EmailField error={kit.shownError('emailId')} readOnly={reapply} {...register('emailId')} />
            <ContactNumberField error={kit.shownError('contactNum')} {...register('contactNum')} />
          </div>
        </fieldset>

        <fieldset className="application__fieldset">
          <legend>{t('yourBusiness')}</legend>
          <div className="application__grid">
            <TextField
              label={t('companyName')}
              autoComplete="organization"
              error={kit.shownError('companyName')}
              {...register('companyName')}
            />
            <TextField
              label={t('storeName')}
              autoComplete="off"
              error={kit.shownError('storeName')}
              {...register('storeName')}
            />
            <TextField
              label={t('websiteOptional')}
              type="url"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              error={kit.shownError('websiteLink')}
              {...register('websiteLink')}
            />
            <SelectField
              label={t('businessType')}
              placeholder={t('selectBusinessType')}
              options={BUSINESS_TYPES.map((type) => ({ value: type, label: t(BUSINESS_TYPE_KEY[type]) }))}
              error={kit.shownError('businessType')}
              {...register('businessType')}
            />
            <TextField
              label={t('gstNumber')}
              autoComplete="off"
              inputMode="text"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={15}
              error={kit.shownError('GSTINnum')}
              {...register('GSTINnum')}
            />
            <TextField
              label={t('panOptional')}
              autoComplete="off"
              inputMode="text"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={10}
              error={kit.shownError('PANnum')}
              {...register('PANnum')}
            />
            <TextField
              label={t('yearOfEstablishment')}
              type="number"
              autoComplete="off"
              inputMode="numeric"
              min={1800}
              max={new Date().getFullYear()}
              error={kit.shownError('yearOfEstablishment')}
              {...register('yearOfEstablishment')}
            />
          </div>
        </fieldset>

        <fieldset className="application__fieldset">
          <legend>{t('storeAddress')}</legend>
          <div className="application__grid">
            <TextField
              className="application__wide"
              label={t('address')}
              autoComplete="street-address"
              error={kit.shownError('address')}
              {...register('address')}
            />
            <TextField
              label={t('areaOptional')}
              autoComplete="address-level3"
              error={kit.shownError('area')}
              {...register('area')}
            />
            <TextField
              label={t('pincode')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              hint={t('pincodeHint')}
              status={pincodeStatus}
              error={kit.shownError('pinCode')}
              {...register('pinCode')}
            />
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <SelectField
                  label={t('country')}
                  placeholder={t('selectCountry')}
                  options={(lookups.countries.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    setValue('state', '');
                    setValue('city', '');
                  }}
                  error={kit.shownError('country')}
                  hint={lookupHint(t, {
                    isPending: lookups.countries.isPending,
                    isError: lookups.countries.isError,
                    onRetry: () => void lookups.countries.refetch(),
                  })}
                />
              )}
            />
            <AddressSelects
              control={control}
              country={country}
              shownErrors={{ state: kit.shownError('state'), city: kit.shownError('city') }}
            />
          </div>
          <div className="stack">
            <div className="application__actions">
              <Button id={kit.fieldId('latitude')} variant="secondary" onClick={captureLocation}>
                {t('useCurrentLocation')}
              </Button>
              {latitude !== undefined && longitude !== undefined ? (
                <span role="status">
                  {t('locationCaptured', { latitude: latitude.toFixed(5), longitude: longitude.toFixed(5) })}
                </span>
              ) : (
                <span className="field__hint">{t('locationNeeded')}</span>
              )}
            </div>
            {locationProblem ? (
              <p className="application__field-error" role="alert">
                {locationProblem}
              </p>
            ) : null}
            {locationError ? <p className="application__field-error">{locationError}</p> : null}
            <ManualLocation
              onPlace={(lat, lng) => {
                const options = { shouldValidate: true, shouldTouch: true, shouldDirty: true } as const;
                setLocationProblem(undefined);
                setValue('latitude', lat, options);
                setValue('longitude', lng, options);
              }}
            />
          </div>
        </fieldset>

        <Controller
          control={control}
          name="sellCategory"
          render={({ field }) => (
            <CategoryTreePicker
              id={kit.fieldId('sellCategory')}
              legend={t('whatDoYouSell')}
              categories={categories.data ?? []}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={kit.shownError('sellCategory')}
              status={lookupHint(t, {
                isPending: categories.isPending,
                isError: categories.isError,
                onRetry: () => void categories.refetch(),
              })}
            />
          )}
        />

        <fieldset className="application__fieldset">
          <legend>{t('storeImages')}</legend>
          <ImageUploader
            upload={upload}
            label={t('addStoreImages', { max: MAX_IMAGES })}
            maxFiles={MAX_IMAGES}
          />
          {reapply && (initial?.media?.length ?? 0) > 0 ? (
            <p className="application__note">
              {t('earlierPhotosKept', { count: initial?.media?.length ?? 0 })}
            </p>
          ) : null}
        </fieldset>

        <ConsentField
          checked={consent}
          onChange={(ticked) => setValue('consent', ticked, { shouldDirty: true, shouldValidate: true })}
          error={kit.shownError('consent')}
        />
        <SubmitErrorBanner message={serverError} messageRef={kit.messageRef} />
        <div className="application__actions">
          <SubmitButton blockedReason={blockedReason} submitting={isSubmitting} />
        </div>
      </KitForm>
      <ProcessingScreen upload={upload} />
      {dialogs.dialog}
    </>
  );
}
