import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { refuseGstinRequestSchema, type PendingGstin, type RefuseGstinRequest } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useRefuseGstin } from '../api/gstin-approvals-api';

/** Refuses a waiting GSTIN with a reason the seller is told and reads in their tax details. */
export function RefuseGstinForm({ item }: { item: PendingGstin }) {
  const refuse = useRefuseGstin();
  const toast = useToast();
  const { t } = useT('admin');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RefuseGstinRequest>({
    resolver: zodResolver(refuseGstinRequestSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = async ({ reason }: RefuseGstinRequest) => {
    try {
      await refuse.mutateAsync({ id: item._id, reason });
      toast.showSuccess(t('gstinRefusedToast', { gstin: item.gstin, name: item.seller.name }));
    } catch (error) {
      setError('reason', {
        message: isApiError(error) ? (error.errors.reason ?? error.message) : t('error'),
      });
    }
  };

  return (
    <form className="stack gstins__refuse" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextAreaField
        label={t('refuseReason')}
        rows={2}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div>
        <Button
          type="submit"
          variant="secondary"
          loading={isSubmitting}
          aria-label={t('refuseGstinOf', { gstin: item.gstin, name: item.seller.name })}
        >
          {t('refuseGstin')}
        </Button>
      </div>
    </form>
  );
}
