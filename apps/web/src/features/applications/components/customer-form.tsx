import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { customerFormSchema, customerFormToPayload, type CustomerForm } from '@app/domain';
import { TextField } from '../../../components/ui/text-field';
import { useRegisterEndUser } from '../api/applications-api';
import { useApplicationSubmit } from '../api/use-application-submit';
import { AddressSelects } from './address-selects';
import {
  ContactNumberField,
  EmailField,
  SubmitButton,
  SubmitErrorBanner,
  ThankYouPanel,
} from './application-parts';
import { isFilled } from './is-filled';

type CustomerFormInput = z.input<typeof customerFormSchema>;

const FIELDS = ['name', 'emailId', 'contactNum', 'state', 'city'] as const;

export function CustomerApplicationForm() {
  const registerCustomer = useRegisterEndUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CustomerFormInput, unknown, CustomerForm>({
    resolver: zodResolver(customerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', emailId: '', contactNum: '', state: '', city: '' },
  });
  const values = useWatch({ control, name: FIELDS });
  const { outcome, serverError, submit } = useApplicationSubmit({
    setError,
    fields: FIELDS,
    successStatus: 201,
  });

  if (outcome) {
    return <ThankYouPanel title="Thank you for joining!" outcome={outcome} />;
  }

  return (
    <form
      className="card stack"
      noValidate
      aria-labelledby="customer-form-title"
      onSubmit={handleSubmit((form) =>
        submit(() => registerCustomer.mutateAsync(customerFormToPayload(form))),
      )}
    >
      <h2 id="customer-form-title">Create your account</h2>
      <div className="application__grid">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.emailId?.message} {...register('emailId')} />
        <ContactNumberField error={errors.contactNum?.message} {...register('contactNum')} />
        <AddressSelects control={control} />
      </div>
      <SubmitErrorBanner message={serverError} />
      <div className="application__actions">
        <SubmitButton disabled={!values.every(isFilled)} submitting={isSubmitting} />
      </div>
    </form>
  );
}
