import { useState } from 'react';
import { PRODUCT_MESSAGES, sellerFieldUpdateSchema, type SellerFieldUpdate } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useSellerStore, useUpdateSellerField } from '../api/products-api';

type Field = keyof SellerFieldUpdate;
const FIELDS: { name: Field; label: string; numeric: boolean }[] = [
  { name: 'affiliate_code', label: 'Affiliate code', numeric: false },
  { name: 'remaining_reward_amount', label: 'Remaining reward amount', numeric: true },
  { name: 'total_rewards_rolledout', label: 'Total rewards rolled out', numeric: true },
];

/** The three seller fields, each saved by its own Update Code button (spec section 2). */
export function SellerFields({ userId }: { userId: string }) {
  const store = useSellerStore(userId);
  const update = useUpdateSellerField(userId);
  const toast = useToast();
  const [drafts, setDrafts] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState<Field | null>(null);

  const stored = (name: Field) => {
    const value = store.data?.Data[name];
    return value === undefined ? '' : String(value);
  };

  const save = async (name: Field) => {
    const parsed = sellerFieldUpdateSchema.safeParse({ [name]: drafts[name] ?? stored(name) });
    if (!parsed.success) {
      setErrors((e) => ({ ...e, [name]: parsed.error.issues[0]?.message }));
      return;
    }
    setErrors((e) => ({ ...e, [name]: undefined }));
    setBusy(name);
    try {
      await update.mutateAsync(parsed.data);
      toast.showSuccess('Updated');
    } catch {
      toast.showError(PRODUCT_MESSAGES.sellerFieldFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card console__seller" aria-labelledby="seller-fields">
      <h2 id="seller-fields">Seller details</h2>
      {store.isError ? <p role="alert">Your store details could not be loaded.</p> : null}
      <div className="console__seller-grid">
        {FIELDS.map(({ name, label, numeric }) => (
          <div key={name} className="console__seller-field">
            <TextField
              label={label}
              inputMode={numeric ? 'numeric' : undefined}
              value={drafts[name] ?? stored(name)}
              error={errors[name]}
              onChange={(event) => setDrafts((d) => ({ ...d, [name]: event.target.value }))}
            />
            <Button
              variant="secondary"
              loading={busy === name}
              onClick={() => void save(name)}
              aria-label={`Update Code: ${label}`}
            >
              Update Code
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
