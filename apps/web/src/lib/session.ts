import { useSyncExternalStore } from 'react';
import { hasTeamRight } from '@app/domain';
import { apiRequest } from './api-client';
import { paths } from './routes';
import { clearStorage, getUserDataRaw, parseUserData, subscribeToStorage, type UserData } from './storage';

// useSyncExternalStore needs a stable snapshot: parse again only when the stored string changes.
let cachedRaw: string | null = null;
let cachedUser: UserData | null = null;

function getSnapshot(): UserData | null {
  const raw = getUserDataRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUserData(raw);
  }
  return cachedUser;
}

/** The signed-in user from `user-data`, or null; re-renders on login, logout and other tabs. */
export function useCurrentUser(): UserData | null {
  return useSyncExternalStore(subscribeToStorage, getSnapshot, () => null);
}

/**
 * Where a user lands after login: the admin approves sellers (spec section 2), the team moderates
 * reviews, a seller (brand or retailer) sees their store and catalogue, and everyone else (experts,
 * customers, applicants still waiting) their own account page.
 */
export function landingPath(user: {
  _id: string;
  profile: Pick<UserData['profile'], 'role'> & { rights?: UserData['profile']['rights'] | undefined };
}): string {
  switch (user.profile.role) {
    case 'ADMIN':
      return paths.manageSeller;
    case 'TEAM':
      // The first page the admin lets this member open (decision 028); with no right yet, home.
      if (hasTeamRight(user.profile, 'moderate')) return paths.moderateReviews;
      if (hasTeamRight(user.profile, 'approve-sellers')) return paths.manageSeller;
      if (hasTeamRight(user.profile, 'see-orders')) return paths.adminOrders;
      return paths.viewStores;
    case 'SELLER':
      return paths.viewStore(user._id);
    case 'USER':
    case 'END_USER':
      return paths.myAccount;
  }
}

/** The header's label for the landing page. */
export function landingLabel(role: UserData['profile']['role']): string {
  switch (role) {
    case 'ADMIN':
      return 'Approve Sellers';
    case 'TEAM':
      return 'Moderate Reviews';
    case 'SELLER':
      return 'My Store';
    case 'USER':
    case 'END_USER':
      return 'My Account';
  }
}

/**
 * Ends the session on the server (failures ignored: the local session ends regardless)
 * and clears every stored key.
 */
export async function logout(token?: string | null): Promise<void> {
  try {
    await apiRequest('/users/logout', {
      method: 'POST',
      schema: { parse: (data) => data },
      ...(token === undefined ? {} : { token }),
    });
  } catch (error) {
    console.warn('Logout request failed', error);
  }
  clearStorage();
}
