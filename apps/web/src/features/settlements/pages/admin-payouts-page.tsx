import { paiseText, type PayoutAccount } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useLedgerRates, usePayoutAccounts } from '../api/settlements-api';
import { PayoutForm } from '../components/payout-form';
import { RatesForm } from '../components/rates-form';
import { SellerLedger } from '../components/seller-ledger';
import '../components/settlements.css';

function AccountCard({ account }: { account: PayoutAccount }) {
  const { userId, name, storeName, settlementBalancePaise, rewardBalancePaise } = account;
  const title = storeName ? `${storeName} (${name})` : name;
  return (
    <li className="card stack">
      <div className="payout-account__head">
        <h3>{title}</h3>
        <p>
          Settlement balance <strong>{paiseText(settlementBalancePaise)}</strong> · Rewards{' '}
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

  return (
    <div className="page stack">
      <h1>Payouts</h1>
      <section className="card stack" aria-labelledby="rates-heading">
        <h2 id="rates-heading">Rates</h2>
        {rates.isPending ? (
          <LoadingState label="Loading rates…" />
        ) : rates.isError ? (
          <ErrorState message={rates.error.message} onRetry={() => void rates.refetch()} />
        ) : (
          <RatesForm rates={rates.data} />
        )}
      </section>
      <section className="stack" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Sellers and referrers</h2>
        {accounts.isPending ? (
          <LoadingState label="Loading balances…" />
        ) : accounts.isError ? (
          <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} />
        ) : accounts.data.length === 0 ? (
          <EmptyState title="No sellers yet" />
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
