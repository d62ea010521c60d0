import { pageCallKey } from '@app/domain';

/**
 * Answers the server sent inside a shared page's HTML (a post, a store, a product), keyed by the
 * call they answer (`pageCallKey`): the page then draws without first asking the API for them.
 * Each is used once, and only soon after the page loaded; later calls go to the network as usual.
 */
const FRESH_FOR_MS = 60_000;

let answers: Map<string, unknown> | null = null;

function loaded(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = document.getElementById('preloaded-answers');
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (parsed && typeof parsed === 'object') {
        for (const [key, value] of Object.entries(parsed)) answers.set(key, value);
      }
    } catch {
      // A page without usable answers fetches them.
    }
  }
  element?.remove();
  return answers;
}

/**
 * On the server, while a shared page is rendered (app/shared-page-render.tsx, one page at a time):
 * the answers the API gave for it. Calls it has no answer for are not made there.
 */
let serverAnswers: ReadonlyMap<string, unknown> | null = null;

export function setServerAnswers(map: ReadonlyMap<string, unknown> | null): void {
  serverAnswers = map;
}

/** The preloaded answer to this call, once; undefined when there is none (or it is too old). */
export function takePreloadedAnswer(method: string, path: string, body: unknown): unknown {
  if (typeof document === 'undefined') return serverAnswers?.get(pageCallKey(method, path, body));
  if (performance.now() > FRESH_FOR_MS) {
    answers?.clear();
    return undefined;
  }
  const all = loaded();
  const key = pageCallKey(method, path, body);
  const answer = all.get(key);
  all.delete(key);
  return answer;
}
