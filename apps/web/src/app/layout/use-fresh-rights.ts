import { useEffect } from 'react';
import { meResponseSchema } from '@app/domain';
import { apiRequest } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { getUserData, setUserData } from '../../lib/storage';

/**
 * A team member's rights can change while they are signed in (the admin grants or revokes them,
 * decision 028). Once per page load the stored profile is refreshed from the own-account answer, so
 * the menu shows what the member may open now; the server decides either way.
 */
export function useFreshRights() {
  const user = useCurrentUser();
  const id = user?.profile.role === 'TEAM' ? user._id : null;
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    apiRequest('/users/me', { schema: meResponseSchema, signal: controller.signal })
      .then(({ data }) => {
        const stored = getUserData();
        if (stored?._id !== data._id) return;
        if (JSON.stringify(stored.profile.rights ?? []) === JSON.stringify(data.rights)) return;
        setUserData({ ...stored, profile: data });
      })
      .catch(() => {
        // Offline or signed out meanwhile: the stored menu stays; the server still refuses.
      });
    return () => controller.abort();
  }, [id]);
}
