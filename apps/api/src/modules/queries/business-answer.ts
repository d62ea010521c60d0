import type { Database } from '../../db/client.js';
import { findQuery } from './queries.repository.js';

/**
 * The name an answer speaks for: the store, brand or creator profile a question was asked of, when
 * the person answering owns it (issue 39: "Answered by Gopal Textiles", not the name of whoever
 * typed it). Null for anyone else's answer and for questions asked of nobody in particular.
 */
export async function businessAnsweringAs(
  db: Database,
  queryId: string,
  authorId: string,
): Promise<string | null> {
  const query = await findQuery(db, queryId);
  if (!query || query.scope === 'anything' || query.scopeUserId !== authorId) return null;
  return query.scopeName;
}
