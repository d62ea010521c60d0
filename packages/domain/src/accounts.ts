import { z } from './zod.js';
import { capitalEnvelope } from './envelope.js';
import { idSchema } from './ids.js';
import { roleSchema } from './roles.js';

/** A seller as the admin approval page lists it: no password, e-mail or mobile ever leaves the API. */
export const sellerListItemSchema = z.object({
  _id: idSchema,
  ownerName: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  shops: z.array(z.object({ _id: idSchema, name: z.string() })),
  affiliate_code: z.string(),
  remaining_reward_amount: z.number(),
  total_rewards_rolledout: z.number(),
  createdAt: z.string(),
});
export type SellerListItem = z.infer<typeof sellerListItemSchema>;
export const sellerListResponseSchema = capitalEnvelope(z.array(sellerListItemSchema));

/**
 * The spec's client sends `{_id, password}`; the password is accepted for compatibility and ignored:
 * approval is an admin action checked on the server, not a credential check.
 */
export const approveSellerRequestSchema = z.object({
  _id: idSchema,
  password: z.string().max(200).optional(),
});
export type ApproveSellerRequest = z.infer<typeof approveSellerRequestSchema>;

/** Sellers waiting for approval: at least one shop and a role other than SELLER (spec section 5). */
export function isApprovable(user: { role: string; shops: readonly unknown[] }): boolean {
  return user.shops.length > 0 && user.role !== 'SELLER' && user.role !== 'ADMIN' && user.role !== 'TEAM';
}
