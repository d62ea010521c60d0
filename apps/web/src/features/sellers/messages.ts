import type { SellerListItem } from '@app/domain';

// Texts of spec sections 2 and 8, spelt as the spec has them ("Acivated").
export const SELLER_MESSAGES = {
  activated: 'Seller Acivated!',
  alreadyActivatedSuffix: 'and now Activated!',
  approvedSuccessfully: 'Approved Successfully',
  noneWaiting: 'No applicants are waiting for approval',
  rejected: 'Application rejected; the applicant sees your reason when they log in',
  storeNotFound: 'Store not found',
} as const;

/** Statuses the spec's approval client treats as "done anyway": alert the message and reload. */
export const APPROVAL_SOFT_FAILURES: ReadonlySet<number> = new Set([404, 406, 409]);

/** What each kind of applicant applied as, in the admin's words. */
export const KIND_LABELS: Record<NonNullable<SellerListItem['kind']>, string> = {
  expert: 'Expert',
  brand: 'Brand',
  retailer: 'Retailer',
  customer: 'Customer',
};
