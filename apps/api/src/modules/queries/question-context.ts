import type { PostQuestion } from '@app/domain';
import type { Database } from '../../db/client.js';
import { findQuery } from './queries.repository.js';

/**
 * A question as a post answering it carries it (issue 39): its words, and the store, brand or
 * creator it was asked of. Undefined for a question that does not exist or is still held.
 */
export async function findQuestion(db: Database, queryId: string): Promise<PostQuestion | undefined> {
  const query = await findQuery(db, queryId);
  return (
    query && {
      _id: query.id,
      search: query.text,
      scope: query.scope,
      scopeUserId: query.scopeUserId,
      scopeName: query.scopeName,
    }
  );
}
