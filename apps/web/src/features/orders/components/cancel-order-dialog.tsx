import { useState } from 'react';
import { buyerCancelRequestSchema, staffCancelRequestSchema } from '@app/domain';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useT } from '../../../lib/i18n/translate';
import { useMessageTranslator } from '../../../lib/i18n/messages';

/**
 * "Cancel order" before dispatch. The seller and the admin must give a reason (the buyer is told
 * it); the buyer may. `onCancel` answers the server's per-field errors, or nothing when done.
 */
export function CancelOrderDialog({
  orderLabel,
  reasonRequired,
  paid,
  onCancel,
  onClose,
}: {
  orderLabel: string;
  reasonRequired: boolean;
  paid: boolean;
  onCancel: (reason: string) => Promise<Record<string, string> | undefined>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { t } = useT('ui');
  const translate = useMessageTranslator();

  const submit = async () => {
    const parsed = (reasonRequired ? staffCancelRequestSchema : buyerCancelRequestSchema).safeParse({
      reason,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message === undefined ? undefined : translate(message));
      return;
    }
    setBusy(true);
    const errors = await onCancel(reason.trim());
    setBusy(false);
    if (errors) setError(errors.reason ?? Object.values(errors)[0]);
  };

  return (
    <FormDialog
      title={t('cancelOrder')}
      description={
        <p>
          {t('willBeCancelled', { order: orderLabel })}
          {paid ? t('paidRefunded') : ''}
        </p>
      }
      submitLabel={t('cancelOrder')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextAreaField
        label={reasonRequired ? t('reasonRequired') : t('reasonOptional')}
        name="reason"
        rows={3}
        required={reasonRequired}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}
