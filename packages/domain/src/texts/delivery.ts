// Texts of `delivery.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

/** How each cash-on-delivery state reads to the buyer, the seller and the admin. */
export const COD_STATE_TEXT = {
  waiting: 'Cash on delivery: waiting for the seller',
  accepted: 'Accepted',
  paid: 'Paid on delivery',
} as const;
