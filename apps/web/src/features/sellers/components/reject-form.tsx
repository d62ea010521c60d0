import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { rejectSellerRequestSchema, type RejectSellerRequest } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useRejectSeller } from '../api/sellers-api';
import { useT } from '../../../lib/i18n';

/** Rejects the selected applicant with a reason they are shown at their next login. */
export function RejectForm({ applicantId, onRejected }: { applicantId: string; onRejected: () => void }) {
  const reasonId = useId();
  const errorId = `${reasonId}-error`;
  const reject = useRejectSeller();
  const { t } = useT('stores');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RejectSellerRequest>({
    resolver: zodResolver(rejectSellerRequestSchema),
    values: { _id: applicantId, reason: '' },
  });

  const onSubmit = async (values: RejectSellerRequest) => {
    try {
      await reject.mutateAsync(values);
      reset({ _id: applicantId, reason: '' });
      onRejected();
    } catch (error) {
      setError('reason', {
        message: isApiError(error) ? (error.errors.reason ?? error.message) : t('thereWasAnError'),
      });
    }
  };

  return (
    <form className="stack approval__reject" noValidate onSubmit={handleSubmit(onSubmit)}>
      <div className="approval__field">
        <label htmlFor={reasonId}>{t('rejectReason')}</label>
        <textarea
          id={reasonId}
          className="approval__reason"
          rows={3}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? errorId : undefined}
          {...register('reason')}
        />
        {errors.reason ? (
          <p className="field__error" id={errorId} role="alert">
            {errors.reason.message}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          {t('reject')}
        </Button>
      </div>
    </form>
  );
}
