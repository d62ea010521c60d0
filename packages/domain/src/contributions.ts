import { z } from './zod.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { contactCodeSchema } from './verification.js';
import { CONTRIBUTION_MESSAGES } from './texts/contributions.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { CONTRIBUTION_MESSAGES } from './texts/contributions.js';

// A review, tag, query or order sent without an account, with the contact of an existing account,
// waits for that account's holder to confirm it (issue 20): these are the calls and texts for it.

/** Unconfirmed contributions are deleted after this many days. */
export const CLAIM_KEEP_DAYS = 7;

export const CLAIM_KINDS = ['post', 'tag', 'query', 'order'] as const;
export const claimKindSchema = z.enum(CLAIM_KINDS);
export type ClaimKind = z.infer<typeof claimKindSchema>;

export const CLAIM_STATES = ['pending', 'confirmed', 'legacy', 'kept', 'removed'] as const;
export const claimStateSchema = z.enum(CLAIM_STATES);

/** What the answer of a waiting contribution says: the screen shows it under the success text. */
export function claimLine(kind: ClaimKind, sentTo: string | null): string {
  const what =
    kind === 'order'
      ? 'to add this order to your account'
      : kind === 'query'
        ? 'to post this query under your name'
        : 'to publish this under your name';
  // "your e-mail a***@gmail.com": the address is the account's, not necessarily the sender's.
  const where = sentTo?.replace(/^your (e-mail|mobile) /, '');
  return where ? `We sent a code to ${where} ${what}.` : CONTRIBUTION_MESSAGES.codeNotSent;
}

/** Part of the answer of a review, tag, query or order that waits for the account holder's code. */
export const confirmationSchema = z.object({
  _id: idSchema.meta({ description: 'The claim to confirm with POST /api/contributions/confirm' }),
  kind: claimKindSchema,
  /** "your e-mail a***@gmail.com"; null when no code could be sent now (caps). */
  sentTo: z.string().nullable(),
  message: z.string(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

export const confirmClaimRequestSchema = z.object({ _id: idSchema, code: contactCodeSchema });
export type ConfirmClaimRequest = z.infer<typeof confirmClaimRequestSchema>;

export const claimIdRequestSchema = z.object({ _id: idSchema });

export const claimViewSchema = z.object({
  _id: idSchema,
  kind: claimKindSchema,
  state: claimStateSchema,
  subjectId: idSchema,
  /** The account the contribution was sent for (admin's view only). */
  user: z.object({ _id: idSchema, name: z.string() }),
  /** A short preview: the post's title, the query's words, the order's product. */
  summary: z.string(),
  /** Where the contribution is seen: /post/{infId}/{postId}, a query, an order id. */
  link: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const confirmedClaimResponseSchema = envelope(claimViewSchema);
export const claimListResponseSchema = envelope(z.array(claimViewSchema));

export const adminClaimsQuerySchema = z.object({
  state: claimStateSchema.default('legacy'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const decideClaimRequestSchema = z.object({
  _id: idSchema,
  decision: z.enum(['keep', 'remove']),
});
