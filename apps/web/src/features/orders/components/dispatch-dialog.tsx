import { useState } from 'react';
import { fulfilmentRequestSchema } from '@app/domain';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useMessageTranslator } from '../../../lib/i18n/messages';

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
  const { t } = useT('orders');
  const translate = useMessageTranslator();

  const submit = async () => {
    const parsed = shipmentSchema.safeParse({ courier, trackingNumber });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= translate(issue.message);
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
      title={t('markDispatched')}
      description={<p>{t('dispatchDescription', { order: orderLabel })}</p>}
      submitLabel={t('dispatch')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t('courier')}
        name="courier"
        autoComplete="off"
        hint={t('courierHint')}
        value={courier}
        error={errors.courier}
        onChange={(event) => {
          setCourier(event.target.value);
          setErrors(({ courier: _gone, ...rest }) => rest);
        }}
      />
      <TextField
        label={t('trackingNumber')}
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
