import { z } from './zod.js';
import { envelope } from './envelope.js';
import { ID_PATTERN, idSchema } from './ids.js';

// The admin's side of sellers' GSTINs (issue 40, decision 069): a GSTIN a seller gives waits for
// approval before their tax documents print it, and one GSTIN serves several seller accounts only
// when the admin linked them as one legal entity.

export const GSTIN_REFUSAL_REASON_LENGTH = { min: 3, max: 500 } as const;

/** A seller account as the admin picks it: its owner, store and approved GSTIN. */
export const gstinSellerSchema = z.object({
  sellerUserId: idSchema,
  name: z.string(),
  storeName: z.string(),
  /** The GSTIN its documents print now; '' when none is approved. */
  gstin: z.string(),
});
export type GstinSeller = z.infer<typeof gstinSellerSchema>;

/** A GSTIN waiting for the admin, with what they check it against. */
export const pendingGstinSchema = z.object({
  _id: idSchema,
  seller: gstinSellerSchema,
  /** The state the store is in, as the seller typed it: the GSTIN is registered there. */
  storeState: z.string(),
  legalName: z.string(),
  gstin: z.string(),
  pan: z.string(),
  requestedAt: z.string(),
  /** Accounts linked with this one as one legal entity that hold or ask for the same GSTIN. */
  sharedWith: z.array(gstinSellerSchema),
  /**
   * Seller accounts not linked with this one whose documents carry this GSTIN, or who ask for it:
   * approving it is refused until the admin links them (or refuses it).
   */
  heldUnlinked: z.array(gstinSellerSchema),
});
export type PendingGstin = z.infer<typeof pendingGstinSchema>;
export const pendingGstinListResponseSchema = envelope(z.array(pendingGstinSchema));

export const gstinRequestParamsSchema = z.object({ id: idSchema });

export const refuseGstinRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(GSTIN_REFUSAL_REASON_LENGTH.min, 'Give the seller a reason')
    .max(
      GSTIN_REFUSAL_REASON_LENGTH.max,
      `Keep the reason under ${GSTIN_REFUSAL_REASON_LENGTH.max} characters`,
    ),
});
export type RefuseGstinRequest = z.infer<typeof refuseGstinRequestSchema>;

/** The accounts linked as one legal entity, and every seller account to link from. */
export const legalEntitiesSchema = z.object({
  groups: z.array(z.object({ _id: z.string(), members: z.array(gstinSellerSchema) })),
  sellers: z.array(gstinSellerSchema),
});
export type LegalEntities = z.infer<typeof legalEntitiesSchema>;
export const legalEntitiesResponseSchema = envelope(legalEntitiesSchema);

export const SAME_ACCOUNT_TWICE = 'Choose two different seller accounts';

/** A seller account the admin picks from a list: none picked yet says so. */
const pickedSeller = z.string().min(1, 'Choose a seller account').regex(ID_PATTERN, 'Must be a valid id');

export const linkSellerAccountsRequestSchema = z
  .object({
    sellerUserId: pickedSeller,
    /** The account to link it with; an account already linked brings its whole group. */
    withSellerUserId: pickedSeller,
  })
  .refine((d) => d.sellerUserId !== d.withSellerUserId, {
    path: ['withSellerUserId'],
    message: SAME_ACCOUNT_TWICE,
  });
export type LinkSellerAccountsRequest = z.infer<typeof linkSellerAccountsRequestSchema>;

export const unlinkSellerAccountRequestSchema = z.object({ sellerUserId: pickedSeller });
export type UnlinkSellerAccountRequest = z.infer<typeof unlinkSellerAccountRequestSchema>;
