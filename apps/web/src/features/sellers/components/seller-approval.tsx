import { useId, useState } from 'react';
import { hasTeamRight, isApprovable, type SellerListItem } from '@app/domain';
import { Link } from 'react-router';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useApproveSeller, useSellerList } from '../api/sellers-api';
import { APPROVAL_SOFT_FAILURES, KIND_KEYS } from '../messages';
import { useT, type TFunction } from '../../../lib/i18n';
import { ApplicantCard } from './applicant-card';
import { RejectForm } from './reject-form';
import './seller-approval.css';

/** A store shows as before, "owner (store)"; applicants without one say what they applied as. */
function optionLabel(user: SellerListItem, t: TFunction) {
  const owner = user.ownerName;
  const shop = user.shops[0]?.name;
  if (shop) return t('optionWithShop', { owner, shop });
  const kind = user.kind ? t(KIND_KEYS[user.kind]) : t('applicant');
  const company = user.application.companyName;
  return company ? t('optionWithCompany', { owner, kind, company }) : t('optionKind', { owner, kind });
}

export function SellerApproval() {
  const profile = useCurrentUser()?.profile;
  const isAdmin = profile?.role === 'ADMIN';
  const selectId = useId();
  const toast = useToast();
  const sellers = useSellerList();
  const approve = useApproveSeller();
  const [selectedId, setSelectedId] = useState('');
  const [approved, setApproved] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const dialogs = useAlertDialog();
  const { t } = useT('stores');
  const { t: common } = useT('common');

  const approvable = sellers.data?.Data.filter(isApprovable) ?? [];
  // After a refetch the approved seller leaves the list; the selection then falls back to none.
  const selected = approvable.find((user) => user._id === selectedId) ?? null;

  const onApprove = async () => {
    if (!selected) return;
    // Approving opens a seller's store to the public: one deliberate step more than a click.
    const shop = selected.shops[0]?.name;
    const confirmed = await dialogs.confirm(
      <p>
        {shop
          ? t('confirmApproveShop', { owner: selected.ownerName, shop })
          : t('confirmApprove', { owner: selected.ownerName })}
      </p>,
      { title: t('approveThisSeller'), confirmLabel: t('approve'), cancelLabel: t('cancel') },
    );
    if (!confirmed) return;
    setApproved(false);
    setOutcome(null);
    try {
      await approve.mutateAsync({ _id: selected._id });
      await dialogs.alert(t('sellerActivated'), t('approveSeller'));
      setApproved(true);
    } catch (error) {
      if (isApiError(error) && APPROVAL_SOFT_FAILURES.has(error.status)) {
        await dialogs.alert(
          t('alreadyActivated', { message: error.message, suffix: t('alreadyActivatedSuffix') }),
          t('approveSeller'),
        );
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
      <title>{common('pageTitle', { title: t('approveSeller') })}</title>
      <h1>{t('approveSeller')}</h1>
      <nav aria-label={t('adminNav')} className="approval__links">
        <Link to={paths.viewStores}>{t('viewStores')}</Link>
        {/* Only what the viewer may open: a team member's rights are the admin's choice (decision 028). */}
        {profile && hasTeamRight(profile, 'moderate') ? (
          <Link to={paths.moderateReviews}>{t('moderateReviews')}</Link>
        ) : null}
        {isAdmin ? (
          <>
            <Link to={paths.outbox}>{t('outbox')}</Link>
            <Link to={paths.manageTeam}>{t('teamAccounts')}</Link>
            <Link to={paths.deletionRequests}>{t('deletionRequests')}</Link>
            <Link to={paths.gstinApprovals}>{t('gstinApprovals')}</Link>
          </>
        ) : null}
      </nav>

      {outcome ? (
        <p className="approval__success" role="status">
          {outcome}
        </p>
      ) : null}
      {approved ? (
        <p className="approval__success" role="status">
          {t('approvedSuccessfully')}
        </p>
      ) : null}

      {sellers.isPending ? (
        <LoadingState label={t('loadingSellers')} />
      ) : sellers.isError ? (
        <ErrorState
          title={t('couldNotLoadSellers')}
          message={sellers.error.message}
          onRetry={() => void sellers.refetch()}
        />
      ) : approvable.length === 0 ? (
        <EmptyState title={t('noneWaiting')} />
      ) : (
        <div className="card stack">
          <div className="approval__field">
            <label htmlFor={selectId}>{t('selectSeller')}</label>
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
              <option value="">{t('chooseApplicant')}</option>
              {approvable.map((user) => (
                <option key={user._id} value={user._id}>
                  {optionLabel(user, t)}
                </option>
              ))}
            </select>
          </div>
          {selected ? <ApplicantCard seller={selected} /> : null}
          <div>
            <Button
              onClick={() => void onApprove()}
              disabledReason={selected ? null : t('chooseSellerFirst')}
              loading={approve.isPending}
            >
              {t('approve')}
            </Button>
          </div>
          {selected ? (
            <RejectForm
              applicantId={selected._id}
              onRejected={() => {
                setSelectedId('');
                setOutcome(t('rejected'));
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
