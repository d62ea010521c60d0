import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { CodeForm } from '../../../components/ui/code-form';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { sendBusinessCode, verifyBusinessCode } from '../api/checkout-api';
import '../../../components/ui/alert-dialog.css';

/**
 * Business checkout without signing in (decision 056): the code sent to the seller account behind
 * the number proves the person typing it owns it; only then do wholesale prices apply. A modal
 * <dialog> on the body (the checkout form must not hold a second form): it traps focus, closes with
 * Escape or Close, and gives focus back to the Validate button.
 */
export function BusinessNumberDialog({
  mobile,
  sentTo,
  onProven,
  onClose,
}: {
  mobile: string;
  /** Where the first code went, masked. */
  sentTo: string;
  onProven: (proof: string) => void;
  onClose: () => void;
}) {
  const { t } = useT('checkout');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [where, setWhere] = useState(sentTo);
  const [resending, setResending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useModalDialog(ref);

  const resend = async () => {
    setResending(true);
    setProblem(null);
    try {
      setWhere((await sendBusinessCode(mobile)).sentTo);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : t('couldNotCheck'));
    } finally {
      setResending(false);
    }
  };

  return createPortal(
    <dialog
      ref={ref}
      className="alert-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="alert-dialog__title">
        {t('businessCodeTitle')}
      </h2>
      <CodeForm
        intro={t('businessCodeIntro', { sentTo: where })}
        label={t('businessCodeLabel')}
        submitLabel={t('businessCodeSubmit')}
        ariaLabel={t('businessCodeTitle')}
        onCode={async (code) => {
          const proven = await verifyBusinessCode(mobile, code);
          onProven(proven.data.proof);
        }}
        onResend={() => void resend()}
        resending={resending}
        onError={setProblem}
      >
        {problem ? <p role="alert">{problem}</p> : null}
      </CodeForm>
      <div className="alert-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('businessCodeCancel')}
        </Button>
      </div>
    </dialog>,
    document.body,
  );
}
