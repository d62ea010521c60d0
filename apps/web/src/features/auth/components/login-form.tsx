import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, MESSAGES, type LoginRequest } from '@app/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useMessageTranslator, withTranslatedMessages } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/routes';
import { logout } from '../../../lib/session';
import { setToken, setUserData } from '../../../lib/storage';
import { useLoginMutation } from '../api/auth-api';
import { decideLogin, type LoginMode } from '../login-rules';
import { passwordSentText, ResumeVerification } from './resume-verification';
import './login-form.css';

export interface ChangePasswordState {
  next: string;
}

/** What another page may hand the login page, e.g. the thank-you panel's e-mail. */
export interface LoginPrefillState {
  email?: string;
}

function prefilledEmail(state: unknown): string {
  const email = (state as LoginPrefillState | null)?.email;
  return typeof email === 'string' ? email : '';
}

function redirectTarget(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  // Only same-app paths: never follow a protocol-relative or absolute URL.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function LoginForm({ mode, heading }: { mode: LoginMode; heading: string }) {
  const { t } = useT('account');
  const { t: common } = useT('common');
  const translate = useMessageTranslator();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const dialogs = useAlertDialog();
  const [serverError, setServerError] = useState<string | null>(null);
  const [passwordSentTo, setPasswordSentTo] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: withTranslatedMessages(zodResolver(loginRequestSchema), translate),
    defaultValues: { userName: prefilledEmail(location.state), password: '' },
    shouldFocusError: false,
  });
  const {
    register,
    control,
    formState: { isSubmitting },
  } = form;
  const kit = useFormKit(form);
  const [userName, password] = useWatch({ control, name: ['userName', 'password'] });
  // The spec keeps Login unavailable until both are given; it says so instead of going silent.
  const blockedReason = userName.trim() !== '' && password !== '' ? null : t('loginBlocked');

  const onSubmit = async (values: LoginRequest) => {
    setServerError(null);
    try {
      const response = await login.mutateAsync(values);
      if (response.status !== 200) {
        console.warn('Login was not successful', response);
        setServerError(response.message);
        kit.announceServerAnswer();
        return;
      }
      const { data } = response;
      const outcome = decideLogin(mode, data);
      if (outcome.kind === 'denied') {
        // The server issued a session this screen does not accept: end it and keep nothing.
        await logout(data.token);
        await dialogs.alert(
          outcome.message === MESSAGES.noAdminRights ? t('noAdminRights') : t('noTeamRights'),
          heading,
        );
        return;
      }
      setToken(data.token);
      setUserData(data);
      const next = redirectTarget(location.state) ?? outcome.to;
      if (data.profile.mustChangePassword) {
        const state: ChangePasswordState = { next };
        await navigate(paths.changePassword, { state, replace: true });
      } else {
        await navigate(next, { replace: true });
      }
    } catch (error) {
      console.error('Login failed', error);
      setServerError(isApiError(error) ? error.message : t('error'));
      kit.announceServerAnswer();
    }
  };

  return (
    <section className="page page--narrow">
      <title>{common('pageTitle', { title: heading })}</title>
      <div className="card stack">
        <h1>{heading}</h1>
        {passwordSentTo ? <p role="status">{passwordSentText(t, passwordSentTo)}</p> : null}
        <KitForm kit={kit} className="stack" onSubmit={kit.onSubmit(onSubmit)}>
          <TextField
            label={t('email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            error={kit.shownError('userName')}
            {...register('userName')}
          />
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            error={kit.shownError('password')}
            {...register('password')}
          />
          <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
          <SubmitButton
            blockedReason={blockedReason}
            submitting={isSubmitting}
            submittingLabel={t('loggingIn')}
          >
            {t('login')}
          </SubmitButton>
        </KitForm>
        {dialogs.dialog}
        <p>
          <Link to={paths.forgotPassword}>{t('forgotPasswordLink')}</Link>
        </p>
        {mode === 'seller' ? (
          <ResumeVerification userName={userName} onPasswordSent={setPasswordSentTo} />
        ) : null}
      </div>
    </section>
  );
}
