import { z } from './zod.js';

// The order number people quote (in messages, on invoices, in every order list) and how the
// seller's and admin's order lists find an order by it.

export const ORDER_NUMBER_PREFIX = 'RH-';

/** The short number a buyer and a seller quote for an order: the end of its id, upper-cased. */
export function orderNumberOf(orderId: string): string {
  return `${ORDER_NUMBER_PREFIX}${orderId.slice(-8).toUpperCase()}`;
}

/**
 * What a person types to find an order: its number ("RH-1A2B3C4D", any case, with or without the
 * prefix), the last few characters of it, or the whole order id.
 */
export const orderNumberSearchSchema = z
  .string()
  .trim()
  .max(40, 'Type an order number like RH-1A2B3C4D')
  .regex(/^(?:RH-?)?[0-9a-f]{2,24}$/i, 'Type an order number like RH-1A2B3C4D, or its last characters');

/** The end of the order id that a valid search names, lower-case as ids are. */
export function orderIdTailOf(search: string): string {
  return search.trim().replace(/^RH-?/i, '').toLowerCase();
}

/**
 * The seller's order list filter, each derived from the order's payment and delivery states:
 * unpaid (stock held while the buyer pays), to-accept (cash on delivery waiting for the seller),
 * to-dispatch, dispatched, delivered, cancelled (on purpose, or an unpaid hold that ran out) and
 * refunded (in part or in full, or due). A partly refunded order is both refunded and, until it
 * goes out, to dispatch.
 */
export const SELLER_ORDER_STATES = [
  'unpaid',
  'to-accept',
  'to-dispatch',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type SellerOrderState = (typeof SELLER_ORDER_STATES)[number];

export const sellerOrdersQuerySchema = z.object({
  state: z
    .enum(SELLER_ORDER_STATES, { error: `Choose one of: ${SELLER_ORDER_STATES.join(', ')}` })
    .optional(),
  number: orderNumberSearchSchema.optional(),
});
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuerySchema>;
