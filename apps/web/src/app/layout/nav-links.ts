import { hasTeamRight, type Role, type TeamRight } from '@app/domain';
import { paths } from '../../lib/routes';

export interface NavItem {
  label: string;
  /** Shown instead of `label` on wide screens (the spec's "Reviews" below 834 px, "Posts" above). */
  wideLabel?: string;
  to: string;
  /** Matches only the exact path (Home would otherwise be active everywhere). */
  end?: boolean;
}

/**
 * The header's pages for each kind of visitor: what each may use, so no inner page is a dead end
 * with only Home and Login. The server still decides access; this only offers the way there.
 */
export function navLinksFor(
  user: { _id: string; profile: { role: Role; rights?: readonly TeamRight[] | undefined } } | null,
): NavItem[] {
  const home: NavItem = { label: 'Home', to: paths.home, end: true };
  const locator: NavItem = { label: 'Store Locator', to: paths.storeLocator };
  const changePassword: NavItem = { label: 'Change password', to: paths.changePassword };
  const myAccount: NavItem = { label: 'My Account', to: paths.myAccount };
  // Asking, answering and reviewing are open to everyone but staff.
  const social: NavItem[] = [
    { label: 'Ask a Query', to: paths.askQuery },
    { label: 'Answer a Query', to: paths.answerQuery },
    { label: 'Add Review', wideLabel: 'Add Post', to: paths.addReview, end: true },
    { label: 'Reviews', wideLabel: 'Posts', to: paths.viewReviews },
    { label: 'Validated Reviews', wideLabel: 'Validated Posts', to: paths.validatedReviews },
  ];
  if (!user) {
    return [
      home,
      ...social,
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
        { label: 'Orders', to: paths.adminOrders },
        { label: 'Payouts', to: paths.payouts },
        { label: 'Recruiters', to: paths.manageRecruiters },
        { label: 'Team', to: paths.manageTeam },
        locator,
      ];
    case 'TEAM': {
      // Only what the admin lets this member open (decision 028).
      const may = (right: TeamRight) => hasTeamRight(user.profile, right);
      return [
        home,
        ...(may('approve-sellers') ? [{ label: 'Approve Sellers', to: paths.manageSeller }] : []),
        { label: 'View stores', to: paths.viewStores, end: true },
        ...(may('moderate') ? [{ label: 'Moderate reviews', to: paths.moderateReviews }] : []),
        ...(may('see-orders') ? [{ label: 'Orders', to: paths.adminOrders }] : []),
        changePassword,
      ];
    }
    case 'SELLER':
      return [
        home,
        { label: 'My Store', to: paths.viewStore(user._id) },
        { label: 'Manage Products', to: paths.addProduct },
        { label: 'Orders', to: paths.sellerOrders },
        { label: 'Settlements', to: paths.settlements },
        locator,
        changePassword,
      ];
    case 'USER':
      // An applicant waiting for approval: their account page shows its state.
      return [home, myAccount, locator, changePassword];
    case 'END_USER':
      return [
        home,
        myAccount,
        { label: 'Orders', to: paths.myOrders },
        ...social,
        locator,
        { label: 'Find experts', to: paths.skillDiscovery },
        { label: 'Refer a friend', to: paths.refer },
        changePassword,
      ];
  }
}
