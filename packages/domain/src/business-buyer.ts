import { z } from './zod.js';
import { contactSchema } from './names-and-numbers.js';
import { CONTACT_CODE } from './verification.js';
import { gstinProblem, gstStateCodeOf } from './gst.js';

// Business checkout without a session (issue 38, decision 056): a business buyer is a seller, and
// the person typing a seller's number proves it is theirs with a code sent to that seller's contact
// before wholesale prices apply.

export const BUSINESS_MESSAGES = {
  forSellers: 'Business orders are for sellers. Apply as a retailer to buy at wholesale prices.',
  proofExpired: 'Your number was confirmed too long ago. Validate it again to order at wholesale prices.',
  unconfirmedBuyer:
    'The buyer has not confirmed their number yet: this business order ships once they enter the code sent to their seller account.',
} as const;

/** How long a proven number may place business orders without signing in. */
export const BUSINESS_PROOF_MINUTES = 60;

/** The header an order carries the proof in; its body stays the spec's order request. */
export const BUSINESS_PROOF_HEADER = 'x-business-proof';

export const businessCodeRequestSchema = z.object({ mobile: contactSchema });
export type BusinessCodeRequest = z.input<typeof businessCodeRequestSchema>;

export const businessCodeCheckSchema = z.object({
  mobile: contactSchema,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CONTACT_CODE.digits}}$`), `Enter the ${CONTACT_CODE.digits}-digit code`),
});
export type BusinessCodeCheck = z.input<typeof businessCodeCheckSchema>;

export const businessCodeSentSchema = z.object({
  status: z.number(),
  message: z.string(),
  /** Where the code went, masked ("your e-mail m***@example.com"). */
  sentTo: z.string(),
});

export const businessProofSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: z.object({ proof: z.string(), expiresAt: z.string() }),
});
export type BusinessProof = z.output<typeof businessProofSchema>['data'];

/**
 * The buyer's GSTIN on a business order, printed on its tax invoice (a B2B invoice). Optional; when
 * given it must be valid and belong to the state of the delivery address (the place of supply).
 */
export const orderGstinSchema = z
  .union([z.literal(''), z.string().trim()])
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined))
  .superRefine((v, ctx) => {
    const problem = v === undefined ? null : gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What is wrong with a GSTIN for a delivery to `state`, or null. An unknown state is not judged. */
export function gstinStateProblem(gstin: string, state: string): string | null {
  const code = gstStateCodeOf(state);
  if (!code || gstin.slice(0, 2) === code) return null;
  return `This GSTIN is registered in another state than ${state.trim()}: use the GSTIN of the state you deliver to`;
}
