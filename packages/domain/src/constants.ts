// Business constants of spec section 9; both the web app and the API read them from here.

export const CONTACT_DIGITS = 10;
export const PINCODE_DIGITS = 6;
export const YEARS_OF_EXPERIENCE = { min: 0, max: 99 } as const;
export const MAX_EXTRA_SOCIAL_LINKS = 3;
export const MAX_POST_LINKS = 5;
export const PRODUCT_DESCRIPTION_MAX = 300;
export const SEARCH_PAGE_LIMIT = 100;
export const ASK_QUERY_BUTTON_DELAY_MS = 5500;
export const WIDE_LAYOUT_MIN_WIDTH = 834;
export const TYPING_SPEED_MS = 40;
export const FREE_DELIVERY_VALUE = '100';

/** The terms' age rule ("users 18 or older"), refused by the API and shown by every consent box. */
export const ADULT_REQUIRED = 'You must be 18 or older to use Revuhub';

/** Images are compressed in the browser to this size before upload (spec section 5). */
export const IMAGE_COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 1920 } as const;

export const FIELD_BORDER_COLOURS = { valid: '#B3CEF2', error: '#CE0F0F' } as const;

/** Local storage keys exactly as the existing clients use them. */
export const STORAGE_KEYS = { token: 'auth_token', userData: 'user-data', referrerId: 'rid' } as const;

export const TOAST_MESSAGES = {
  accountSaved: 'Your account has been saved',
  querySaved: 'Your Query has been saved',
  reviewSaved: 'Your review has been saved',
  error: 'There was an error',
} as const;

export const MESSAGES = {
  noAdminRights: 'You dont have admin rights!',
  noTeamRights: 'You dont have team rights!',
  notAuthorized: 'You are not authorized!',
  uploadFailed: 'Error While uploading, retry!!',
  processing: 'Procecssing.....',
  sellerNotActivated: 'Seller Account not activated!!',
  noResults: 'No results found!',
} as const;

/** Ask-query radio values (spec section 9), plus the influencer-scoped form's own scope. */
export const QUERY_SCOPES = ['anything', 'brand', 'store', 'service', 'influencer'] as const;

/** The longest text a search takes (the header's, the landing page's and the results page's box). */
export const SEARCH_TEXT_MAX = 100;

/**
 * The web app's page for the review an order asks for (issue 41); the buyer's message links here
 * with `?key=`. Here, with no zod, so the app's route table can import it without the schemas.
 */
export const orderReviewPath = (orderId: string) => `/revieworder/${encodeURIComponent(orderId)}`;
