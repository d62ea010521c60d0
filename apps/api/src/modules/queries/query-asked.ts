import { recordEvent } from '../../lib/domain-events.js';
import type { Database } from '../../db/client.js';
import { findQuery, isAnsweredByOwner } from './queries.repository.js';

/** The page where a business reads the questions asked of it and answers them. */
export const QUESTIONS_PAGE = '/questions';

/**
 * Records `query.asked` for a question to a store, brand, influencer or service provider, so its
 * owner is told (issue 39). Call it in the transaction that makes the question visible: when it is
 * stored, or when a question held for its asker's code is confirmed. Nothing for a question to
 * "Anything", one still held, or one a business asked of itself.
 */
export async function recordQueryAsked(db: Database, queryId: string): Promise<void> {
  const query = await findQuery(db, queryId);
  if (!query || query.scope === 'anything' || !query.scopeUserId) return;
  if (query.askerId === query.scopeUserId) return;
  await recordEvent(db, {
    type: 'query.asked',
    payload: {
      queryId: query.id,
      recipientUserId: query.scopeUserId,
      askedOf: query.scopeName ?? '',
      queryText: query.text,
      askedBy: query.askerName,
      link: QUESTIONS_PAGE,
    },
  });
}

/**
 * Whether a question still waits for its business's answer, for its reminder: not once the owner
 * answered it (whatever became of the answer since), nor when the question is gone.
 */
export async function questionAwaitsAnswer(db: Database, queryId: string): Promise<boolean> {
  return (await isAnsweredByOwner(db, queryId)) === false;
}
