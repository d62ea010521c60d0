import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { setAnswerAccepted } from '../posts/accepted-answers.js';
import { findQuery } from './queries.repository.js';

/**
 * The asker accepts an answer of their question, or takes it back (issue 41): more than one may be
 * accepted. Only the asker, signed in, may: their account is the proven asker.
 */
export async function acceptAnswer(
  db: Database,
  queryId: string,
  postId: string,
  accepted: boolean,
  user: AuthUser,
) {
  const query = await findQuery(db, queryId);
  if (!query) throw new AppError('NOT_FOUND', 'This query does not exist');
  if (query.askerId !== user.id)
    throw new AppError('FORBIDDEN', 'Only the one who asked can accept an answer');
  if (!(await setAnswerAccepted(db, queryId, postId, accepted))) {
    throw new AppError('NOT_FOUND', 'This answer does not answer this question');
  }
  return { queryId, postId, accepted };
}
