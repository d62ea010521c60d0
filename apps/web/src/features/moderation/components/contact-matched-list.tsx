import { useState } from 'react';
import { Link } from 'react-router';
import { TOAST_MESSAGES, type ClaimView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useDecideLegacyClaim, useLegacyClaims } from '../api/moderation-api';

/**
 * Before contacts had to be proven, a form sent without an account with someone's e-mail or mobile
 * was filed under that account. Migration 0016 listed those; a moderator keeps or removes each.
 */
export function ContactMatchedList() {
  const claims = useLegacyClaims();
  const decide = useDecideLegacyClaim();
  const [error, setError] = useState<string | null>(null);

  if (claims.isPending) return <LoadingState label="Loading contributions to review…" />;
  if (claims.isError) {
    return (
      <ErrorState
        title="Could not load contributions to review"
        message={claims.error.message}
        onRetry={() => void claims.refetch()}
      />
    );
  }
  if (claims.data.data.length === 0) return null;

  const onDecide = async (claim: ClaimView, decision: 'keep' | 'remove') => {
    setError(null);
    try {
      await decide.mutateAsync({ _id: claim._id, decision });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : TOAST_MESSAGES.error);
    }
  };

  return (
    <section className="card stack" aria-labelledby="contact-matched-heading">
      <h2 id="contact-matched-heading">Attributed by a contact match</h2>
      <p>
        Sent without signing in, with the e-mail or mobile of these accounts, before the holder had to
        confirm. Keep what the holder really wrote; remove the rest.
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <ul className="moderation__claims">
        {claims.data.data.map((claim) => (
          <li key={claim._id} className="stack">
            <p>
              <strong>{claim.kind}</strong>
              {` by ${claim.user.name} · ${new Date(claim.createdAt).toLocaleDateString()}`}
            </p>
            <p>{claim.summary || '(no words)'}</p>
            <div className="moderation__claim-actions">
              {claim.link && claim.kind === 'post' ? <Link to={claim.link}>Open</Link> : null}
              <Button
                variant="secondary"
                onClick={() => void onDecide(claim, 'keep')}
                loading={decide.isPending}
              >
                Keep
              </Button>
              <Button onClick={() => void onDecide(claim, 'remove')} loading={decide.isPending}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
