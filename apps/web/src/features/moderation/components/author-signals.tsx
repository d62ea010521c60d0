import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authorIntegrityResponseSchema } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useFormat, useT } from '../../../lib/i18n';

/**
 * The signals of a post's author for the moderator (issue 41): how many reviews and how many
 * verified, the stars they give, their busiest day, and how many share words with another author.
 * Asked for on opening, one author at a time.
 */
export function AuthorSignals({ authorId }: { authorId: string }) {
  const { t } = useT('admin');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const signals = useQuery({
    queryKey: ['author-signals', authorId],
    enabled: open,
    queryFn: ({ signal }) =>
      apiRequest(`/moderation/authors/${encodeURIComponent(authorId)}`, {
        schema: authorIntegrityResponseSchema,
        signal,
      }).then((r) => r.Data),
  });
  if (!open) {
    return (
      <p>
        <Button variant="ghost" onClick={() => setOpen(true)}>
          {t('aboutAuthor')}
        </Button>
      </p>
    );
  }
  if (signals.isPending) return <LoadingState label={t('loadingAuthor')} />;
  if (signals.isError) {
    return <ErrorState message={signals.error.message} onRetry={() => void signals.refetch()} />;
  }
  const s = signals.data;
  return (
    <section className="moderation__author-signals" aria-label={t('aboutAuthor')}>
      <ul>
        <li>{t('authorReviews', { count: s.reviews, verified: s.verifiedReviews })}</li>
        <li>
          {t('authorStars', {
            one: s.starsGiven[0] ?? 0,
            two: s.starsGiven[1] ?? 0,
            three: s.starsGiven[2] ?? 0,
            four: s.starsGiven[3] ?? 0,
            five: s.starsGiven[4] ?? 0,
          })}
          {s.jShaped ? ` ${t('authorJShaped')}` : ''}
        </li>
        {s.busiestDay ? (
          <li>
            {t('authorBusiestDay', { count: s.busiestDay.reviews, day: format.day(s.busiestDay.day) })}
            {s.burst ? ` ${t('authorBurst')}` : ''}
          </li>
        ) : null}
        <li>{t('authorSameText', { count: s.sameTextReviews })}</li>
      </ul>
    </section>
  );
}
