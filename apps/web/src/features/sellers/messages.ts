import type { SellerListItem } from '@app/domain';

// The spec's texts of sections 2 and 8 ("Seller Acivated!", …) are in the `stores` catalogue.

/** Statuses the spec's approval client treats as "done anyway": alert the message and reload. */
export const APPROVAL_SOFT_FAILURES: ReadonlySet<number> = new Set([404, 406, 409]);

/** What each kind of applicant applied as, in the admin's words: keys of the `stores` catalogue. */
export const KIND_KEYS: Record<NonNullable<SellerListItem['kind']>, string> = {
  expert: 'applicantKindExpert',
  brand: 'applicantKindBrand',
  retailer: 'applicantKindRetailer',
  customer: 'applicantKindCustomer',
};
