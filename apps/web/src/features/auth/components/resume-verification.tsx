import { useEffect, useRef, useState } from 'react';
import { ONE_TIME_PASSWORD_VALID_DAYS } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { CodeForm } from '../../../components/ui/code-form';
import { isApiError } from '../../../lib/api-client';
import { useT, type TFunction } from '../../../lib/i18n';
import { useSendVerificationCodeMutation, useVerifyContactByLoginMutation } from '../api/auth-api';

/**
 * For an applicant who closed the page before entering the e-mailed code: the code (or a new one)
 * entered here sends the one-time password, as after registering. What it says never depends on
 * whether such an application exists, so it tells a stranger nothing about an e-mail.
 */
export function ResumeVerification({
  userName,
  onPasswordSent,
}: {
  /** The e-mail (or mobile) typed into the login form. */
  userName: string;
  onPasswordSent: (sentTo: string) => void;
}) {
  const { t } = useT('account');
  const [open, setOpen] = useState(false);
  const send = useSendVerificationCodeMutation();
  const verify = useVerifyContactByLoginMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const contact = userName.trim();

  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  if (!open) {
    return (
      <p>
        {t('closedBeforeCode')}{' '}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('verifyYourEmail')}
        </Button>
      </p>
    );
  }

  const needsContact = contact === '' ? t('enterAppliedEmail') : null;

  const onResend = async () => {
    setNotice(null);
    setServerError(needsContact);
    if (needsContact) return;
    try {
      const response = await send.mutateAsync({ userName: contact });
      setNotice(response.message);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : t('error'));
    }
  };

  return (
    <section className="card stack" aria-labelledby="resume-verification-title">
      <h2 id="resume-verification-title">{t('verifyYourEmail')}</h2>
      <CodeForm
        intro={contact ? t('resumeIntro', { contact }) : t('resumeIntroNoContact')}
        label={t('verificationCode')}
        submitLabel={t('verify')}
        ariaLabel={t('verifyYourEmail')}
        onCode={async (code) => {
          setNotice(null);
          if (needsContact) throw new Error(needsContact);
          const response = await verify.mutateAsync({ userName: contact, code });
          setOpen(false);
          onPasswordSent(response.data.sentTo);
        }}
        onResend={() => void onResend()}
        resending={send.isPending}
        onError={(message) => setServerError(needsContact ?? message)}
      >
        {notice ? <p role="status">{notice}</p> : null}
        {serverError ? (
          <p className="login__error" role="alert" tabIndex={-1} ref={errorRef}>
            {serverError}
          </p>
        ) : null}
      </CodeForm>
    </section>
  );
}

/** What the login page says once the one-time password is on its way. */
export function passwordSentText(t: TFunction, sentTo: string) {
  return t('passwordSent', { sentTo, days: ONE_TIME_PASSWORD_VALID_DAYS });
}
