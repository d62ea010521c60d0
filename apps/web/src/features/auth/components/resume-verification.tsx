import { useEffect, useRef, useState } from 'react';
import { ONE_TIME_PASSWORD_VALID_DAYS, TOAST_MESSAGES } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { CodeForm } from '../../../components/ui/code-form';
import { isApiError } from '../../../lib/api-client';
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
        Applied but closed the page before entering the code?{' '}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Verify your e-mail
        </Button>
      </p>
    );
  }

  const needsContact = contact === '' ? 'Enter the e-mail you applied with above first.' : null;

  const onResend = async () => {
    setNotice(null);
    setServerError(needsContact);
    if (needsContact) return;
    try {
      const response = await send.mutateAsync({ userName: contact });
      setNotice(response.message);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <section className="card stack" aria-labelledby="resume-verification-title">
      <h2 id="resume-verification-title">Verify your e-mail</h2>
      <CodeForm
        intro={`If you applied with ${contact || 'the e-mail above'}, enter the 6-digit code we sent there, or send a new one. Your password then goes to the same place.`}
        label="Verification code"
        submitLabel="Verify"
        ariaLabel="Verify your e-mail"
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
export function passwordSentText(sentTo: string) {
  return `Your e-mail is verified. We sent your one-time password to ${sentTo}: log in with it within ${ONE_TIME_PASSWORD_VALID_DAYS} days, then choose your own.`;
}
