import { useId, type ReactNode } from 'react';
import { gstStateName, type GstinSeller, type PendingGstin } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useFormat, useT } from '../../../lib/i18n';
import { useApproveGstin, usePendingGstins } from '../api/gstin-approvals-api';
import { RefuseGstinForm } from './refuse-gstin-form';

const sellerLabel = (s: GstinSeller) => (s.storeName ? `${s.name} (${s.storeName})` : s.name);

/** One waiting GSTIN with what the admin checks it against, and the two decisions. */
function PendingGstinCard({ item }: { item: PendingGstin }) {
  const headingId = useId();
  const approve = useApproveGstin();
  const toast = useToast();
  const { t } = useT('admin');
  const { dateTime } = useFormat();
  const registeredIn = gstStateName(item.gstin.slice(0, 2));
  const facts: [string, ReactNode][] = [
    [t('factStore'), item.seller.storeName],
    [t('factLegalName'), item.legalName],
    [t('factPan'), item.pan],
    [
      t('factRegisteredIn'),
      registeredIn ? `${registeredIn} (${item.gstin.slice(0, 2)})` : item.gstin.slice(0, 2),
    ],
    [t('factStoreState'), item.storeState],
    [t('factNowPrinted'), item.seller.gstin || t('noneBillOfSupply')],
    [t('factAskedOn'), dateTime(item.requestedAt)],
    [t('factSharedWith'), item.sharedWith.map(sellerLabel).join(', ')],
    [t('factHeldUnlinked'), item.heldUnlinked.map(sellerLabel).join(', ')],
  ];

  const onApprove = async () => {
    try {
      await approve.mutateAsync(item._id);
      toast.showSuccess(t('gstinApprovedToast', { gstin: item.gstin, name: item.seller.name }));
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <article className="card stack gstins__card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('gstinOf', { gstin: item.gstin, name: item.seller.name })}</h3>
      <dl className="gstins__facts">
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} className="gstins__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {item.heldUnlinked.length > 0 && (
        <p className="gstins__warning" role="note">
          {t('heldUnlinkedNote')}
        </p>
      )}
      <div>
        <Button
          loading={approve.isPending}
          aria-label={t('approveGstinOf', { gstin: item.gstin, name: item.seller.name })}
          onClick={() => void onApprove()}
        >
          {t('approveGstin')}
        </Button>
      </div>
      <RefuseGstinForm item={item} />
    </article>
  );
}

/** The GSTINs sellers gave that wait for the admin, oldest first (decision 069). */
export function PendingGstins() {
  const pending = usePendingGstins();
  const { t } = useT('admin');
  if (pending.isPending) return <LoadingState label={t('loadingGstins')} />;
  if (pending.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadGstins')}
        message={pending.error.message}
        onRetry={() => void pending.refetch()}
      />
    );
  }
  if (pending.data.length === 0) return <EmptyState title={t('noGstinsWaiting')} />;
  return (
    <ul className="gstins__list" aria-label={t('gstinsWaiting')}>
      {pending.data.map((item) => (
        <li key={item._id}>
          <PendingGstinCard item={item} />
        </li>
      ))}
    </ul>
  );
}
