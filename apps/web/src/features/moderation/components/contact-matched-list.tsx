import { useState } from 'react';
import { Link } from 'react-router';
import type { ClaimView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useDecideLegacyClaim, useLegacyClaims } from '../api/moderation-api';
import { useFormat, useT } from '../../../lib/i18n';

/**
 * Before contacts had to be proven, a form sent without an account with someone's e-mail or mobile
 * was filed under that account. Migration 0016 listed those; a moderator keeps or removes each.
 */
export function ContactMatchedList() {
  const claims = useLegacyClaims();
  const decide = useDecideLegacyClaim();
  const [error, setError] = useState<string | null>(null);
  const { t } = useT('admin');
  const format = useFormat();

  if (claims.isPending) return <LoadingState label={t('loadingClaims')} />;
  if (claims.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadClaims')}
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
      setError(isApiError(failure) ? failure.message : t('error'));
    }
  };

  return (
    <section className="card stack" aria-labelledby="contact-matched-heading">
      <h2 id="contact-matched-heading">{t('contactMatched')}</h2>
      <p>{t('contactMatchedIntro')}</p>
      {error ? <p role="alert">{error}</p> : null}
      <ul className="moderation__claims">
        {claims.data.data.map((claim) => (
          <li key={claim._id} className="stack">
            <p>
              <strong>{t(`claim_${claim.kind}`)}</strong>
              {t('claimBy', { name: claim.user.name, date: format.date(claim.createdAt) })}
            </p>
            <p>{claim.summary || t('noWords')}</p>
            <div className="moderation__claim-actions">
              {claim.link && claim.kind === 'post' ? <Link to={claim.link}>{t('open')}</Link> : null}
              <Button
                variant="secondary"
                onClick={() => void onDecide(claim, 'keep')}
                loading={decide.isPending}
              >
                {t('keep')}
              </Button>
              <Button onClick={() => void onDecide(claim, 'remove')} loading={decide.isPending}>
                {t('remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
