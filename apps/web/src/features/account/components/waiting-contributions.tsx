import { useState } from 'react';
import { Link } from 'react-router';
import type { ClaimView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useFormat, useT } from '../../../lib/i18n';
import { useDecideClaim, useMyClaims } from '../api/account-api';

const KIND_KEY: Record<ClaimView['kind'], string> = {
  post: 'kindPost',
  tag: 'kindTag',
  query: 'kindQuery',
  order: 'kindOrder',
};

/**
 * Reviews, tags, queries and orders someone sent with this account's e-mail or mobile without
 * signing in. They are in no list until the holder says they were theirs; shown only when any wait.
 */
export function WaitingContributions() {
  const { t } = useT('account');
  const format = useFormat();
  const claims = useMyClaims();
  const decide = useDecideClaim();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (claims.isPending) return <LoadingState label={t('checkingWaiting')} />;
  if (claims.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadWaiting')}
        message={claims.error.message}
        onRetry={() => void claims.refetch()}
      />
    );
  }
  // The last decision's notice stays once the list is empty, so the holder sees it was done.
  if (claims.data.data.length === 0 && !notice) return null;

  const onDecide = async (claim: ClaimView, publish: boolean) => {
    setError(null);
    setNotice(null);
    try {
      await decide.mutateAsync({ _id: claim._id, publish });
      setNotice(publish ? t('publishedNotice') : t('deletedNotice'));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('error'));
    }
  };

  return (
    <section className="card stack" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{t('waitingHeading')}</h2>
      <p>{t('waitingIntro')}</p>
      <p role="status">{notice}</p>
      {error ? <p role="alert">{error}</p> : null}
      {claims.data.data.length > 0 ? (
        <ul className="account__posts">
          {claims.data.data.map((claim) => (
            <li key={claim._id} className="account__post stack">
              <p>
                <strong>{t(KIND_KEY[claim.kind])}</strong>
                {` · ${format.dateTime(claim.createdAt)}`}
              </p>
              <p>{claim.summary || t('noWords')}</p>
              <div className="account__actions">
                <Button onClick={() => void onDecide(claim, true)} loading={decide.isPending}>
                  {t('itWasMe')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void onDecide(claim, false)}
                  loading={decide.isPending}
                >
                  {t('notMine')}
                </Button>
                {claim.kind === 'post' && claim.link ? <Link to={claim.link}>{t('open')}</Link> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
