import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, TOAST_MESSAGES, type LoginRequest } from '@app/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { logout } from '../../../lib/session';
import { setToken, setUserData } from '../../../lib/storage';
import { useLoginMutation } from '../api/auth-api';
import { decideLogin, type LoginMode } from '../login-rules';
import './login-form.css';

export interface ChangePasswordState {
  next: string;
}

function redirectTarget(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  // Only same-app paths: never follow a protocol-relative or absolute URL.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function LoginForm({ mode, heading }: { mode: LoginMode; heading: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { userName: '', password: '' },
  });
  const [userName, password] = useWatch({ control, name: ['userName', 'password'] });
  const canSubmit = userName.trim() !== '' && password !== '';

  const onSubmit = async (values: LoginRequest) => {
    setServerError(null);
    try {
      const response = await login.mutateAsync(values);
      if (response.status !== 200) {
        console.warn('Login was not successful', response);
        setServerError(response.message);
        return;
      }
      const { data } = response;
      const outcome = decideLogin(mode, data);
      if (outcome.kind === 'denied') {
        window.alert(outcome.message);
        // The server issued a session this screen does not accept: end it and keep nothing.
        await logout(data.token);
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
      setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <section className="page page--narrow">
      <title>{`${heading} | Revuhub`}</title>
      <div className="card stack">
        <h1>{heading}</h1>
        <form className="stack" noValidate onSubmit={handleSubmit(onSubmit)}>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.userName?.message}
            {...register('userName')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          {serverError ? (
            <p className="login__error" role="alert">
              {serverError}
            </p>
          ) : null}
          <Button type="submit" disabled={!canSubmit} loading={isSubmitting}>
            Login
          </Button>
        </form>
        <p>
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
      </div>
    </section>
  );
}
