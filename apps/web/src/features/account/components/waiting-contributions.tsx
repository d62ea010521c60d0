import { useState } from 'react';
import { Link } from 'react-router';
import { CONTRIBUTION_MESSAGES, TOAST_MESSAGES, type ClaimView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useDecideClaim, useMyClaims } from '../api/account-api';

const KIND_LABEL: Record<ClaimView['kind'], string> = {
  post: 'Post',
  tag: 'Tag',
  query: 'Query',
  order: 'Order',
};

/**
 * Reviews, tags, queries and orders someone sent with this account's e-mail or mobile without
 * signing in. They are in no list until the holder says they were theirs; shown only when any wait.
 */
export function WaitingContributions() {
  const claims = useMyClaims();
  const decide = useDecideClaim();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (claims.isPending) return <LoadingState label="Checking for posts that wait for you…" />;
  if (claims.isError) {
    return (
      <ErrorState
        title="Could not load what waits for you"
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
      setNotice(
        publish ? `${CONTRIBUTION_MESSAGES.published}.` : 'Deleted. Nothing was published under your name.',
      );
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <section className="card stack" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">Waiting for your confirmation</h2>
      <p>
        These were sent with your e-mail or mobile by someone who was not signed in. Nothing is shown under
        your name until you publish it; what you do not publish is deleted after 7 days.
      </p>
      <p role="status">{notice}</p>
      {error ? <p role="alert">{error}</p> : null}
      {claims.data.data.length > 0 ? (
        <ul className="account__posts">
          {claims.data.data.map((claim) => (
            <li key={claim._id} className="account__post stack">
              <p>
                <strong>{KIND_LABEL[claim.kind]}</strong>
                {` · ${new Date(claim.createdAt).toLocaleString()}`}
              </p>
              <p>{claim.summary || '(no words)'}</p>
              <div className="account__actions">
                <Button onClick={() => void onDecide(claim, true)} loading={decide.isPending}>
                  It was me: publish
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void onDecide(claim, false)}
                  loading={decide.isPending}
                >
                  Not mine: delete
                </Button>
                {claim.kind === 'post' && claim.link ? <Link to={claim.link}>Open</Link> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
