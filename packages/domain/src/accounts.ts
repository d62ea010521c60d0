import { z } from './zod.js';
import { capitalEnvelope, envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { roleSchema } from './roles.js';
import { applicantKindOrNullSchema, approvalSchema } from './approvals.js';
import { emailSchema } from './applications.js';
import { newPasswordSchema } from './auth.js';
import { personNameSchema } from './names-and-numbers.js';
import { teamRightSchema } from './team-rights.js';

/** What an applicant submitted, for the admin to judge: documents, links and images, never contact data. */
export const applicationDetailsSchema = z.object({
  companyName: z.string(),
  storeName: z.string(),
  businessType: z.string(),
  gstin: z.string(),
  pan: z.string(),
  websiteLink: z.string(),
  /** Category names: "parent: child, child" for stores, the chosen category for brands and experts. */
  categories: z.array(z.string()),
  city: z.string(),
  state: z.string(),
  /** The store's full address (street, area, city, state, pincode); blank for brands and experts. */
  address: z.string(),
  education: z.string(),
  expertise: z.string(),
  yearsOfExperience: z.number().nullable(),
  links: z.array(z.object({ name: z.string(), url: z.string() })),
  images: z.array(z.object({ name: z.string(), url: z.string(), type: z.string() })),
});
export type ApplicationDetails = z.infer<typeof applicationDetailsSchema>;

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
  kind: applicantKindOrNullSchema,
  approval: approvalSchema.extend({
    decidedAt: z.string().nullable(),
    /** The admin who decided, by name. */
    decidedBy: z.string().nullable(),
  }),
  application: applicationDetailsSchema,
  /** Every decision about the applicant, newest first: rejections stay when they apply again. */
  history: z.array(
    z.object({
      decision: z.enum(['approved', 'rejected', 'reapplied']),
      reason: z.string(),
      decidedBy: z.string(),
      decidedAt: z.string(),
    }),
  ),
});
export type SellerListItem = z.infer<typeof sellerListItemSchema>;

/** An applicant's e-mail and mobile, asked for one applicant at a time by the admin deciding. */
export const applicantContactResponseSchema = envelope(
  z.object({ email: z.string().nullable(), mobile: z.string().nullable() }),
);
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

/**
 * Applicants the admin may approve: every kind that waits (role USER), not yet rejected. The spec's
 * "at least one shop" rule left out brands and experts, who have no shop until they are approved.
 */
export function isApprovable(user: { role: string; approval: { status: string } }): boolean {
  return user.role === 'USER' && user.approval.status !== 'rejected';
}

export const REJECTION_REASON_LENGTH = { min: 3, max: 500 } as const;
export const rejectSellerRequestSchema = z.object({
  _id: idSchema,
  reason: z
    .string()
    .trim()
    .min(REJECTION_REASON_LENGTH.min, 'Give the applicant a reason')
    .max(REJECTION_REASON_LENGTH.max, `Keep the reason under ${REJECTION_REASON_LENGTH.max} characters`),
});
export type RejectSellerRequest = z.infer<typeof rejectSellerRequestSchema>;

/** A team member as the admin's team page lists them; the e-mail is their login. */
export const teamMemberSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** What the admin lets this member do (decision 028). */
  rights: z.array(teamRightSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamListResponseSchema = capitalEnvelope(z.array(teamMemberSchema));
export const teamMemberResponseSchema = capitalEnvelope(teamMemberSchema);

/** The admin sets a first password; the member must change it at first login. */
export const createTeamMemberSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type CreateTeamMember = z.infer<typeof createTeamMemberSchema>;
