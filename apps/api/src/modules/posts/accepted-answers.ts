import type { Database } from '../../db/client.js';
import { setAccepted } from './review-feedback.repository.js';

/**
 * Marks an answer of a question accepted by its asker, or takes it back (issue 41). The queries
 * module checks the asker first; false when the post answers another question.
 */
export function setAnswerAccepted(db: Database, queryId: string, postId: string, accepted: boolean) {
  return setAccepted(db, queryId, postId, accepted);
}
