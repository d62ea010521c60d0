import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { customerFormSchema, customerFormToPayload, type CustomerForm } from '@app/domain';
import { ConsentField, consentPayload, useConsentError } from '../../../components/ui/consent-field';
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useT } from '../../../lib/i18n';
import { useRegisterEndUser } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
import { AddressSelects } from './address-selects';
import {
  ContactNumberField,
  EmailField,
  SubmitErrorBanner,
  ThankYouPanel,
  missingFieldsReason,
} from './application-parts';
import { withConsentBox, type ConsentBox } from './consent-box';
import { isFilled } from './is-filled';

type CustomerFormInput = z.input<typeof customerFormSchema>;

const FIELDS = ['name', 'emailId', 'contactNum', 'state', 'city'] as const;

export function CustomerApplicationForm() {
  const { t, language } = useT('applications');
  const registerCustomer = useRegisterEndUser();
  const consentRequired = useConsentError(false) ?? '';
  const resolver = useMemo(
    () => withConsentBox(zodResolver(customerFormSchema), consentRequired, language),
    [consentRequired, language],
  );
  const form = useForm<CustomerFormInput & ConsentBox, unknown, CustomerForm & ConsentBox>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { name: '', emailId: '', contactNum: '', state: '', city: '', consent: false },
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
  const values = useWatch({ control, name: FIELDS });
  const consent = useWatch({ control, name: 'consent' });
  const { outcome, serverError, submit } = useApplicationSubmit({
    announceServerAnswer: kit.announceServerAnswer,
    setError,
    fields: FIELDS,
    successStatus: 201,
  });

  if (outcome) {
    return <ThankYouPanel title={t('thanksForJoining')} outcome={outcome} email={getValues('emailId')} />;
  }

  return (
    <KitForm
      kit={kit}
      className="card stack"
      aria-labelledby="customer-form-title"
      header={<h2 id="customer-form-title">{t('createYourAccount')}</h2>}
      onSubmit={kit.onSubmit((values) =>
        submit(() =>
          registerCustomer.mutateAsync({
            ...customerFormToPayload(values),
            consent: consentPayload(values.consent),
          }),
        ),
      )}
    >
      <div className="application__grid">
        <TextField
          label={t('name')}
          autoComplete="name"
          error={kit.shownError('name')}
          {...register('name')}
        />
        <EmailField error={kit.shownError('emailId')} {...register('emailId')} />
        <ContactNumberField error={kit.shownError('contactNum')} {...register('contactNum')} />
        <AddressSelects
          control={control}
          shownErrors={{ state: kit.shownError('state'), city: kit.shownError('city') }}
        />
      </div>
      <ConsentField
        checked={consent}
        onChange={(ticked) => setValue('consent', ticked, { shouldDirty: true, shouldValidate: true })}
        error={kit.shownError('consent')}
      />
      <SubmitErrorBanner message={serverError} messageRef={kit.messageRef} />
      <div className="application__actions">
        <SubmitButton
          blockedReason={missingFieldsReason(t, values.map(isFilled))}
          submitting={isSubmitting}
        />
      </div>
    </KitForm>
  );
}
