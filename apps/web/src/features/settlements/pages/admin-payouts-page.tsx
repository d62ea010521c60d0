import { paiseText, type PayoutAccount } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useLedgerRates, usePayoutAccounts } from '../api/settlements-api';
import { PayoutForm } from '../components/payout-form';
import { RatesForm } from '../components/rates-form';
import { SellerLedger } from '../components/seller-ledger';
import '../components/settlements.css';
import { useT } from '../../../lib/i18n';

function AccountCard({ account }: { account: PayoutAccount }) {
  const { userId, name, storeName, settlementBalancePaise, rewardBalancePaise } = account;
  const title = storeName ? `${storeName} (${name})` : name;
  const { t } = useT('seller');
  return (
    <li className="card stack">
      <div className="payout-account__head">
        <h3>{title}</h3>
        <p>
          {t('settlementBalance')}
          <strong>{paiseText(settlementBalancePaise)}</strong>
          {t('rewards')}
          <strong>{paiseText(rewardBalancePaise)}</strong>
        </p>
      </div>
      {settlementBalancePaise > 0 ? <PayoutForm userId={userId} name={title} kind="SETTLEMENT" /> : null}
      {rewardBalancePaise > 0 ? <PayoutForm userId={userId} name={title} kind="REWARD" /> : null}
      {storeName ? <SellerLedger sellerId={userId} title={title} /> : null}
    </li>
  );
}

/** The admin's payouts (decision 033): the rates, every balance, and payouts recorded against them. */
export default function AdminPayoutsPage() {
  const accounts = usePayoutAccounts();
  const rates = useLedgerRates();
  const { t } = useT('seller');

  return (
    <div className="page stack">
      <title>{t('pageTitle', { heading: t('payouts') })}</title>
      <h1>{t('payouts')}</h1>
      <section className="card stack" aria-labelledby="rates-heading">
        <h2 id="rates-heading">{t('rates')}</h2>
        {rates.isPending ? (
          <LoadingState label={t('loadingRates')} />
        ) : rates.isError ? (
          <ErrorState message={rates.error.message} onRetry={() => void rates.refetch()} />
        ) : (
          <RatesForm rates={rates.data} />
        )}
      </section>
      <section className="stack" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">{t('sellersAndReferrers')}</h2>
        {accounts.isPending ? (
          <LoadingState label={t('loadingBalances')} />
        ) : accounts.isError ? (
          <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} />
        ) : accounts.data.length === 0 ? (
          <EmptyState title={t('noSellers')} />
        ) : (
          <ul className="payout-accounts">
            {accounts.data.map((a) => (
              <AccountCard key={a.userId} account={a} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
