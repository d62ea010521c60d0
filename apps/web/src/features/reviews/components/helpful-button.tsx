import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { paths } from '../../../lib/routes';
import { useHelpfulVote } from '../api/feedback-api';

export interface HelpfulButtonProps {
  postId: string;
  /** The post's author: no vote on one's own post. */
  authorId: string | null;
  count: number;
  /** Whether the reader's vote is on it; undefined while not known. */
  voted: boolean | undefined;
  /** The post's title, so each button says which post it is about. */
  title: string;
}

/**
 * "Helpful" on a review or answer (issue 41): a toggle button with its count, one vote per
 * account. A visitor is sent to sign in first (their account is the proven one) and back here.
 */
export function HelpfulButton({ postId, authorId, count, voted, title }: HelpfulButtonProps) {
  const { t } = useT('reviews');
  const user = useCurrentUser();
  const location = useLocation();
  const vote = useHelpfulVote(postId);
  const [shown, setShown] = useState<{ count: number; voted: boolean } | null>(null);
  const now = shown ?? { count, voted: voted ?? false };
  const countText = t('helpfulCount', { count: now.count });
  if (!user) {
    return (
      <p className="helpful">
        <span>{countText}</span>{' '}
        {/* Named by its words alone: the review's own link carries its title (WCAG 2.4.4 in context). */}
        <Link to={paths.login} state={{ from: `${location.pathname}${location.search}` }}>
          {t('signInToVote')}
        </Link>
      </p>
    );
  }
  if (user._id === authorId) return <p className="helpful">{countText}</p>;
  return (
    <p className="helpful">
      <Button
        variant="secondary"
        aria-pressed={now.voted}
        disabled={vote.isPending}
        onClick={() =>
          void vote
            .mutateAsync(!now.voted)
            .then((r) => setShown({ count: r.helpfulVotes, voted: r.voted }))
            .catch(() => undefined)
        }
      >
        {t('helpful')}
        <span className="visually-hidden">{t('aboutTitle', { title })}</span>
      </Button>{' '}
      <span role="status">{countText}</span>
      {vote.isError ? (
        <span className="field__error" role="alert">
          {' '}
          {vote.error.message}
        </span>
      ) : null}
    </p>
  );
}
