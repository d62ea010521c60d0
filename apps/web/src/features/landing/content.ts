import { paths } from '../../lib/routes';

/** The phrases the landing headline types in turn (spec section 2). */
export const HEADLINE_PHRASES = [
  'Personal Experiences',
  'Reviews and feedbacks',
  'Expert curated content',
] as const;

/** The partner options of the landing menu; "For Recruitment" carries a "New" badge. */
export const PARTNER_LINKS = [
  { label: 'Join as Expert', to: paths.joinAsExpert, isNew: false },
  { label: 'Brand / Distributor', to: paths.joinAsBrand, isNew: false },
  { label: 'Retailer', to: paths.joinAsRetailer, isNew: false },
  { label: 'For Recruitment', to: paths.skillDiscovery, isNew: true },
] as const;

/** Every applicant form, so no one has to guess a URL to join. */
export const JOIN_LINKS = [
  { label: 'Create an account', text: 'Ask, review and shop as a customer.', to: paths.joinAsEndUser },
  { label: 'Apply as Expert', text: 'Answer queries in your field.', to: paths.joinAsExpert },
  {
    label: 'Join as Brand / Distributor',
    text: 'List your catalogue and reach retailers.',
    to: paths.joinAsBrand,
  },
  { label: 'Join as Retailer', text: 'Get a store page and be found nearby.', to: paths.joinAsRetailer },
] as const;

export const FEATURES = [
  {
    title: 'Ask brands, stores and experts',
    text: 'Post a query about a product, a store or a service and get answers straight from the brand, the store or an expert who knows it.',
  },
  {
    title: 'Honest and validated reviews',
    text: 'Read reviews from people who used the product. Validated reviews are confirmed by others and verified purchases are marked.',
  },
  {
    title: 'Find a store nearby',
    text: 'Search by category or brand and get directions to partner stores close to you.',
  },
  {
    title: 'Buy what was reviewed',
    text: 'Liked a review? Order the product it talks about in a few taps, right from the review.',
  },
  {
    title: 'A digital catalogue for sellers',
    text: 'Brands and retailers list their products with retail and wholesale prices and share the catalogue with a link.',
  },
] as const;
