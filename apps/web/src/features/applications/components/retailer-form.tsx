import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  BUSINESS_TYPES,
  MESSAGES,
  retailerFormSchema,
  retailerFormToPayload,
  type RetailerForm,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useUpload } from '../../../lib/use-upload';
import { useOnboardRetailer, useParentCategories } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
import { INDIA, useLocationLookups } from '../api/use-location-lookups';
import { AddressSelects } from './address-selects';
import {
  ContactNumberField,
  EmailField,
  SubmitButton,
  SubmitErrorBanner,
  ThankYouPanel,
  lookupHint,
} from './application-parts';
import { CategoryTreePicker } from './category-tree-picker';
import { isFilled } from './is-filled';
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

const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({ value: type, label: type }));

export function RetailerApplicationForm() {
  const onboard = useOnboardRetailer();
  const categories = useParentCategories();
  const upload = useUpload();
  const imagesId = useId();
  const [locationProblem, setLocationProblem] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RetailerFormInput, unknown, RetailerForm>({
    resolver: zodResolver(retailerFormSchema),
    mode: 'onTouched',
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
    },
  });
  const required = useWatch({ control, name: REQUIRED });
  const [country, state, city, latitude, longitude] = useWatch({
    control,
    name: ['country', 'state', 'city', 'latitude', 'longitude'],
  });
  const lookups = useLocationLookups(country, state, city);
  const { outcome, serverError, submit } = useApplicationSubmit({
    setError,
    fields: FIELDS,
    successStatus: 200,
  });

  const uploadFailed = upload.items.some((item) => item.status === 'error');
  const canSubmit = required.every(isFilled) && !upload.isUploading && !uploadFailed;

  if (outcome) return <ThankYouPanel outcome={outcome} />;

  const captureLocation = () => {
    if (!('geolocation' in navigator)) {
      window.alert('Geolocation not supported');
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
        setLocationProblem('Unable to retrieve your location');
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const onSubmit = handleSubmit((form) =>
    submit(() =>
      onboard.mutateAsync(
        retailerFormToPayload({
          ...form,
          countryId: lookups.countryId ?? '',
          stateId: lookups.stateId ?? '',
          cityId: lookups.cityId ?? '',
          media: upload.uploaded,
        }),
      ),
    ),
  );

  const remainingImages = MAX_IMAGES - upload.items.length;
  const locationError = errors.latitude?.message ?? errors.longitude?.message;

  return (
    <>
      {upload.isUploading ? <ProcessingScreen items={upload.items} /> : null}
      <form
        className="card stack"
        noValidate
        hidden={upload.isUploading}
        aria-labelledby="retailer-form-title"
        onSubmit={onSubmit}
      >
        <h2 id="retailer-form-title">Tell us a Bit About your Retail</h2>

        <fieldset className="application__fieldset">
          <legend>About you</legend>
          <div className="application__grid">
            <TextField
              label="Your name"
              autoComplete="name"
              error={errors.ownerName?.message}
              {...register('ownerName')}
            />
            <EmailField error={errors.emailId?.message} {...register('emailId')} />
            <ContactNumberField error={errors.contactNum?.message} {...register('contactNum')} />
          </div>
        </fieldset>

        <fieldset className="application__fieldset">
          <legend>Your business</legend>
          <div className="application__grid">
            <TextField
              label="Company name"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...register('companyName')}
            />
            <TextField label="Store name" error={errors.storeName?.message} {...register('storeName')} />
            <TextField
              label="Website (optional)"
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.websiteLink?.message}
              {...register('websiteLink')}
            />
            <SelectField
              label="Business type"
              placeholder="Select business type"
              options={BUSINESS_TYPE_OPTIONS}
              error={errors.businessType?.message}
              {...register('businessType')}
            />
            <TextField
              label="GST number"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={15}
              error={errors.GSTINnum?.message}
              {...register('GSTINnum')}
            />
            <TextField
              label="PAN (optional)"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={10}
              error={errors.PANnum?.message}
              {...register('PANnum')}
            />
            <TextField
              label="Year of establishment"
              type="number"
              inputMode="numeric"
              min={1800}
              max={new Date().getFullYear()}
              error={errors.yearOfEstablishment?.message}
              {...register('yearOfEstablishment')}
            />
          </div>
        </fieldset>

        <fieldset className="application__fieldset">
          <legend>Store address</legend>
          <div className="application__grid">
            <TextField
              className="application__wide"
              label="Address"
              autoComplete="street-address"
              error={errors.address?.message}
              {...register('address')}
            />
            <TextField label="Area (optional)" error={errors.area?.message} {...register('area')} />
            <TextField
              label="Pincode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              error={errors.pinCode?.message}
              {...register('pinCode')}
            />
            <Controller
              control={control}
              name="country"
              render={({ field, fieldState }) => (
                <SelectField
                  label="Country"
                  placeholder="Select country"
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
                  error={fieldState.error?.message}
                  hint={lookupHint({
                    isPending: lookups.countries.isPending,
                    isError: lookups.countries.isError,
                    onRetry: () => void lookups.countries.refetch(),
                  })}
                />
              )}
            />
            <AddressSelects control={control} country={country} />
          </div>
          <div className="stack">
            <div className="application__actions">
              <Button variant="secondary" onClick={captureLocation}>
                Use my current location
              </Button>
              {latitude !== undefined && longitude !== undefined ? (
                <span role="status">
                  Location captured: {latitude.toFixed(5)}, {longitude.toFixed(5)}
                </span>
              ) : (
                <span className="field__hint">Your store location is needed to list you nearby.</span>
              )}
            </div>
            {locationProblem ? (
              <p className="application__field-error" role="alert">
                {locationProblem}
              </p>
            ) : null}
            {locationError ? <p className="application__field-error">{locationError}</p> : null}
          </div>
        </fieldset>

        <Controller
          control={control}
          name="sellCategory"
          render={({ field, fieldState }) => (
            <CategoryTreePicker
              legend="What do you sell?"
              categories={categories.data ?? []}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              status={lookupHint({
                isPending: categories.isPending,
                isError: categories.isError,
                onRetry: () => void categories.refetch(),
              })}
            />
          )}
        />

        <fieldset className="application__fieldset">
          <legend>Store images</legend>
          <label className="field__label" htmlFor={imagesId}>
            Add store images (up to {MAX_IMAGES})
          </label>
          <input
            id={imagesId}
            type="file"
            accept="image/*"
            multiple
            disabled={remainingImages <= 0}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []).slice(0, Math.max(remainingImages, 0));
              if (files.length > 0) upload.addFiles(files);
              // Clearing lets the same file be chosen again after removing it.
              event.target.value = '';
            }}
          />
          {upload.items.length > 0 ? (
            <ul className="store-images__list">
              {upload.items.map((item) => (
                <li
                  key={item.id}
                  className={`store-images__item${item.status === 'error' ? ' store-images__item--error' : ''}`}
                >
                  <span>{item.file.name}</span>
                  {item.status === 'error' ? (
                    <span className="store-images__status--error" role="alert">
                      {MESSAGES.uploadFailed}
                    </span>
                  ) : (
                    <span>{item.status === 'done' ? 'Uploaded' : 'Processing…'}</span>
                  )}
                  <span className="application__actions">
                    {item.status === 'error' ? (
                      <Button variant="secondary" onClick={() => upload.retry(item.id)}>
                        Retry
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      onClick={() => upload.remove(item.id)}
                      aria-label={`Remove ${item.file.name}`}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {uploadFailed ? (
            <p className="field__hint">Retry or remove the images that failed before submitting.</p>
          ) : null}
        </fieldset>

        <SubmitErrorBanner message={serverError} />
        <div className="application__actions">
          <SubmitButton disabled={!canSubmit} submitting={isSubmitting} />
        </div>
      </form>
    </>
  );
}
