import { z } from './zod.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { ADULT_REQUIRED } from './constants.js';
import { contactCodeSchema } from './verification.js';

// Privacy under India's Digital Personal Data Protection Act 2023 (decision 040): consent records,
// "Download my data", "Delete my account", and the same two by a code for a visitor without a password.

/** The version of the privacy notice and terms a consent refers to; changes when their text does. */
export const PRIVACY_NOTICE_VERSION = '2026-11-25';

/** The name a deleted account shows wherever something still points at it (orders, tags). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** What a person consents to with each form: signing up, or one contribution without an account. */
export const CONSENT_PURPOSES = ['sign-up', 'post', 'query', 'order'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Sent beside a form by clients that show the notice and the "18 or older" box; optional, so the
 * apps that predate it keep working (their record says the age was not asked: decision 040).
 */
export const consentSchema = z.object({
  version: z.string().trim().min(1).max(40),
  adultConfirmed: z.literal(true, { message: ADULT_REQUIRED }),
});
export type Consent = z.infer<typeof consentSchema>;

/** What the web app sends: the notice it showed, and the box the person ticked. */
export const currentConsent = (): Consent => ({ version: PRIVACY_NOTICE_VERSION, adultConfirmed: true });

export const consentRecordSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  /** The post, query or order the consent came with; null for a sign-up. */
  subjectId: z.string().nullable(),
  /** Null when the client showed no versioned notice (an app that predates consent records). */
  textVersion: z.string().nullable(),
  /** True when the person confirmed being 18 or older; null when their client did not ask. */
  adultConfirmed: z.boolean().nullable(),
  createdAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** Removed: deleted with their files. Anonymised: kept without the name, the account or the invoices. */
export const CONTRIBUTION_CHOICES = ['remove', 'anonymise'] as const;
export const contributionChoiceSchema = z.enum(CONTRIBUTION_CHOICES, {
  message: 'Choose what happens to your posts and queries',
});
export type ContributionChoice = z.infer<typeof contributionChoiceSchema>;

export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(128),
  contributions: contributionChoiceSchema,
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** An e-mail or a 10-digit mobile, as typed into a contribution form. */
export const privacyContactSchema = z
  .string({ message: 'Enter the e-mail or mobile you used' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter the e-mail or mobile you used')
  .max(254, 'E-mail is too long')
  .refine(
    (v) => /^\d{10}$/.test(v) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'Enter an e-mail or a 10-digit mobile',
  );

export const privacyCodeRequestSchema = z.object({ contact: privacyContactSchema });
export type PrivacyCodeRequest = z.infer<typeof privacyCodeRequestSchema>;

export const privacyCodeExportSchema = z.object({ contact: privacyContactSchema, code: contactCodeSchema });
export type PrivacyCodeExport = z.infer<typeof privacyCodeExportSchema>;

export const privacyCodeDeleteSchema = privacyCodeExportSchema.extend({
  contributions: contributionChoiceSchema,
});
export type PrivacyCodeDelete = z.infer<typeof privacyCodeDeleteSchema>;

/** The one answer to a code request, whether or not the contact is known (no one learns who is). */
export const PRIVACY_CODE_ANSWER =
  'If we hold anything under this e-mail or mobile, a 6-digit code is on its way there. It works for 10 minutes.';

/** Why an account cannot be deleted yet: each names what must settle first. */
export const deletionBlockerSchema = z.object({
  kind: z.enum(['open-sale', 'open-purchase', 'settlement-balance', 'reward-balance', 'admin-account']),
  message: z.string(),
  orderId: z.string().nullable(),
});
export type DeletionBlocker = z.infer<typeof deletionBlockerSchema>;

export const deletionCheckResponseSchema = envelope(z.object({ blockers: z.array(deletionBlockerSchema) }));

export const deletionSummarySchema = z.object({
  postsRemoved: z.number().int(),
  postsAnonymised: z.number().int(),
  queriesRemoved: z.number().int(),
  queriesAnonymised: z.number().int(),
  ordersKept: z.number().int(),
  taxDocumentsKept: z.number().int(),
  filesDeleted: z.number().int(),
});
export type DeletionSummary = z.infer<typeof deletionSummarySchema>;

export const deletionResponseSchema = envelope(deletionSummarySchema);

export const DELETION_STATES = ['completed', 'refused'] as const;

/** A deletion request as the admin sees it: who (masked), how, and whether it was carried out. */
export const deletionRequestViewSchema = z.object({
  _id: idSchema,
  userId: z.string().nullable(),
  account: z.string(),
  role: z.string(),
  via: z.enum(['session', 'code']),
  contributions: contributionChoiceSchema,
  state: z.enum(DELETION_STATES),
  reasons: z.array(z.string()),
  summary: deletionSummarySchema.nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DeletionRequestView = z.infer<typeof deletionRequestViewSchema>;

export const deletionRequestsResponseSchema = envelope(z.array(deletionRequestViewSchema));

/** How long tax documents are kept after an account is deleted (CGST Act 2017, s.36). */
export const TAX_RECORD_RETENTION_MONTHS = 72;
