import { useEffect, useRef, useState } from 'react';
import { TOAST_MESSAGES, type Confirmation } from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import { useConfirmClaim, useResendClaimCode } from '../api/contribution-claims';
import { CodeForm } from '../../../components/ui/code-form';
import './claim-code.css';
import { useT } from '../../../lib/i18n/translate';

/**
 * "We sent a code to a***@gmail.com to publish this under your name", with the code box: a
 * contribution sent with an existing account's contact is published once its holder enters it.
 */
export function ClaimCodeForm({ confirmation }: { confirmation: Confirmation }) {
  const confirm = useConfirmClaim();
  const resend = useResendClaimCode();
  const [line, setLine] = useState(confirmation.message);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const { t } = useT('ui');

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <p className="claim-code__done" role="status" tabIndex={-1} ref={doneRef}>
        {confirmation.kind === 'order' ? t('claimAddedToOrders') : t('claimPublished')}
      </p>
    );
  }

  const onResend = async () => {
    setServerError(null);
    try {
      const sent = await resend.mutateAsync(confirmation._id);
      setLine(t('newCodeSent', { to: sent.data.sentTo }));
    } catch (error) {
      setServerError(isApiError(error) ? error.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <CodeForm
      className="stack claim-code"
      intro={line}
      label={t('codeFromMessage')}
      submitLabel={t('confirm')}
      ariaLabel={t('confirmWithCode')}
      onCode={async (code) => {
        await confirm.mutateAsync({ _id: confirmation._id, code });
        setDone(true);
      }}
      onResend={() => void onResend()}
      resending={resend.isPending}
      onError={setServerError}
    >
      {serverError ? <p role="alert">{serverError}</p> : null}
    </CodeForm>
  );
}
