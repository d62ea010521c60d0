import { useState } from 'react';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useSellerSettlements } from '../api/settlements-api';
import { SettlementStatementView } from './settlement-statement';
import { useT } from '../../../lib/i18n';

/** One seller's ledger for the admin, loaded when opened. */
export function SellerLedger({ sellerId, title }: { sellerId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const statement = useSellerSettlements(open ? sellerId : null);
  const { t } = useT('seller');
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('ledgerOf', { title })}</summary>
      {!open ? null : statement.isPending ? (
        <LoadingState label={t('loadingTheLedger')} />
      ) : statement.isError ? (
        <ErrorState message={statement.error.message} onRetry={() => void statement.refetch()} />
      ) : (
        <SettlementStatementView statement={statement.data} owedLabel={t('owedToSeller')} />
      )}
    </details>
  );
}
