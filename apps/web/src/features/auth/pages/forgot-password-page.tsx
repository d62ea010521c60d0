import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  TOAST_MESSAGES,
  type ForgotPasswordRequest,
} from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api/auth-api';
import './forgot-password-page.css';

const resetFormSchema = resetPasswordRequestSchema
  .omit({ userName: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type ResetForm = z.infer<typeof resetFormSchema>;

/** Step one asks for the account; step two takes the code sent to its verified contact. */
export default function ForgotPasswordPage() {
  const [userName, setUserName] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const focusTarget = useRef<HTMLParagraphElement>(null);

  useEffect(() => focusTarget.current?.focus(), [notice, done]);

  return (
    <section className="page page--narrow">
      <title>Forgot password | Revuhub</title>
      <div className="card stack">
        <h1>Forgot password</h1>
        {done ? (
          <>
            <p role="status" tabIndex={-1} ref={focusTarget}>
              Your password has been changed. Every device that was logged in has been logged out.
            </p>
            <p>
              <Link className="link-button" to={paths.login}>
                Go to login
              </Link>
            </p>
          </>
        ) : userName === null ? (
          <RequestCodeForm
            onSent={(name, message) => {
              setUserName(name);
              setNotice(message);
            }}
          />
        ) : (
          <>
            <p className="forgot__notice" role="status" tabIndex={-1} ref={focusTarget}>
              {notice}
            </p>
            <ResetForm userName={userName} onDone={() => setDone(true)} />
            <p>
              <Button variant="ghost" onClick={() => setUserName(null)}>
                Use another e-mail
              </Button>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

function RequestCodeForm({ onSent }: { onSent: (userName: string, message: string) => void }) {
  const forgot = useForgotPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { userName: '' },
  });

  const onSubmit = async (values: ForgotPasswordRequest) => {
    setServerError(null);
    try {
      const response = await forgot.mutateAsync(values);
      onSent(values.userName, response.message);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
      <p>Enter the e-mail or mobile number of your account. We will send a code to its verified contact.</p>
      <p>
        Applied but never entered the code we e-mailed? You have no password yet:{' '}
        <Link to={paths.login}>verify your e-mail on the login page</Link>.
      </p>
      <TextField
        label="E-mail or mobile"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.userName?.message}
        {...register('userName')}
      />
      {serverError ? (
        <p className="field__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        Send code
      </Button>
    </form>
  );
}

function ResetForm({ userName, onDone }: { userName: string; onDone: () => void }) {
  const reset = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { code: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ code, newPassword }: ResetForm) => {
    setServerError(null);
    try {
      await reset.mutateAsync({ userName, code, newPassword });
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        for (const field of ['code', 'newPassword'] as const) {
          const message = error.errors[field];
          if (message) setError(field, { message });
        }
        setServerError(error.message);
      } else {
        setServerError(TOAST_MESSAGES.error);
      }
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters; avoid common passwords."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {serverError ? (
        <p className="field__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}
