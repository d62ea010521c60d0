import { createHash } from 'node:crypto';
import { reviewTextKey } from '@app/domain';

/**
 * The key a review's words are compared by across authors (issue 41): a hash of the normalised
 * words, so the index holds 64 characters, not up to 5,000. Null for texts too short to compare.
 */
export function textKeyOf(title: string, description: string): string | null {
  const words = reviewTextKey(title, description);
  return words ? createHash('sha256').update(words).digest('hex') : null;
}
