import { summariseRatings, type RatingSummary } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { RatingSubject } from '../../db/schema/index.js';
import { ratingCountsOf } from './verified-purchases.repository.js';

/**
 * A product's (or a seller's products') average, histogram and verified share (issue 41), from the
 * counts the reviews' writes keep: at most ten rows, however many reviews there are.
 */
export async function ratingSummaryOf(
  db: Database,
  subject: RatingSubject,
  subjectId: string,
): Promise<RatingSummary> {
  const { counts, busiest } = await ratingCountsOf(db, subject, subjectId);
  return summariseRatings(counts, busiest);
}
