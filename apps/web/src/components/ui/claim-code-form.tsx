import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { contactCodeSchema, CONTRIBUTION_MESSAGES, TOAST_MESSAGES, type Confirmation } from '@app/domain';
import { isApiError } from '../../lib/api-client';
import { useConfirmClaim, useResendClaimCode } from '../../lib/contribution-claims';
import { Button } from './button';
import { TextField } from './text-field';
import './claim-code.css';

const codeFormSchema = z.object({ code: contactCodeSchema });
type CodeForm = z.infer<typeof codeFormSchema>;

/**
 * "We sent a code to a***@gmail.com to publish this under your name", with the code box: a
 * contribution sent with an existing account's contact is published once its holder enters it.
 */
export function ClaimCodeForm({
  confirmation,
  onConfirmed,
}: {
  confirmation: Confirmation;
  onConfirmed?: () => void;
}) {
  const confirm = useConfirmClaim();
  const resend = useResendClaimCode();
  const [line, setLine] = useState(confirmation.message);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <p className="claim-code__done" role="status" tabIndex={-1} ref={doneRef}>
        {CONTRIBUTION_MESSAGES.published}.
      </p>
    );
  }

  const onSubmit = async ({ code }: CodeForm) => {
    setServerError(null);
    try {
      await confirm.mutateAsync({ _id: confirmation._id, code });
      setDone(true);
      onConfirmed?.();
    } catch (error) {
      if (isApiError(error) && error.errors.code)
        setError('code', { type: 'server', message: error.errors.code });
      else setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  const onResend = async () => {
    setServerError(null);
    try {
      const sent = await resend.mutateAsync(confirmation._id);
      setLine(`A new code was sent to ${sent.data.sentTo}.`);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <form
      className="stack claim-code"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Confirm with the code"
    >
      <p role="status">{line}</p>
      <TextField
        label="Code from the message"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      {serverError ? <p role="alert">{serverError}</p> : null}
      <div className="claim-code__actions">
        <Button type="submit" loading={isSubmitting}>
          Confirm
        </Button>
        <Button variant="secondary" onClick={() => void onResend()} loading={resend.isPending}>
          Send a new code
        </Button>
      </div>
    </form>
  );
}
