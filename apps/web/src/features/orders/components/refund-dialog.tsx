import { useState } from 'react';
import { refundAmountSchema, refundRequestSchema } from '@app/domain';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { richText } from '../../../components/ui/rich-text';
import { useFormat, useT } from '../../../lib/i18n';
import { useMessageTranslator } from '../../../lib/i18n/messages';

/**
 * "Refund": an amount in rupees up to what is still refundable (shown), and a reason the buyer is
 * told. `onRefund` answers the server's per-field errors, or nothing when done.
 */
export function RefundDialog({
  orderLabel,
  refundablePaise,
  onRefund,
  onClose,
}: {
  orderLabel: string;
  refundablePaise: number;
  onRefund: (input: { amount: string; reason: string }) => Promise<Record<string, string> | undefined>;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { t } = useT('orders');
  const ui = useT('ui').t;
  const translate = useMessageTranslator();
  const left = useFormat().paise(refundablePaise);

  const submit = async () => {
    const parsed = refundRequestSchema.safeParse({ amount, reason });
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'amount');
        found[field] ??= translate(issue.message);
      }
    }
    const paise = refundAmountSchema.safeParse(amount);
    if (!found.amount && paise.success && paise.data > refundablePaise) {
      found.amount = t('atMostLeft', { amount: left });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const refused = await onRefund({ amount, reason: reason.trim() });
    setBusy(false);
    if (refused) setErrors(refused);
  };

  return (
    <FormDialog
      title={t('refund')}
      description={
        <p>
          {richText((values) => t('refundUpTo', { order: orderLabel, ...values }), {
            amount: <strong>{left}</strong>,
          })}
        </p>
      }
      submitLabel={t('refund')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t('amountInRupees')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        hint={t('atMost', { amount: left })}
        required
        value={amount}
        error={errors.amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors(({ amount: _gone, ...rest }) => rest);
        }}
      />
      <TextAreaField
        label={ui('reasonRequired')}
        name="reason"
        rows={3}
        required
        value={reason}
        error={errors.reason}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors(({ reason: _gone, ...rest }) => rest);
        }}
      />
    </FormDialog>
  );
}
