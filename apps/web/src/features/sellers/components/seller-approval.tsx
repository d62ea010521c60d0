import { useId, useState } from 'react';
import { isApprovable } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useApproveSeller, useSellerList } from '../api/sellers-api';
import { APPROVAL_SOFT_FAILURES, SELLER_MESSAGES } from '../messages';
import './seller-approval.css';

export function SellerApproval() {
  const selectId = useId();
  const toast = useToast();
  const sellers = useSellerList();
  const approve = useApproveSeller();
  const [selectedId, setSelectedId] = useState('');
  const [approved, setApproved] = useState(false);

  const approvable = sellers.data?.Data.filter(isApprovable) ?? [];
  // After a refetch the approved seller leaves the list; the selection then falls back to none.
  const selected = approvable.find((user) => user._id === selectedId) ?? null;

  const onApprove = async () => {
    if (!selected) return;
    setApproved(false);
    try {
      await approve.mutateAsync({ _id: selected._id });
      window.alert(SELLER_MESSAGES.activated);
      setApproved(true);
    } catch (error) {
      if (isApiError(error) && APPROVAL_SOFT_FAILURES.has(error.status)) {
        window.alert(`${error.message} ${SELLER_MESSAGES.alreadyActivatedSuffix}`);
      } else {
        console.error('Approval failed', error);
        toast.showError(isApiError(error) ? error.message : undefined);
        return;
      }
    }
    setSelectedId('');
    // The spec's client reloads the page here; refetching shows the same fresh list without a reload.
    await sellers.refetch();
  };

  return (
    <section className="page stack">
      <title>Approve Seller | Revuhub</title>
      <h1>Approve Seller</h1>
      <nav aria-label="Admin" className="approval__links">
        <Link to={paths.viewStores}>View stores</Link>
        <Link to={paths.moderateReviews}>Moderate reviews</Link>
        <Link to={paths.outbox}>Outbox</Link>
      </nav>

      {approved ? (
        <p className="approval__success" role="status">
          {SELLER_MESSAGES.approvedSuccessfully}
        </p>
      ) : null}

      {sellers.isPending ? (
        <LoadingState label="Loading sellers…" />
      ) : sellers.isError ? (
        <ErrorState
          title="Could not load sellers"
          message={sellers.error.message}
          onRetry={() => void sellers.refetch()}
        />
      ) : approvable.length === 0 ? (
        <EmptyState title={SELLER_MESSAGES.noneWaiting} />
      ) : (
        <div className="card stack">
          <div className="approval__field">
            <label htmlFor={selectId}>Select Seller</label>
            <select
              id={selectId}
              className="approval__select"
              value={selected?._id ?? ''}
              onChange={(event) => {
                setSelectedId(event.target.value);
                setApproved(false);
              }}
            >
              <option value="">Choose a seller</option>
              {approvable.map((user) => (
                <option key={user._id} value={user._id}>
                  {user.ownerName} ({user.shops[0]?.name ?? 'no shop'})
                </option>
              ))}
            </select>
          </div>
          {selected ? (
            <pre className="approval__preview" aria-label="Selected seller details" tabIndex={0}>
              {JSON.stringify(selected, null, 2)}
            </pre>
          ) : null}
          <div>
            <Button onClick={onApprove} disabled={!selected} loading={approve.isPending}>
              Approve
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
