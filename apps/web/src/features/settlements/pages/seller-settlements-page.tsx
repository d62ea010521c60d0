import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { downloadSettlementsCsv, useMySettlements } from '../api/settlements-api';
import { SettlementStatementView } from '../components/settlement-statement';
import '../components/settlements.css';

/** The seller's settlement ledger (decision 033): what the platform owes them, what it paid, every row. */
export default function SellerSettlementsPage() {
  const statement = useMySettlements();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSettlementsCsv();
    } catch {
      toast.showError('The export failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page stack">
      <h1>Settlements</h1>
      <p>
        Each paid order adds its sale here, less the platform&rsquo;s commission, GST TCS (section 52) and
        income-tax TDS (section 194-O); refunds take their share back. For cash on delivery you hold the cash,
        so the charges are owed to the platform. Payouts are bank transfers with their reference.
      </p>
      {statement.isPending ? (
        <LoadingState label="Loading your ledger…" />
      ) : statement.isError ? (
        <ErrorState message={statement.error.message} onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <div>
            <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </div>
          <SettlementStatementView statement={statement.data} />
        </>
      )}
    </div>
  );
}
