import { isBurst, J_SHAPE_MIN_RATINGS, J_SHAPE_SHARE, type AuthorIntegrity } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { authorSignals } from './author-integrity.repository.js';
import { canModerate } from './post-moderation.js';

/**
 * What moderators see of one author (issue 41): how many reviews, how many verified, the stars they
 * give, their busiest day, and how many share their words with another author's review.
 */
export async function authorIntegrity(
  db: Database,
  user: AuthUser,
  authorId: string,
): Promise<AuthorIntegrity> {
  if (!canModerate(user)) throw new AppError('FORBIDDEN', 'Only moderators see an author’s signals');
  const signals = await authorSignals(db, authorId);
  const starsGiven = [1, 2, 3, 4, 5].map((s) => signals.stars?.[String(s)] ?? 0);
  const rated = starsGiven.reduce((n, c) => n + c, 0);
  return {
    reviews: signals.reviews,
    verifiedReviews: signals.verified,
    starsGiven,
    busiestDay: signals.busiest,
    burst: !!signals.busiest && isBurst(signals.busiest.reviews, signals.reviews),
    jShaped: rated >= J_SHAPE_MIN_RATINGS && starsGiven[0]! + starsGiven[4]! > J_SHAPE_SHARE * rated,
    sameTextReviews: signals.same_text,
  };
}
