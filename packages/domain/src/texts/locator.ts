// Texts of `locator.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

export const LOCATOR_MESSAGES = {
  /** Spec section 8: a failed geolocation is only logged; the button stays disabled. */
  locationFailed: 'Unable to retrieve your location',
  needCategoryOrBrand: 'Choose a category or a brand',
  notBoth: 'Choose either a category or a brand, not both',
  noStores: 'No stores found near you',
  noPartnerStores: 'No partner stores found near you',
} as const;

export const PLACE_MESSAGES = {
  unknownPincode: 'This pincode is not in India Post’s directory; check the 6 digits',
  noPlaces: 'No stores in this pincode, area or city yet',
} as const;
