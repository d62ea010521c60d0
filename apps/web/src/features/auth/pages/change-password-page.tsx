import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordRequestSchema } from '@app/domain';
import { useLocation, useNavigate } from 'react-router';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { PasswordField } from '../../../components/ui/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useT, type TFunction } from '../../../lib/i18n';
import { useMessageTranslator, withTranslatedMessages } from '../../../lib/i18n/messages';
import { landingPath } from '../../../lib/session';
import { getUserData, setUserData } from '../../../lib/storage';
import { useChangePasswordMutation } from '../api/auth-api';
import type { ChangePasswordState } from '../components/login-form';

// The request contract plus a confirmation that never leaves the browser; its own messages follow
// the language.
const changePasswordFormSchema = (t: TFunction) =>
  changePasswordRequestSchema
    .extend({ confirmPassword: z.string() })
    .refine((values) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      message: t('passwordsDoNotMatch'),
    })
    .refine((values) => values.newPassword !== values.currentPassword, {
      path: ['newPassword'],
      message: t('passwordNotDifferent'),
    });
type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;

export default function ChangePasswordPage() {
  const { t, language } = useT('account');
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const changePassword = useChangePasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const translate = useMessageTranslator();
  // A new `t` comes with every render; the messages change only with the language.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => changePasswordFormSchema(t), [language]);
  const form = useForm<ChangePasswordForm>({
    // The contract's own messages are English: translated; the confirmation's come from `t`.
    resolver: withTranslatedMessages(zodResolver(schema), translate),
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
        setServerError(t('error'));
      }
      kit.announceServerAnswer();
      return;
    }
    const user = getUserData();
    if (user) setUserData({ ...user, profile: { ...user.profile, mustChangePassword: false } });
    toast.showSuccess(t('passwordChanged'));
    const next = (location.state as Partial<ChangePasswordState> | null)?.next;
    await navigate(next ?? (user ? landingPath(user) : '/'), { replace: true });
  };

  return (
    <section className="page page--narrow">
      <title>{t('changePasswordTitle')}</title>
      <div className="card stack">
        <h1>{t('changePassword')}</h1>
        {mustChange ? <p>{t('chooseNewPasswordFirst')}</p> : null}
        <KitForm kit={kit} className="stack" onSubmit={kit.onSubmit(onSubmit)}>
          <PasswordField
            label={t('currentPassword')}
            autoComplete="current-password"
            error={kit.shownError('currentPassword')}
            {...register('currentPassword')}
          />
          <PasswordField
            label={t('newPassword')}
            autoComplete="new-password"
            hint={t('newPasswordHint')}
            error={kit.shownError('newPassword')}
            {...register('newPassword')}
          />
          <PasswordField
            label={t('confirmNewPassword')}
            autoComplete="new-password"
            error={kit.shownError('confirmPassword')}
            {...register('confirmPassword')}
          />
          <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
          <SubmitButton submitting={isSubmitting} submittingLabel={t('changingPassword')}>
            {t('changePassword')}
          </SubmitButton>
        </KitForm>
      </div>
    </section>
  );
}
