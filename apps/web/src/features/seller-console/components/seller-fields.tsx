import { useState } from 'react';
import { sellerFieldUpdateSchema } from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useSellerStore, useUpdateSellerField } from '../api/products-api';
import { useT } from '../../../lib/i18n';

const BALANCES = [
  { name: 'remaining_reward_amount', label: 'remainingReward' },
  { name: 'total_rewards_rolledout', label: 'totalRewards' },
] as const;

/**
 * The seller fields of spec section 2. The affiliate code is saved by its Update Code button; the
 * reward balances add up from the reward ledger (decision 033), so their buttons only say so.
 */
export function SellerFields({ userId }: { userId: string }) {
  const store = useSellerStore(userId);
  const update = useUpdateSellerField(userId);
  const toast = useToast();
  const { t } = useT('seller');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [readOnlyNote, setReadOnlyNote] = useState<(typeof BALANCES)[number]['name'] | null>(null);

  const storedCode = store.data?.Data.affiliate_code ?? '';

  const save = async () => {
    const parsed = sellerFieldUpdateSchema.safeParse({ affiliate_code: draft ?? storedCode });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync(parsed.data);
      setDraft(null);
      toast.showSuccess(t('updated'));
    } catch (failure) {
      // A code another seller holds is named on the field; the spec's toast says it failed.
      if (isApiError(failure)) setError(failure.errors.affiliate_code);
      toast.showError(t('sellerFieldFailed'));
    }
  };

  return (
    <section className="card console__seller" aria-labelledby="seller-fields">
      <h2 id="seller-fields">{t('sellerDetails')}</h2>
      {store.isError ? <p role="alert">{t('storeNotLoaded')}</p> : null}
      <div className="console__seller-grid">
        <div className="console__seller-field">
          <TextField
            label={t('affiliateCode')}
            value={draft ?? storedCode}
            error={error}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button
            variant="secondary"
            loading={update.isPending}
            onClick={() => void save()}
            aria-label={t('updateCodeOf', { label: t('affiliateCode') })}
          >
            {t('updateCode')}
          </Button>
        </div>
        {BALANCES.map(({ name, label }) => (
          <div key={name} className="console__seller-field">
            <TextField
              label={t(label)}
              inputMode="decimal"
              readOnly
              hint={readOnlyNote === name ? t('rewardsReadOnly') : t('earnedFromOrders')}
              value={String(store.data?.Data[name] ?? '')}
            />
            {/* The spec's button stays; the amount adds up from the reward ledger, so it only says so. */}
            <Button
              variant="secondary"
              onClick={() => setReadOnlyNote(name)}
              aria-label={t('updateCodeOf', { label: t(label) })}
            >
              {t('updateCode')}
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
