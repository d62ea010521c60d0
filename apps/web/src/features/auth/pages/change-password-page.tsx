import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordRequestSchema, TOAST_MESSAGES } from '@app/domain';
import { useLocation, useNavigate } from 'react-router';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { landingPath } from '../../../lib/session';
import { getUserData, setUserData } from '../../../lib/storage';
import { useChangePasswordMutation } from '../api/auth-api';
import type { ChangePasswordState } from '../components/login-form';

// The request contract plus a confirmation that never leaves the browser.
const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });
type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const changePassword = useChangePasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const {
    register,
    setError,
    formState: { isSubmitting },
  } = form;
  const kit = useFormKit(form);

  const mustChange = getUserData()?.profile.mustChangePassword ?? false;

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    setServerError(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      console.error('Password change failed', error);
      if (isApiError(error)) {
        for (const field of ['currentPassword', 'newPassword'] as const) {
          const message = error.errors[field];
          if (message) setError(field, { type: 'server', message });
        }
        setServerError(error.message);
      } else {
        setServerError(TOAST_MESSAGES.error);
      }
      kit.announceServerAnswer();
      return;
    }
    const user = getUserData();
    if (user) setUserData({ ...user, profile: { ...user.profile, mustChangePassword: false } });
    toast.showSuccess('Your password has been changed');
    const next = (location.state as Partial<ChangePasswordState> | null)?.next;
    await navigate(next ?? (user ? landingPath(user) : '/'), { replace: true });
  };

  return (
    <section className="page page--narrow">
      <title>Change password | Revuhub</title>
      <div className="card stack">
        <h1>Change password</h1>
        {mustChange ? <p>Please choose a new password before you continue.</p> : null}
        <KitForm kit={kit} className="stack" onSubmit={kit.onSubmit(onSubmit)}>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={kit.shownError('currentPassword')}
            {...register('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters; avoid common passwords."
            error={kit.shownError('newPassword')}
            {...register('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            error={kit.shownError('confirmPassword')}
            {...register('confirmPassword')}
          />
          <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
          <SubmitButton submitting={isSubmitting} submittingLabel="Changing password…">
            Change password
          </SubmitButton>
        </KitForm>
      </div>
    </section>
  );
}
