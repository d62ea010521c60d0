import { SERVER_QUERY_STATE_ID } from '@app/domain';
import { getLanguage, isPseudo, ENGLISH } from './i18n/language';
import { getToken } from './storage';

/**
 * A shared page (a post, a store, a product) arrives rendered: the server drew it as a visitor
 * without a session, reading English, would see it (apps/web/src/app/shared-page-render.tsx). Only
 * such a browser can take that markup over as it is (hydrate it); a signed-in person or a Hindi
 * reader sees the page drawn anew, as it is for them.
 */
/** Whether this browser sees the page as the server drew it. */
export function seesServerRender(): boolean {
  return getToken() === null && getLanguage() === ENGLISH && !isPseudo();
}

/** The query answers the server drew the page with (TanStack Query's dehydrated state), read once. */
export function takeServerQueryState(): unknown {
  const element = document.getElementById(SERVER_QUERY_STATE_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
