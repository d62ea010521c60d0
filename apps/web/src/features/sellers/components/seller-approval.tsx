import { useId, useState } from 'react';
import { isApprovable, type SellerListItem } from '@app/domain';
import { Link } from 'react-router';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useApproveSeller, useSellerList } from '../api/sellers-api';
import { APPROVAL_SOFT_FAILURES, KIND_LABELS, SELLER_MESSAGES } from '../messages';
import { ApplicantCard } from './applicant-card';
import { RejectForm } from './reject-form';
import './seller-approval.css';

/** A store shows as before, "owner (store)"; applicants without one say what they applied as. */
function optionLabel(user: SellerListItem) {
  const shop = user.shops[0]?.name;
  if (shop) return `${user.ownerName} (${shop})`;
  const kind = user.kind ? KIND_LABELS[user.kind] : 'Applicant';
  const company = user.application.companyName;
  return company ? `${user.ownerName} (${kind}: ${company})` : `${user.ownerName} (${kind})`;
}

export function SellerApproval() {
  const selectId = useId();
  const toast = useToast();
  const sellers = useSellerList();
  const approve = useApproveSeller();
  const [selectedId, setSelectedId] = useState('');
  const [approved, setApproved] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const dialogs = useAlertDialog();

  const approvable = sellers.data?.Data.filter(isApprovable) ?? [];
  // After a refetch the approved seller leaves the list; the selection then falls back to none.
  const selected = approvable.find((user) => user._id === selectedId) ?? null;

  const onApprove = async () => {
    if (!selected) return;
    // Approving opens a seller's store to the public: one deliberate step more than a click.
    const confirmed = await dialogs.confirm(
      <p>
        Approve {selected.ownerName}
        {selected.shops[0] ? ` (${selected.shops[0].name})` : ''} as a seller? Their store becomes public.
      </p>,
      { title: 'Approve this seller?', confirmLabel: 'Approve', cancelLabel: 'Cancel' },
    );
    if (!confirmed) return;
    setApproved(false);
    setOutcome(null);
    try {
      await approve.mutateAsync({ _id: selected._id });
      await dialogs.alert(SELLER_MESSAGES.activated, 'Approve Seller');
      setApproved(true);
    } catch (error) {
      if (isApiError(error) && APPROVAL_SOFT_FAILURES.has(error.status)) {
        await dialogs.alert(`${error.message} ${SELLER_MESSAGES.alreadyActivatedSuffix}`, 'Approve Seller');
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
        <Link to={paths.manageTeam}>Team accounts</Link>
        <Link to={paths.deletionRequests}>Deletion requests</Link>
      </nav>

      {outcome ? (
        <p className="approval__success" role="status">
          {outcome}
        </p>
      ) : null}
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
                setOutcome(null);
              }}
            >
              <option value="">Choose an applicant</option>
              {approvable.map((user) => (
                <option key={user._id} value={user._id}>
                  {optionLabel(user)}
                </option>
              ))}
            </select>
          </div>
          {selected ? <ApplicantCard seller={selected} /> : null}
          <div>
            <Button
              onClick={() => void onApprove()}
              disabledReason={selected ? null : 'Choose a seller first.'}
              loading={approve.isPending}
            >
              Approve
            </Button>
          </div>
          {selected ? (
            <RejectForm
              applicantId={selected._id}
              onRejected={() => {
                setSelectedId('');
                setOutcome(SELLER_MESSAGES.rejected);
                void sellers.refetch();
              }}
            />
          ) : null}
        </div>
      )}
      {dialogs.dialog}
    </section>
  );
}
