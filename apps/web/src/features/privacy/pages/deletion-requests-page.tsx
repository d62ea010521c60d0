import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useFormat, useT } from '../../../lib/i18n';
import { useDeletionRequests } from '../api/privacy-api';
import '../components/privacy.css';

/** The admin's list of account deletions: who (masked), how, and whether each was carried out. */
export default function DeletionRequestsPage() {
  const { t } = useT('account');
  const when = useFormat().dateTime;
  const requests = useDeletionRequests();
  return (
    <section className="page stack">
      <title>{t('deletionRequestsTitle')}</title>
      <h1>{t('deletionRequests')}</h1>
      {requests.isPending ? (
        <LoadingState label={t('loadingDeletionRequests')} />
      ) : requests.isError ? (
        <ErrorState
          title={t('couldNotLoadDeletionRequests')}
          message={requests.error.message}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.data.length === 0 ? (
        <p>{t('noDeletionRequests')}</p>
      ) : (
        <table className="privacy__table">
          <thead>
            <tr>
              <th scope="col">{t('colAsked')}</th>
              <th scope="col">{t('colAccount')}</th>
              <th scope="col">{t('colHow')}</th>
              <th scope="col">{t('colContributions')}</th>
              <th scope="col">{t('colOutcome')}</th>
            </tr>
          </thead>
          <tbody>
            {requests.data.data.map((r) => (
              <tr key={r._id}>
                <td>{when(r.requestedAt)}</td>
                <td>
                  {r.account} ({r.role})
                </td>
                <td>{r.via === 'code' ? t('viaCode') : t('viaSession')}</td>
                <td>{r.contributions === 'remove' ? t('removed') : t('anonymised')}</td>
                <td>
                  {r.state === 'completed' && r.completedAt
                    ? t('completedAt', { date: when(r.completedAt) })
                    : t('refused', { reasons: r.reasons.join(' ') })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
