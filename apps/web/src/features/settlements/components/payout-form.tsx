import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  payoutFormSchema,
  rupeesToPaise,
  type PayoutForm as PayoutFormValues,
  type PayoutKind,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useRecordPayout } from '../api/settlements-api';
import { useT } from '../../../lib/i18n';

/**
 * Records a bank transfer already made to the account: the amount in rupees and its reference. The
 * server refuses an amount above the balance and a reference recorded before, naming the field.
 */
export function PayoutForm({ userId, name, kind }: { userId: string; name: string; kind: PayoutKind }) {
  const record = useRecordPayout();
  const toast = useToast();
  const { t } = useT('seller');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PayoutFormValues>({
    resolver: zodResolver(payoutFormSchema),
    defaultValues: { amount: '', reference: '' },
  });

  const onSubmit = async (values: PayoutFormValues) => {
    try {
      await record.mutateAsync({
        userId,
        kind,
        amountPaise: rupeesToPaise(values.amount) ?? 0,
        reference: values.reference,
      });
      reset();
      toast.showSuccess(t('payoutRecorded'));
    } catch (error) {
      if (!isApiError(error)) {
        toast.showError();
        return;
      }
      if (error.errors.reference) setError('reference', { message: error.errors.reference });
      else setError('amount', { message: error.errors.amountPaise ?? error.message });
    }
  };

  return (
    <form
      className="payout-form"
      noValidate
      aria-label={t(`recordPayoutTo_${kind}`, { name })}
      onSubmit={handleSubmit(onSubmit)}
    >
      <TextField
        label={t(`amountPaid_${kind}`)}
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <TextField
        label={t('bankReference')}
        autoComplete="off"
        error={errors.reference?.message}
        {...register('reference')}
      />
      <div>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          {t('recordPayout')}
        </Button>
      </div>
    </form>
  );
}
