import { paths } from '../../lib/routes';

/** The phrases the landing headline types in turn (spec section 2): keys in the `landing` catalogue. */
export const HEADLINE_PHRASES = ['phrase1', 'phrase2', 'phrase3'] as const;

/** The partner options of the landing menu (catalogue keys); "For Recruitment" carries a "New" badge. */
export const PARTNER_LINKS = [
  { label: 'joinAsExpert', to: paths.joinAsExpert, isNew: false },
  { label: 'brandDistributor', to: paths.joinAsBrand, isNew: false },
  { label: 'retailer', to: paths.joinAsRetailer, isNew: false },
  { label: 'forRecruitment', to: paths.skillDiscovery, isNew: true },
] as const;

/** Every applicant form, so no one has to guess a URL to join. */
/** The hero's ways in for a visitor (issue 39): ask, read the reviews, find a store, find a skill. */
export const EXPLORE_LINKS = [
  { label: 'exploreAsk', to: paths.askQuery },
  { label: 'explorePosts', to: paths.viewReviews },
  { label: 'exploreStores', to: paths.storeLocator },
  { label: 'exploreSkills', to: paths.skillDiscovery },
] as const;

export const JOIN_LINKS = [
  { label: 'joinEndUser', text: 'joinEndUserText', to: paths.joinAsEndUser },
  { label: 'joinExpert', text: 'joinExpertText', to: paths.joinAsExpert },
  {
    label: 'joinBrand',
    text: 'joinBrandText',
    to: paths.joinAsBrand,
  },
  { label: 'joinRetailer', text: 'joinRetailerText', to: paths.joinAsRetailer },
] as const;

/** The feature cards: keys of their title and text in the `landing` catalogue. */
export const FEATURES = [1, 2, 3, 4, 5].map((n) => ({ title: `feature${n}Title`, text: `feature${n}Text` }));
