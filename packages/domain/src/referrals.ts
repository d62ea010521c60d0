import { z } from './zod.js';
import { ID_PATTERN } from './ids.js';
import { envelope } from './envelope.js';
export { REFERRAL_WINDOW_DAYS, referralIsCurrent } from './referral-window.js';

// Referral attribution (issue 38, decision 055): who brought a buyer, from /refer?rid=… or from a
// referrer's contact number validated at checkout, and what that referrer sees.

/**
 * The order payload's `influencerDetails` (spec section 3): the referrer from /refer. `_id` is the
 * referrer's account id as /refer stored it under `rid`; `referredAt` when the visitor came through
 * the link. An id that is not one of ours is dropped, not refused: an order is never turned away
 * over its referral, and the spec's clients may send other keys, which are ignored.
 */
export const influencerDetailsSchema = z
  .object({
    _id: z
      .string({ error: 'The referrer id must be text' })
      .trim()
      .max(64, 'The referrer id is too long')
      .optional()
      .nullable()
      .transform((v) => (v && ID_PATTERN.test(v) ? v : undefined)),
    referredAt: z.iso
      .datetime({ offset: true, error: 'Use an ISO date and time for referredAt' })
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
  })
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);
export type InfluencerDetails = z.input<typeof influencerDetailsSchema>;

/** How an order got its referrer: a validated contact number at checkout, or a /refer link. */
export const REFERRAL_VIA = ['contact', 'link'] as const;
export type ReferralVia = (typeof REFERRAL_VIA)[number];

/**
 * The referrer as the seller and the admin see it on an order: a name, never a contact. `self`
 * when the buyer referred themselves (recorded, earns nothing).
 */
export const orderReferrerViewSchema = z.object({
  name: z.string(),
  via: z.enum(REFERRAL_VIA),
  self: z.boolean(),
});
export type OrderReferrerView = z.infer<typeof orderReferrerViewSchema>;

/**
 * Where a referred order's reward stands (decision 033): NONE (the buyer's own order, or nothing
 * paid), PENDING (earned when delivered), EARNED, REVERSED (refunded after it was earned), LOST
 * (cancelled or never paid before delivery).
 */
export const REWARD_STATES = ['NONE', 'PENDING', 'EARNED', 'REVERSED', 'LOST'] as const;
export type RewardState = (typeof REWARD_STATES)[number];

const ENDED_UNDELIVERED = ['CANCELLED', 'FAILED', 'REFUNDED', 'REFUND_DUE'];

export function rewardStateOf(order: {
  rewardRupees: number;
  paymentState: string;
  fulfilment: string;
  cancelled: boolean;
  /** What the reward ledger holds for this order, EARNED less REVERSED; null when it has no row. */
  bookedPaise: number | null;
}): RewardState {
  if (order.rewardRupees <= 0) return 'NONE';
  if (order.bookedPaise !== null) return order.bookedPaise > 0 ? 'EARNED' : 'REVERSED';
  if (order.cancelled || ENDED_UNDELIVERED.includes(order.paymentState)) return 'LOST';
  return 'PENDING';
}

/** One order the signed-in account referred: no buyer, no address, no contact. */
export const referredOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  createdAt: z.string(),
  amount: z.number().int(),
  via: z.enum(REFERRAL_VIA),
  self: z.boolean(),
  /** The 2 % reward this order carries, in whole rupees (0 for the buyer's own order). */
  reward: z.number().int(),
  rewardState: z.enum(REWARD_STATES),
  /** What was booked for it so far, in rupees (paise as decimals). */
  booked: z.number(),
});
export type ReferredOrder = z.infer<typeof referredOrderSchema>;

/** The referrer's page: their referred orders, newest first, and their reward balances in rupees. */
export const referredOrdersResponseSchema = envelope(
  z.object({
    orders: z.array(referredOrderSchema),
    remaining_reward_amount: z.number(),
    total_rewards_rolledout: z.number(),
  }),
);
export type ReferredOrdersResponse = z.infer<typeof referredOrdersResponseSchema>;
