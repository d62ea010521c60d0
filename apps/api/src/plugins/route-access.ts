import type { Role, TeamRight } from '@app/domain';

/** Who may send a request: a visitor without a session, or a signed-in user by role. */
export type Caller = 'anonymous' | Role;
export const CALLERS: readonly Caller[] = ['anonymous', 'END_USER', 'USER', 'SELLER', 'TEAM', 'ADMIN'];

/**
 * What a caller must own beyond the role.
 * - `{ param, staffToo }`: the route parameter names the caller's own user id; ADMIN and TEAM pass
 *   too when `staffToo`. Checked by the access hook before the handler runs.
 * - the named rules are checked by the service, which loads the record first:
 *   `own-product` the product belongs to the seller; `own-store` the call acts on the caller's own
 *   store only (the store is never named in the request); `own-account` the caller's own account.
 */
export type Ownership = { param: string; staffToo: boolean } | 'own-product' | 'own-store' | 'own-account';

export interface RouteAccess {
  /** `public`: anyone, visitors included; `signed-in`: any role; otherwise these roles only. */
  allow: 'public' | 'signed-in' | readonly Role[];
  owner?: Ownership;
  /**
   * The team right a TEAM caller must hold (decision 028); the admin holds every right, and other
   * roles the entry allows need none.
   */
  right?: TeamRight;
}

const PUBLIC: RouteAccess = { allow: 'public' };
const SIGNED_IN: RouteAccess = { allow: 'signed-in' };
const ADMIN: RouteAccess = { allow: ['ADMIN'] };
/** The admin, and team members the admin granted `right` (decision 028). */
export const staffWith = (right: TeamRight): RouteAccess => ({ allow: ['ADMIN', 'TEAM'], right });
const APPROVERS = staffWith('approve-sellers');
const MODERATORS = staffWith('moderate');
const ORDER_VIEWERS = staffWith('see-orders');
const SELLER_OWN_STORE: RouteAccess = { allow: ['SELLER'], owner: 'own-store' };
const SELLER_OWN_PRODUCT: RouteAccess = { allow: ['SELLER'], owner: 'own-product' };

/**
 * The one authorization table: every route under /api, keyed `METHOD /api/path` exactly as registered.
 * The access hook (access-control.ts) enforces `allow` and parameter ownership on every route from
 * this table; a route missing here answers 403 to everyone, and access-control.test.ts fails until
 * it gets an entry. HEAD follows GET. The Swagger pages under /api/docs describe the contract and
 * carry no data, so they are public by prefix.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/site/settings': PUBLIC,

  // Accounts and sessions
  'POST /api/users/login': PUBLIC,
  'POST /api/users/logout': SIGNED_IN,
  'GET /api/users/me': { allow: 'signed-in', owner: 'own-account' },
  'PATCH /api/users/me/preferences': { allow: 'signed-in', owner: 'own-account' },
  'POST /api/users/changePassword': { allow: 'signed-in', owner: 'own-account' },
  // The address book (decision 051): the caller's own addresses only, checked by the service.
  'GET /api/users/me/addresses': { allow: 'signed-in', owner: 'own-account' },
  'POST /api/users/me/addresses': { allow: 'signed-in', owner: 'own-account' },
  'PUT /api/users/me/addresses/:addressId': { allow: 'signed-in', owner: 'own-account' },
  'DELETE /api/users/me/addresses/:addressId': { allow: 'signed-in', owner: 'own-account' },
  'POST /api/users/me/addresses/:addressId/default': { allow: 'signed-in', owner: 'own-account' },
  // Before a session exists: a registrant proves the contact, a user who forgot resets by code.
  'POST /api/users/verifyContact': PUBLIC,
  'POST /api/users/resendVerificationCode': PUBLIC,
  'POST /api/users/sendVerificationCode': PUBLIC,
  'POST /api/users/verifyContactByLogin': PUBLIC,
  'POST /api/users/forgotPassword': PUBLIC,
  'POST /api/users/resetPassword': PUBLIC,

  // Contributions sent with an existing account's contact wait for its holder (issue 20): the code
  // publishes without a session; signed in, the holder publishes or discards their own.
  'GET /api/notifications/preferences': SIGNED_IN,
  'PUT /api/notifications/preferences': SIGNED_IN,
  'POST /api/notifications/unsubscribe': PUBLIC,
  // Privacy (decision 040): signed in, one's own account; without a password, by a code sent to
  // the account's own contact; the admin sees every deletion request.
  'GET /api/privacy/export': { allow: 'signed-in', owner: 'own-account' },
  'GET /api/privacy/deletionCheck': { allow: 'signed-in', owner: 'own-account' },
  'POST /api/privacy/deleteAccount': { allow: 'signed-in', owner: 'own-account' },
  'POST /api/privacy/code': PUBLIC,
  'POST /api/privacy/code/export': PUBLIC,
  'POST /api/privacy/code/deleteAccount': PUBLIC,
  'GET /api/admin/deletionRequests': ADMIN,
  'POST /api/contributions/confirm': PUBLIC,
  'POST /api/contributions/resendCode': PUBLIC,
  'GET /api/contributions/mine': SIGNED_IN,
  'POST /api/contributions/publish': SIGNED_IN,
  'POST /api/contributions/discard': SIGNED_IN,
  'GET /api/admin/contributions': MODERATORS,
  'POST /api/admin/contributions/decide': MODERATORS,

  // Seller approval: the admin and team members with the right. Team accounts and their rights:
  // only the admin decides who is on the team and what each member may do.
  'GET /api/users/getAllUserShopDetailsWithOutMobileAndEmail': APPROVERS,
  'POST /api/users/approveSeller': APPROVERS,
  'POST /api/users/rejectSeller': APPROVERS,
  'GET /api/admin/applicants/:id/contact': APPROVERS,
  'GET /api/admin/team': ADMIN,
  'POST /api/admin/team': ADMIN,
  'DELETE /api/admin/team/:id': ADMIN,
  'PUT /api/admin/team/:id/rights': ADMIN,
  // Messages held by the outbox carry codes and one-time passwords: the admin only.
  'GET /api/admin/outbox': ADMIN,
  // A backup copies every account and order: the admin only (decision 039).
  'POST /api/admin/backups': ADMIN,

  // Orders and payments. Anyone may buy (an account is made for an anonymous buyer); the service
  // applies the business-order rules. The order id is the thank-you page's unguessable capability.
  'POST /api/euOrder/saveOrder2': PUBLIC,
  'POST /api/euOrder/saveOrder3': PUBLIC,
  'POST /api/orders/saveOrder2': PUBLIC,
  'POST /api/euOrder/saveOrderWebWithoutPay': ADMIN,
  'POST /api/orders/saveOrderWebWithoutPay': ADMIN,
  'GET /api/orders/status/:orderId': PUBLIC,
  // The order id is the capability, as for its status; only an order still without an address takes one.
  'POST /api/orders/:orderId/deliveryAddress': PUBLIC,
  'POST /api/orders/retryPayment/:orderId': PUBLIC,
  'GET /api/orders/myOrders': SIGNED_IN,
  'GET /api/orders/sellerOrders': { allow: ['SELLER'], owner: 'own-store' },
  'POST /api/orders/updateFulfilment': { allow: ['SELLER', 'ADMIN'], owner: 'own-product' },
  'GET /api/orders/allOrders': ORDER_VIEWERS,
  // Settlements and rewards (decision 033): a seller reads their own ledger; money is the admin's.
  'GET /api/ledger/settlements': SELLER_OWN_STORE,
  'GET /api/ledger/settlements/csv': SELLER_OWN_STORE,
  // Anyone signed in reads the orders they referred (decision 055).
  'GET /api/ledger/referrals': SIGNED_IN,
  'GET /api/admin/ledger/accounts': ADMIN,
  'GET /api/admin/ledger/accounts/:id/settlements': ADMIN,
  'POST /api/admin/ledger/payouts': ADMIN,
  'GET /api/admin/ledger/rates': ADMIN,
  'PUT /api/admin/ledger/rates': ADMIN,
  // Tax documents (decision 031): the service lets the order's buyer, seller and order viewers in, and
  // a visitor holding the order id (the order page's own rule).
  'GET /api/invoices/:orderId': PUBLIC,
  'GET /api/invoices/:orderId/:documentId/pdf': PUBLIC,
  'GET /api/taxDetails': SELLER_OWN_STORE,
  'PUT /api/taxDetails': SELLER_OWN_STORE,
  // A seller's new GSTIN waits for the admin, who alone links accounts as one legal entity (decision 069).
  'GET /api/admin/gstins': ADMIN,
  'POST /api/admin/gstins/:id/approve': ADMIN,
  'POST /api/admin/gstins/:id/refuse': ADMIN,
  'GET /api/admin/legalEntities': ADMIN,
  'POST /api/admin/legalEntities/link': ADMIN,
  'POST /api/admin/legalEntities/unlink': ADMIN,
  // Cancellations and refunds (decision 030): the buyer by the order's capability or own account;
  // the seller for their own products and the admin move money back.
  'POST /api/orders/:orderId/cancel': PUBLIC,
  // The buyer's links (decision 063): the order's key opens it; the handlers check the key.
  'GET /api/orders/:orderId/open': PUBLIC,
  'POST /api/orders/:orderId/revokeLinks': PUBLIC,
  'POST /api/orders/:orderId/sendLink': PUBLIC,
  'POST /api/orders/:orderId/staffCancel': { allow: ['SELLER', 'ADMIN'], owner: 'own-product' },
  'POST /api/orders/:orderId/refunds': { allow: ['SELLER', 'ADMIN'], owner: 'own-product' },
  // Totals before paying and cash on delivery (decision 032): any visitor sees a product's store
  // terms; the seller sets their own and accepts or marks paid their own orders (the service checks).
  'GET /api/orders/terms/:productId': PUBLIC,
  'GET /api/shop/deliveryTerms': SELLER_OWN_STORE,
  'POST /api/shop/deliveryTerms': SELLER_OWN_STORE,
  'POST /api/orders/cod/accept': { allow: ['SELLER', 'ADMIN'], owner: 'own-product' },
  'POST /api/orders/cod/paidOnDelivery': { allow: ['SELLER', 'ADMIN'], owner: 'own-product' },
  // A COD refund: its buyer says where to pay it, its seller (or the admin) records the payout.
  'GET /api/orders/:orderId/refundPayouts': SIGNED_IN,
  'POST /api/orders/:orderId/refunds/:refundId/payoutDetails': SIGNED_IN,
  'POST /api/orders/:orderId/refunds/:refundId/payout': { allow: ['SELLER', 'ADMIN'], owner: 'own-product' },
  // Checkout's Validate buttons: id, name and role only, never contact data.
  'GET /api/users/getBuyerByMobile/:mobile': PUBLIC,
  'GET /api/users/getReferrerByMobile/:mobile': PUBLIC,
  // Business checkout without a session: the code goes to the seller account's own contact.
  'POST /api/users/businessBuyer/sendCode': PUBLIC,
  'POST /api/users/businessBuyer/verifyCode': PUBLIC,
  // Called by the payment provider; trusted only by its signature and a confirming fetch.
  'POST /api/payments/webhook': PUBLIC,

  // Skill discovery (decision 026): public posts for everyone; the service adds private ones for
  // their author and for proven accounts the admin approved as recruiters. Responses go through
  // the platform from proven accounts; only the admin decides who is a recruiter.
  'GET /api/skills/posts': PUBLIC,
  'GET /api/skills/requirements': PUBLIC,
  'GET /api/skills/requirements/:postId/matches': PUBLIC,

  // The header search: public content only (issue 22).
  'GET /api/search': PUBLIC,
  'GET /api/search/suggest': PUBLIC,
  'GET /api/skills/recruiter': SIGNED_IN,
  'POST /api/skills/recruiter': SIGNED_IN,
  'GET /api/skills/recruiters': ADMIN,
  'POST /api/skills/recruiters/:id/decision': ADMIN,
  'POST /api/skills/posts/:postId/responses': SIGNED_IN,
  'GET /api/skills/responses': SIGNED_IN,

  // Applications: before anyone has an account
  'POST /api/endUsers/registerNewUser': PUBLIC,
  'POST /api/users/registerNewUser': PUBLIC,
  'POST /api/users/singleStepOnboardUser': PUBLIC,
  'GET /api/users/myApplication': { allow: ['USER'], owner: 'own-account' },
  'GET /api/users/getUserbyEmail/:email': PUBLIC,
  'POST /api/endUsers/getEUserDetailsbyEmailId': PUBLIC,

  // Lookups; their upkeep is the admin's
  'GET /api/states/getAllStates': PUBLIC,
  'GET /api/city/getAllcities': PUBLIC,
  'GET /api/country/getAllCountries': PUBLIC,
  'GET /api/category/getAllParentCategory': PUBLIC,
  'GET /api/inflncr/getAllInflncrCate': PUBLIC,
  'GET /api/pincode/:pincode': PUBLIC,
  'POST /api/tag/searchTag': PUBLIC,
  'POST /api/admin/lookups/parent-categories': ADMIN,
  'PATCH /api/admin/lookups/parent-categories/:id': ADMIN,
  'POST /api/admin/lookups/child-categories': ADMIN,
  'PATCH /api/admin/lookups/child-categories/:id': ADMIN,
  'POST /api/admin/lookups/cities': ADMIN,
  'PATCH /api/admin/lookups/cities/:id': ADMIN,
  'POST /api/admin/lookups/influencer-categories': ADMIN,
  'PATCH /api/admin/lookups/influencer-categories/:id': ADMIN,
  'POST /api/admin/lookups/hashtags': ADMIN,
  'PATCH /api/admin/lookups/hashtags/:id': ADMIN,

  // Stores and the locator
  'GET /api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/:userId': PUBLIC,
  'GET /api/shop/getAllShopsDetailsWithoutUserInfo': PUBLIC,
  'POST /api/shop/searchShop': PUBLIC,
  'POST /api/shop/updateMyStore': SELLER_OWN_STORE,
  'POST /api/shop/updateSellerField': SELLER_OWN_STORE,
  'POST /api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter': PUBLIC,
  'POST /api/shop/getNearbyPartnerBrandStores': PUBLIC,
  'POST /api/shop/searchLocatorBrands': PUBLIC,
  'GET /api/locator/places': PUBLIC,

  // Products
  'GET /api/products/getProductOnId/:id': PUBLIC,
  'GET /api/products/getProductOnUserId/:id/:page/:limit': PUBLIC,
  'GET /api/products/getAllProductOnUserId/:id/true/:page/:limit': {
    allow: 'signed-in',
    owner: { param: 'id', staffToo: true },
  },
  'POST /api/products/createNewProduct': SELLER_OWN_STORE,
  'POST /api/products/updateProduct': SELLER_OWN_PRODUCT,
  'POST /api/products/enableDisablePrdct': SELLER_OWN_PRODUCT,
  'POST /api/products/searchPrdAttr': PUBLIC,
  'POST /api/products/getProductsOnBrandName': SIGNED_IN,
  'POST /api/products/getProductsOnBrandNameWithoutToken': PUBLIC,
  'POST /api/products/allBrands': PUBLIC,
  'POST /api/products/searchModels': PUBLIC,
  'POST /api/products/searchColours': PUBLIC,
  'POST /api/products/importCsv': SELLER_OWN_STORE,
  'GET /api/products/exportCsv': SELLER_OWN_STORE,

  // Uploads: applicant forms and anonymous reviews upload before anyone has an account
  'POST /api/media/upload': PUBLIC,

  // Posts, reviews and their moderation
  'POST /api/inflncr/addReview': PUBLIC,
  'GET /api/inflncr/getSpecificPost/:infId/:postId': PUBLIC,
  'GET /api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/:page/:limit': PUBLIC,
  'GET /api/inflncr/getInfluencerPosts/:id/all/:page/:limit': PUBLIC,
  'GET /api/inflncr/getPostsByTaggedStoreUserId/:id': PUBLIC,
  'GET /api/inflncr/getPostsByTaggedProductId/:id': PUBLIC,
  // Ratings (issue 41); the review an order asks for: its buyer signed in, or its link's key.
  'GET /api/products/getProductRatings/:productId': PUBLIC,
  'GET /api/shop/getStoreRatings/:userId': PUBLIC,
  'GET /api/orders/:orderId/review': PUBLIC,
  'POST /api/orders/:orderId/review': PUBLIC,
  // Helpful votes and a business's reply: proven accounts only; the services check whose post.
  'POST /api/inflncr/helpful/:postId': SIGNED_IN,
  'DELETE /api/inflncr/helpful/:postId': SIGNED_IN,
  'GET /api/inflncr/helpful/mine': SIGNED_IN,
  'PUT /api/inflncr/reply/:postId': SIGNED_IN,
  'GET /api/inflncr/reply/:postId/history': SIGNED_IN,
  'POST /api/queries/:queryId/answers/:postId/accept': SIGNED_IN,
  'POST /api/inflncr/getPostsByQueryId': PUBLIC,
  'POST /api/inflncr/updatePostDetWeb': MODERATORS,
  'GET /api/inflncr/getPostsForModeration/:page/:limit': MODERATORS,
  'GET /api/inflncr/getSinlgeInfluencerDetailsWithOutMobileAndEmail/:id': PUBLIC,
  'GET /api/inflncr/getAllInfluencers': PUBLIC,

  // Moderation (decision 027): anyone reports; the admin and team members with the "moderate"
  // right hide, restore and remove, and read the reports.
  'POST /api/posts/report': PUBLIC,
  'POST /api/moderation/posts/act': MODERATORS,
  'POST /api/moderation/posts/undo': MODERATORS,
  'GET /api/moderation/reported/:page/:limit': MODERATORS,
  'GET /api/moderation/posts/:postId/history': MODERATORS,
  'GET /api/moderation/authors/:userId': MODERATORS,
  'POST /api/moderation/posts/:postId/removeReply': MODERATORS,

  // Mentions (tags)
  // A profile's owner accepts or declines tags of their own profile (the service checks the owner).
  'GET /api/mention/pending': SIGNED_IN,
  'POST /api/mention/decide': SIGNED_IN,
  'GET /api/mention/settings': SIGNED_IN,
  'POST /api/mention/settings': SIGNED_IN,
  'POST /api/mention/getAllMentionsWithSourcePostWithOutMobileAndEmail': PUBLIC,
  'POST /api/mention/getAllMentionsWithSourcePostByTaggedStore': PUBLIC,
  'POST /api/mention/getAllMentionsWithSourcePostByTaggedStoreWithUserId': PUBLIC,
  'POST /api/mention/getAllValidatedMentionsWithSourcePostForServiceProviders': PUBLIC,
  'POST /api/mention/getMyItems': PUBLIC,

  // Queries and search
  'POST /api/app/webSearch': PUBLIC,
  'POST /api/app/search': PUBLIC,
  'POST /api/userData/getAllUniqueSearcheswithUserInfo': PUBLIC,
  'POST /api/userData/getAllUniqueWithFilterKeySearcheswithUserInfo': PUBLIC,
  'POST /api/queries/getAllQueries': PUBLIC,
  'GET /api/queries/getQuery/:id': PUBLIC,
  'GET /api/queries/answeredOf/:userId': PUBLIC,
  'GET /api/queries/askedOfMe': SIGNED_IN,
  'GET /api/queries/askedOfMe/counts': SIGNED_IN,
  'POST /api/adminDataColl/reachoutCreator': PUBLIC,
};

export const PUBLIC_PREFIXES: readonly string[] = ['/api/docs'];

/** The table's entry for a registered route, or undefined when it has none. */
export function accessOf(method: string, url: string): RouteAccess | undefined {
  if (PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return PUBLIC;
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return Object.hasOwn(ROUTE_ACCESS, key) ? ROUTE_ACCESS[key] : undefined;
}

/**
 * Whether the table lets this caller through the role gate (ownership aside). A TEAM caller also
 * needs the entry's right among `rights` (none when not given).
 */
export function roleAllows(access: RouteAccess, caller: Caller, rights: readonly TeamRight[] = []): boolean {
  if (access.allow === 'public') return true;
  if (caller === 'anonymous') return false;
  if (access.allow !== 'signed-in' && !access.allow.includes(caller)) return false;
  return !(caller === 'TEAM' && access.right && !rights.includes(access.right));
}
