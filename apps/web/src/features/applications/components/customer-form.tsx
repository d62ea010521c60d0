import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { customerFormSchema, customerFormToPayload, type CustomerForm } from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
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
import { isFilled } from './is-filled';

type CustomerFormInput = z.input<typeof customerFormSchema>;

const FIELDS = ['name', 'emailId', 'contactNum', 'state', 'city'] as const;

export function CustomerApplicationForm() {
  const registerCustomer = useRegisterEndUser();
  const form = useForm<CustomerFormInput, unknown, CustomerForm>({
    resolver: zodResolver(customerFormSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { name: '', emailId: '', contactNum: '', state: '', city: '' },
  });
  const {
    register,
    control,
    setError,
    getValues,
    formState: { isSubmitting },
  } = form;
  const kit = useFormKit(form);
  const values = useWatch({ control, name: FIELDS });
  const { outcome, serverError, submit } = useApplicationSubmit({
    announceServerAnswer: kit.announceServerAnswer,
    setError,
    fields: FIELDS,
    successStatus: 201,
  });

  if (outcome) {
    return <ThankYouPanel title="Thank you for joining!" outcome={outcome} email={getValues('emailId')} />;
  }

  return (
    <KitForm
      kit={kit}
      className="card stack"
      aria-labelledby="customer-form-title"
      header={<h2 id="customer-form-title">Create your account</h2>}
      onSubmit={kit.onSubmit((values) =>
        submit(() => registerCustomer.mutateAsync(customerFormToPayload(values))),
      )}
    >
      <div className="application__grid">
        <TextField label="Name" autoComplete="name" error={kit.shownError('name')} {...register('name')} />
        <EmailField error={kit.shownError('emailId')} {...register('emailId')} />
        <ContactNumberField error={kit.shownError('contactNum')} {...register('contactNum')} />
        <AddressSelects
          control={control}
          shownErrors={{ state: kit.shownError('state'), city: kit.shownError('city') }}
        />
      </div>
      <SubmitErrorBanner message={serverError} messageRef={kit.messageRef} />
      <div className="application__actions">
        <SubmitButton blockedReason={missingFieldsReason(values.map(isFilled))} submitting={isSubmitting} />
      </div>
    </KitForm>
  );
}
