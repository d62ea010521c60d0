import { hasTeamRight, type Role, type TeamRight } from '@app/domain';
import { paths } from '../../lib/routes';

export interface NavItem {
  /** The label's key in the `common` catalogue (the header translates it). */
  label: string;
  /** Shown instead of `label` on wide screens (the spec's "Reviews" below 834 px, "Posts" above). */
  wideLabel?: string;
  to: string;
  /** Matches only the exact path (Home would otherwise be active everywhere). */
  end?: boolean;
  /** Shows the number of questions waiting for the person's answer beside the label. */
  counts?: 'unanswered-questions';
}

/**
 * The header's pages for each kind of visitor: what each may use, so no inner page is a dead end
 * with only Home and Login. The server still decides access; this only offers the way there.
 */
export function navLinksFor(
  user: { _id: string; profile: { role: Role; rights?: readonly TeamRight[] | undefined } } | null,
  /** Whether anyone has asked the person's creator profile a question (sellers always see Questions). */
  askedQuestions = false,
): NavItem[] {
  const questions: NavItem = { label: 'navQuestions', to: paths.questions, counts: 'unanswered-questions' };
  const home: NavItem = { label: 'navHome', to: paths.home, end: true };
  const locator: NavItem = { label: 'navStoreLocator', to: paths.storeLocator };
  const changePassword: NavItem = { label: 'navChangePassword', to: paths.changePassword };
  const myAccount: NavItem = { label: 'navMyAccount', to: paths.myAccount };
  // Asking, answering and reviewing are open to everyone but staff.
  const social: NavItem[] = [
    { label: 'navAskQuery', to: paths.askQuery },
    { label: 'navAnswerQuery', to: paths.answerQuery },
    { label: 'navAddReview', wideLabel: 'navAddPost', to: paths.addReview, end: true },
    { label: 'navReviews', wideLabel: 'navPosts', to: paths.viewReviews },
    { label: 'navValidatedReviews', wideLabel: 'navValidatedPosts', to: paths.validatedReviews },
    // The spec's Generic menu lists the stores as shoppers see them (consumer prices).
    { label: 'navViewStores', to: paths.viewStoresAs('true') },
  ];
  if (!user) {
    return [
      home,
      ...social,
      locator,
      { label: 'navCreateAccount', to: paths.joinAsEndUser },
      { label: 'navLogin', to: paths.login },
    ];
  }
  switch (user.profile.role) {
    case 'ADMIN':
      return [
        { label: 'navApproveSellers', to: paths.manageSeller },
        { label: 'navViewStores', to: paths.viewStores, end: true },
        { label: 'navModerateReviews', to: paths.moderateReviews },
        { label: 'navOrders', to: paths.adminOrders },
        { label: 'navPayouts', to: paths.payouts },
        { label: 'navRecruiters', to: paths.manageRecruiters },
        { label: 'navTeam', to: paths.manageTeam },
        locator,
      ];
    case 'TEAM': {
      // Only what the admin lets this member open (decision 028).
      const may = (right: TeamRight) => hasTeamRight(user.profile, right);
      return [
        home,
        ...(may('approve-sellers') ? [{ label: 'navApproveSellers', to: paths.manageSeller }] : []),
        { label: 'navViewStores', to: paths.viewStores, end: true },
        ...(may('moderate') ? [{ label: 'navModerateReviews', to: paths.moderateReviews }] : []),
        ...(may('see-orders') ? [{ label: 'navOrders', to: paths.adminOrders }] : []),
        changePassword,
      ];
    }
    case 'SELLER':
      return [
        home,
        { label: 'navMyStore', to: paths.viewStore(user._id) },
        { label: 'navManageProducts', to: paths.addProduct },
        { label: 'navOrders', to: paths.sellerOrders },
        questions,
        { label: 'navSettlements', to: paths.settlements },
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
        { label: 'navOrders', to: paths.myOrders },
        ...(askedQuestions ? [questions] : []),
        ...social,
        locator,
        { label: 'navFindExperts', to: paths.skillDiscovery },
        { label: 'navReferFriend', to: paths.refer },
        changePassword,
      ];
  }
}
