import type { Language, PreferencesRequest } from '@app/domain';
import { apiRequest, isApiError } from '../api-client';
import { getToken } from '../storage';

/**
 * Saves a signed-in person's language on their account (`PATCH /api/users/me/preferences`), so it
 * follows them to other devices. Signed out, the browser's memory is enough. A server without the
 * endpoint yet (404) is not an error: the choice still holds in this browser.
 */
export async function saveLanguagePreference(language: Language): Promise<void> {
  if (!getToken()) return;
  const body: PreferencesRequest = { language };
  try {
    await apiRequest('/users/me/preferences', { method: 'PATCH', body, schema: { parse: (data) => data } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return;
    throw error;
  }
}
