import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  type ForgotPasswordRequest,
} from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { richText } from '../../../components/ui/rich-text';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useT, type TFunction } from '../../../lib/i18n';
import { useMessageTranslator, withTranslatedMessages } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/routes';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api/auth-api';
import './forgot-password-page.css';

const resetFormSchema = (t: TFunction) =>
  resetPasswordRequestSchema
    .omit({ userName: true })
    .extend({ confirmPassword: z.string() })
    .refine((values) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      message: t('passwordsDoNotMatch'),
    });
type ResetForm = z.infer<ReturnType<typeof resetFormSchema>>;

/** Step one asks for the account; step two takes the code sent to its verified contact. */
export default function ForgotPasswordPage() {
  const { t } = useT('account');
  const [userName, setUserName] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const focusTarget = useRef<HTMLParagraphElement>(null);

  useEffect(() => focusTarget.current?.focus(), [notice, done]);

  return (
    <section className="page page--narrow">
      <title>{t('forgotPasswordTitle')}</title>
      <div className="card stack">
        <h1>{t('forgotPassword')}</h1>
        {done ? (
          <>
            <p role="status" tabIndex={-1} ref={focusTarget}>
              {t('passwordResetDone')}
            </p>
            <p>
              <Link className="link-button" to={paths.login}>
                {t('goToLogin')}
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
                {t('useAnotherEmail')}
              </Button>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

function RequestCodeForm({ onSent }: { onSent: (userName: string, message: string) => void }) {
  const { t } = useT('account');
  const forgot = useForgotPasswordMutation();
  const translate = useMessageTranslator();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    resolver: withTranslatedMessages(zodResolver(forgotPasswordRequestSchema), translate),
    defaultValues: { userName: '' },
  });

  const onSubmit = async (values: ForgotPasswordRequest) => {
    setServerError(null);
    try {
      const response = await forgot.mutateAsync(values);
      onSent(values.userName, response.message);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : t('error'));
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
      <p>{t('forgotIntro')}</p>
      <p>
        {richText((values) => t('neverEnteredCode', values), {
          link: <Link to={paths.login}>{t('verifyOnLoginPage')}</Link>,
        })}
      </p>
      <TextField
        label={t('emailOrMobile')}
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
        {t('sendCode')}
      </Button>
    </form>
  );
}

function ResetForm({ userName, onDone }: { userName: string; onDone: () => void }) {
  const { t, language } = useT('account');
  const reset = useResetPasswordMutation();
  const translate = useMessageTranslator();
  const [serverError, setServerError] = useState<string | null>(null);
  // A new `t` comes with every render; the messages change only with the language.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => resetFormSchema(t), [language]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: withTranslatedMessages(zodResolver(schema), translate),
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
        setServerError(t('error'));
      }
    }
  };

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={t('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        hint={t('newPasswordHint')}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label={t('confirmNewPassword')}
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
        {t('setNewPassword')}
      </Button>
    </form>
  );
}
