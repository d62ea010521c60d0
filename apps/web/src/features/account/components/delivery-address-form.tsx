import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  savedAddressRequestSchema,
  type DeliveryAddress,
  type DeliveryAddressInput,
  type ParsedSavedAddressRequest,
  type SavedAddressRequest,
} from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePincodeAutofill } from '../../../lib/use-pincode-autofill';
import { Button } from '../../../components/ui/button';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import './delivery-address-form.css';

const EMPTY: DeliveryAddressInput = {
  firstName: '',
  lastName: '',
  houseNo: '',
  street: '',
  landmark: '',
  city: '',
  state: '',
  country: 'India',
  pinCode: '',
  mobile: '',
};

type Values = SavedAddressRequest;

export interface DeliveryAddressFormProps {
  /** Accessible name of the form, e.g. "New address". */
  label: string;
  header?: ReactNode;
  initial?: Partial<DeliveryAddressInput>;
  submitLabel: string;
  /** Offers "Use this as my default address", starting as given. */
  defaultChoice?: boolean;
  /** Saves; an API error is shown on the form, each field's on the field. */
  onSave: (address: DeliveryAddress, isDefault: boolean) => Promise<void>;
  onCancel?: () => void;
}

/**
 * A delivery address with the checkout's fields and rules (`deliveryAddressSchema`): the address
 * book's add and edit, and an order's "address needed". A known pincode fills city and state.
 */
export function DeliveryAddressForm({
  label,
  header,
  initial,
  submitLabel,
  defaultChoice,
  onSave,
  onCancel,
}: DeliveryAddressFormProps) {
  const { t } = useT('addresses');
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values, unknown, ParsedSavedAddressRequest>({
    resolver: zodResolver(savedAddressRequestSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { ...EMPTY, ...initial, isDefault: defaultChoice ?? false },
  });
  const {
    register,
    setValue,
    setError,
    control,
    formState: { dirtyFields },
  } = form;
  const kit = useFormKit(form);
  const pinCode = useWatch({ control, name: 'pinCode' });
  const pincodeStatus = usePincodeAutofill(
    pinCode,
    (place) => {
      const options = { shouldValidate: true, shouldDirty: true } as const;
      setValue('city', place.city ?? place.district, options);
      setValue('state', place.state, options);
      if (!form.getValues('country').trim()) setValue('country', 'India', options);
    },
    { enabled: Boolean(dirtyFields.pinCode), districtAsCity: true },
  );

  const submit = async ({ isDefault = false, ...address }: ParsedSavedAddressRequest) => {
    setMessage(null);
    setSaving(true);
    try {
      await onSave(address, isDefault);
    } catch (error) {
      if (isApiError(error)) {
        for (const [key, text] of Object.entries(error.errors)) {
          if (key in EMPTY) setError(key as keyof DeliveryAddressInput, { type: 'server', message: text });
        }
        setMessage(error.message);
      } else {
        setMessage(t('couldNotSave'));
      }
      kit.announceServerAnswer();
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof DeliveryAddressInput) => ({
    error: kit.shownError(name),
    ...register(name),
  });

  return (
    <KitForm
      kit={kit}
      className="stack address-form"
      aria-label={label}
      header={header}
      onSubmit={(event) => void kit.onSubmit(submit)(event)}
    >
      <div className="address-form__grid">
        <TextField label={t('firstName')} autoComplete="given-name" {...field('firstName')} />
        <TextField label={t('lastName')} autoComplete="family-name" {...field('lastName')} />
        <TextField label={t('houseNumber')} autoComplete="address-line1" {...field('houseNo')} />
        <TextField label={t('street')} autoComplete="address-line2" {...field('street')} />
        <TextField label={t('landmark')} autoComplete="address-line3" {...field('landmark')} />
        {/* Before city and state, which a known pincode fills in. */}
        <TextField
          label={t('pincode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          hint={t('pincodeHint')}
          status={pincodeStatus}
          {...field('pinCode')}
        />
        <TextField label={t('city')} autoComplete="address-level2" {...field('city')} />
        <TextField label={t('state')} autoComplete="address-level1" {...field('state')} />
        <TextField label={t('country')} autoComplete="country-name" {...field('country')} />
        <TextField label={t('mobile')} type="tel" autoComplete="tel-national" {...field('mobile')} />
      </div>
      {defaultChoice !== undefined ? (
        <label className="address-form__default">
          <input type="checkbox" {...register('isDefault')} /> {t('useAsDefault')}
        </label>
      ) : null}
      <FormMessage messageRef={kit.messageRef}>{message}</FormMessage>
      <div className="address-form__actions">
        <SubmitButton submitting={saving} submittingLabel={t('saving')}>
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </KitForm>
  );
}
