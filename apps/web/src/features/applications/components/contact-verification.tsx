import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactCodeSchema, TOAST_MESSAGES } from '@app/domain';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useResendCode, useVerifyContact } from '../api/applications-api';
import type { SubmitOutcome } from '../api/use-application-submit';

const codeFormSchema = z.object({ code: contactCodeSchema });
type CodeForm = z.infer<typeof codeFormSchema>;

/** The 6-digit code step after registration; calls onVerified with where the password went. */
export function ContactVerification({
  outcome,
  onVerified,
}: {
  outcome: SubmitOutcome;
  onVerified: (passwordSentTo: string) => void;
}) {
  const verify = useVerifyContact();
  const resend = useResendCode();
  const [sentTo, setSentTo] = useState(outcome.sentTo);
  const [notice, setNotice] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  const onSubmit = async ({ code }: CodeForm) => {
    setServerError(null);
    setNotice(null);
    try {
      const response = await verify.mutateAsync({ _id: outcome.userId, code });
      onVerified(response.data.sentTo);
    } catch (error) {
      const message = isApiError(error) ? error.message : TOAST_MESSAGES.error;
      if (isApiError(error) && error.errors.code)
        setError('code', { type: 'server', message: error.errors.code });
      setServerError(message);
    }
  };

  const onResend = async () => {
    setServerError(null);
    try {
      const response = await resend.mutateAsync(outcome.userId);
      setSentTo(response.data.sentTo);
      setNotice(`A new code was sent to ${response.data.sentTo}.`);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Verify your contact">
      <p>
        We sent a 6-digit code to {sentTo}. Enter it here and we will send your password to the same place.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      {notice ? <p role="status">{notice}</p> : null}
      {serverError ? (
        <p className="application__error" role="alert" tabIndex={-1} ref={errorRef}>
          {serverError}
        </p>
      ) : null}
      <div className="application__actions">
        <Button type="submit" loading={isSubmitting}>
          Verify
        </Button>
        <Button variant="secondary" onClick={() => void onResend()} loading={resend.isPending}>
          Send a new code
        </Button>
      </div>
    </form>
  );
}
