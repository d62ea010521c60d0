// Texts of `orders.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).

export const ORDER_MESSAGES = {
  placed: 'Your order has been placed',
  validate: 'Validate',
  validated: 'Validated',
  sellerNotActivated: 'Seller Account not activated!!',
  outOfStock: 'Not enough stock for this quantity',
  tooManyUnpaid:
    'You already have orders waiting for payment. Pay or cancel one of them, or try again in a few minutes',
  tooManyUnitsUnpaid: (units: number) =>
    `At most ${units} of one product can wait for payment at a time. Pay for the order you have, then order more`,
  /** "Send me the link again" (issue 40): said whoever asks, so it tells nothing of the buyer. */
  linkSentAgain: 'The link to this order is on its way to the e-mail and mobile number given at checkout',
  linkAskedRecently: 'The link to this order was sent a few minutes ago. Please check your messages',
} as const;
