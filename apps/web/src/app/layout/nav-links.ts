import type { Role } from '@app/domain';
import { paths } from '../../lib/routes';

export interface NavItem {
  label: string;
  to: string;
  /** Matches only the exact path (Home would otherwise be active everywhere). */
  end?: boolean;
}

/**
 * The header's pages for each kind of visitor: what each may use, so no inner page is a dead end
 * with only Home and Login. The server still decides access; this only offers the way there.
 */
export function navLinksFor(user: { _id: string; profile: { role: Role } } | null): NavItem[] {
  const home: NavItem = { label: 'Home', to: paths.home, end: true };
  const locator: NavItem = { label: 'Store Locator', to: paths.storeLocator };
  const changePassword: NavItem = { label: 'Change password', to: paths.changePassword };
  if (!user) {
    return [
      home,
      locator,
      { label: 'Create account', to: paths.joinAsEndUser },
      { label: 'Login', to: paths.login },
    ];
  }
  switch (user.profile.role) {
    case 'ADMIN':
      return [
        { label: 'Approve Sellers', to: paths.manageSeller },
        { label: 'View stores', to: paths.viewStores, end: true },
        { label: 'Moderate reviews', to: paths.moderateReviews },
        locator,
      ];
    case 'TEAM':
      return [
        home,
        { label: 'View stores', to: paths.viewStores, end: true },
        { label: 'Moderate reviews', to: paths.moderateReviews },
        changePassword,
      ];
    case 'SELLER':
      return [
        home,
        { label: 'My Store', to: paths.viewStore(user._id) },
        { label: 'Manage Products', to: paths.addProduct },
        locator,
        changePassword,
      ];
    case 'USER':
      // A seller whose application waits for approval: their store page shows its state.
      return [home, { label: 'My Store', to: paths.viewStore(user._id) }, locator, changePassword];
    case 'END_USER':
      return [
        home,
        locator,
        { label: 'Find experts', to: paths.skillDiscovery },
        { label: 'Refer a friend', to: paths.refer },
        changePassword,
      ];
  }
}
