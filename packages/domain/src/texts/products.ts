// Texts of `products.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

/**
 * Prices are whole Indian rupees everywhere (API, database, CSV, screens): the seller form parses
 * every price to an integer (spec section 5), so paise never appear.
 */
export const PRICE_UNIT = 'INR (whole rupees)' as const;

export const CREDIT_PERIOD_LABELS = { '0': 'None', '1': '1 month', '2': '2 months' } as const;

/** Messages of spec section 8 for the seller console. */
export const PRODUCT_MESSAGES = {
  added: 'The product is added successfully',
  statusUpdated: 'product updated!',
  statusNotUpdated: 'not updated!',
  sellerFieldFailed: 'something went wrong!',
  variantFailed: 'Wrong details!',
  sizeAdded: (size: string) => `Size: ${size} is added successfully`,
  sizeNotAdded: (size: string) => `Size: ${size} is not added`,
} as const;
