import { useState } from 'react';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useSellerSettlements } from '../api/settlements-api';
import { SettlementStatementView } from './settlement-statement';

/** One seller's ledger for the admin, loaded when opened. */
export function SellerLedger({ sellerId, title }: { sellerId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const statement = useSellerSettlements(open ? sellerId : null);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Ledger of {title}</summary>
      {!open ? null : statement.isPending ? (
        <LoadingState label="Loading the ledger…" />
      ) : statement.isError ? (
        <ErrorState message={statement.error.message} onRetry={() => void statement.refetch()} />
      ) : (
        <SettlementStatementView statement={statement.data} owedLabel="Owed to the seller" />
      )}
    </details>
  );
}
