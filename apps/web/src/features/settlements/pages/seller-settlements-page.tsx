import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { downloadSettlementsCsv, useMySettlements } from '../api/settlements-api';
import { SettlementStatementView } from '../components/settlement-statement';
import '../components/settlements.css';
import { useT } from '../../../lib/i18n';

/** The seller's settlement ledger (decision 033): what the platform owes them, what it paid, every row. */
export default function SellerSettlementsPage() {
  const statement = useMySettlements();
  const toast = useToast();
  const { t } = useT('seller');
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSettlementsCsv();
    } catch {
      toast.showError(t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page stack">
      <title>{t('pageTitle', { heading: t('settlements') })}</title>
      <h1>{t('settlements')}</h1>
      <p>{t('settlementsIntro')}</p>
      {statement.isPending ? (
        <LoadingState label={t('loadingLedger')} />
      ) : statement.isError ? (
        <ErrorState message={statement.error.message} onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <div>
            <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
              {t('exportCsv')}
            </Button>
          </div>
          <SettlementStatementView statement={statement.data} />
        </>
      )}
    </div>
  );
}
