import type { Database } from '../../db/client.js';
import { recordEvent } from '../../lib/domain-events.js';
import { findAnswerOfPost } from './queries.repository.js';

/**
 * Records `query.answered` for a post that answers a query, so the asker is told (house style 13).
 * Call it in the transaction that makes the answer visible: when the post is stored, or when a
 * post held for its author's code is confirmed. Nothing is recorded while the post or the query
 * still waits for a code, or when the asker answered their own query.
 */
export async function recordQueryAnswered(db: Database, postId: string): Promise<void> {
  const answer = await findAnswerOfPost(db, postId);
  if (!answer || answer.postHeld || answer.queryHeld) return;
  if (!answer.askerId || !answer.authorId || answer.askerId === answer.authorId) return;
  await recordEvent(db, {
    type: 'query.answered',
    payload: {
      queryId: answer.queryId,
      recipientUserId: answer.askerId,
      queryText: answer.queryText,
      answeredBy: answer.answeredAs ?? answer.authorName,
      link: `/post/${encodeURIComponent(answer.authorId)}/${encodeURIComponent(answer.postId)}`,
    },
  });
}
