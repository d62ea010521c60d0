import { useEffect, useSyncExternalStore } from 'react';
import type { QuestionCounts } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * The header's count of questions waiting for the signed-in person's answer (issue 39). The header
 * sits outside the pages that load TanStack Query (app/data-routes.tsx keeps it out of the landing
 * page's JavaScript), so the count lives here: fetched when a page opens and the last one is older
 * than a minute, and set by the Questions page from its own answer.
 */
const FRESH_MS = 60_000;
let counts: { userId: string; value: QuestionCounts } | null = null;
let fetchedAt = 0;
let inFlight: string | null = null;
const listeners = new Set<() => void>();

function publish(userId: string, value: QuestionCounts) {
  counts = { userId, value };
  for (const listener of listeners) listener();
}

/** The Questions page's answer carries the counts: the header shows them at once. */
export function publishQuestionCounts(userId: string, value: QuestionCounts) {
  fetchedAt = Date.now();
  publish(userId, value);
}

const parseCounts = (data: unknown): QuestionCounts => {
  const found = (data as { Data?: Partial<QuestionCounts> } | null)?.Data;
  if (typeof found?.unanswered !== 'number' || typeof found.total !== 'number') {
    throw new Error('Unexpected answer for the question counts');
  }
  return { unanswered: found.unanswered, total: found.total };
};

function refresh(userId: string) {
  if (inFlight === userId) return;
  if (counts?.userId === userId && Date.now() - fetchedAt < FRESH_MS) return;
  inFlight = userId;
  fetchedAt = Date.now();
  apiRequest('/queries/askedOfMe/counts', { schema: { parse: parseCounts } })
    .then((value) => publish(userId, value))
    // A failed count shows no badge; the next page tries again.
    .catch(() => (fetchedAt = 0))
    .finally(() => (inFlight = null));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The counts for `userId` (null: nobody who is asked questions), refreshed as pages open. */
export function useQuestionCounts(userId: string | null, page: string): QuestionCounts | null {
  const current = useSyncExternalStore(
    subscribe,
    () => counts,
    () => null,
  );
  useEffect(() => {
    if (userId) refresh(userId);
  }, [userId, page]);
  return userId && current?.userId === userId ? current.value : null;
}
