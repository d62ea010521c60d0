import { useState } from 'react';
import { fulfilmentRequestSchema } from '@app/domain';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';

const shipmentSchema = fulfilmentRequestSchema.pick({ courier: true, trackingNumber: true });

/**
 * "Mark dispatched": the courier and tracking number, both optional (a shop may deliver by hand),
 * which the buyer's message and order page then show. `onDispatch` answers the server's per-field
 * errors, or nothing when done.
 */
export function DispatchDialog({
  orderLabel,
  onDispatch,
  onClose,
}: {
  orderLabel: string;
  onDispatch: (shipment: {
    courier: string;
    trackingNumber: string;
  }) => Promise<Record<string, string> | undefined>;
  onClose: () => void;
}) {
  const [courier, setCourier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = shipmentSchema.safeParse({ courier, trackingNumber });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setBusy(true);
    const refused = await onDispatch(parsed.data);
    setBusy(false);
    if (refused) setErrors(refused);
  };

  return (
    <FormDialog
      title="Mark dispatched"
      description={
        <p>{orderLabel}: the buyer is told it is on its way, with these details if you give them.</p>
      }
      submitLabel="Dispatch"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Courier (optional)"
        name="courier"
        autoComplete="off"
        hint="e.g. Delhivery, India Post, our own delivery"
        value={courier}
        error={errors.courier}
        onChange={(event) => {
          setCourier(event.target.value);
          setErrors(({ courier: _gone, ...rest }) => rest);
        }}
      />
      <TextField
        label="Tracking number (optional)"
        name="trackingNumber"
        autoComplete="off"
        autoCapitalize="characters"
        value={trackingNumber}
        error={errors.trackingNumber}
        onChange={(event) => {
          setTrackingNumber(event.target.value);
          setErrors(({ trackingNumber: _gone, ...rest }) => rest);
        }}
      />
    </FormDialog>
  );
}
