import { useEffect, useRef, useState } from 'react';
import { CodeForm } from '../../../components/ui/code-form';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useResendCode, useVerifyContact } from '../api/applications-api';
import type { SubmitOutcome } from '../api/use-application-submit';

/** The 6-digit code step after registration; calls onVerified with where the password went. */
export function ContactVerification({
  outcome,
  onVerified,
}: {
  outcome: SubmitOutcome;
  onVerified: (passwordSentTo: string) => void;
}) {
  const { t } = useT('applications');
  const verify = useVerifyContact();
  const resend = useResendCode();
  const [sentTo, setSentTo] = useState(outcome.sentTo);
  const [notice, setNotice] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  const onResend = async () => {
    setServerError(null);
    try {
      const response = await resend.mutateAsync(outcome.userId);
      setSentTo(response.data.sentTo);
      setNotice(t('newCodeSent', { sentTo: response.data.sentTo }));
    } catch (error) {
      setServerError(isApiError(error) ? error.message : t('error'));
    }
  };

  return (
    <CodeForm
      intro={t('codeSentIntro', { sentTo })}
      label={t('verificationCode')}
      submitLabel={t('verify')}
      ariaLabel={t('verifyYourContact')}
      onCode={async (code) => {
        setNotice(null);
        const response = await verify.mutateAsync({ _id: outcome.userId, code });
        onVerified(response.data.sentTo);
      }}
      onResend={() => void onResend()}
      resending={resend.isPending}
      onError={setServerError}
    >
      {notice ? <p role="status">{notice}</p> : null}
      {serverError ? (
        <p className="application__error" role="alert" tabIndex={-1} ref={errorRef}>
          {serverError}
        </p>
      ) : null}
    </CodeForm>
  );
}
