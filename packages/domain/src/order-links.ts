import { z } from './zod.js';

// An order's link (issue 40, decision 063): the order id is a reference people see in lists,
// screenshots and messages, and unlocks nothing. What opens an order to someone not signed in as
// its buyer is its key: in the link of the buyer's messages, and in an HttpOnly cookie on the
// device that placed it. Clients that keep no cookies send it in this header.

/** The header an order's key may come in, beside the cookie the placing device holds. */
export const ORDER_KEY_HEADER = 'x-order-key';

/** An order key as sent: base64url, as the server makes them. */
export const orderKeySchema = z
  .string()
  .trim()
  .max(100, 'The order key is too long')
  .regex(/^[A-Za-z0-9_-]*$/, 'The order key is not valid');

export const orderKeyHeadersSchema = z.object({
  [ORDER_KEY_HEADER]: orderKeySchema
    .optional()
    .describe(
      "The order's key, from the link in the buyer's messages. The device that placed the order holds it " +
        'in an HttpOnly cookie instead; the buyer signed in needs neither. It opens the order until seven days ' +
        'after delivery or cancellation (the return window); after that only a link asked for again ' +
        '(`POST /api/orders/{orderId}/sendLink`, sent to the contact given at checkout) does, for a day.',
    ),
});

export const orderOpenQuerySchema = z.object({ key: orderKeySchema.default('') });

/**
 * The return window: how long after delivery (or cancellation) an order's key keeps opening it
 * (issue 40). Past it, the order is closed business: its buyer signed in still sees it, and anyone
 * else gets a fresh link that opens it for LATE_LINK_HOURS by asking for it to be sent to the
 * contact given at checkout ("Send me the link again"), for the tax documents kept for years.
 */
export const RETURN_WINDOW_DAYS = 7;

/** How long a link sent after the return window opens the order. */
export const LATE_LINK_HOURS = 24;
