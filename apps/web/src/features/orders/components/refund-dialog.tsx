import { useState } from 'react';
import { refundAmountSchema, refundRequestSchema } from '@app/domain';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';

const rupeesOf = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', {
    minimumFractionDigits: paise % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  });

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
  const left = `₹${rupeesOf(refundablePaise)}`;

  const submit = async () => {
    const parsed = refundRequestSchema.safeParse({ amount, reason });
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'amount');
        found[field] ??= issue.message;
      }
    }
    const paise = refundAmountSchema.safeParse(amount);
    if (!found.amount && paise.success && paise.data > refundablePaise) {
      found.amount = `At most ${left} can still be refunded`;
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
      title="Refund"
      description={
        <p>
          {orderLabel}: up to <strong>{left}</strong> can be refunded.
        </p>
      }
      submitLabel="Refund"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Amount in rupees"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        hint={`At most ${left}`}
        required
        value={amount}
        error={errors.amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors(({ amount: _gone, ...rest }) => rest);
        }}
      />
      <TextAreaField
        label="Reason (the buyer is told)"
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
