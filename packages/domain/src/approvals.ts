import { z } from './zod.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { APPROVAL_MESSAGES } from './texts/approvals.js';

/** The kinds of account an applicant form creates (spec section 2, "Marketing and applications"). */
export const APPLICANT_KINDS = ['expert', 'brand', 'retailer', 'customer'] as const;
export const applicantKindSchema = z.enum(APPLICANT_KINDS);
export type ApplicantKind = z.infer<typeof applicantKindSchema>;
/**
 * An applicant kind, or null for accounts that never applied (admin, team). OpenAPI 3.0 reads
 * `nullable` as allowing null only when the enum lists it too, so the document names null itself.
 */
export const applicantKindOrNullSchema = applicantKindSchema
  .nullable()
  .meta({ enum: [...APPLICANT_KINDS, null] });

/**
 * Where an account stands with the admin: `none` for accounts that need no approval (customers,
 * admin, team), `pending` until the admin decides, then `approved` or `rejected` with the reason.
 */
export const APPROVAL_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const approvalSchema = z.object({
  status: z.enum(APPROVAL_STATUSES),
  /** The admin's reason for a rejection, shown to the applicant; empty otherwise. */
  reason: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** Kind from what the applicant submitted; older accounts without one are told apart by their data. */
export function applicantKindOf(user: {
  role: string;
  isBrand: boolean;
  details: Record<string, unknown>;
  hasShop: boolean;
}): ApplicantKind | null {
  const stored = applicantKindSchema.safeParse(user.details.kind);
  if (stored.success) return stored.data;
  if (user.role === 'ADMIN' || user.role === 'TEAM') return null;
  if (user.isBrand) return 'brand';
  if (user.hasShop) return 'retailer';
  return user.role === 'END_USER' ? 'customer' : null;
}

/** An account's standing from its role and the admin's latest decision about it. */
export function approvalOf(
  role: string,
  kind: ApplicantKind | null,
  /** `reapplied`: the applicant applied again after a rejection and waits for a new decision. */
  latest: { decision: 'approved' | 'rejected' | 'reapplied'; reason: string } | undefined,
): Approval {
  if (role === 'ADMIN' || role === 'TEAM') return { status: 'none', reason: '' };
  if (role === 'USER') {
    return latest?.decision === 'rejected'
      ? { status: 'rejected', reason: latest.reason }
      : { status: 'pending', reason: '' };
  }
  if (latest?.decision === 'approved' || role === 'SELLER' || kind === 'expert') {
    return { status: 'approved', reason: '' };
  }
  return { status: 'none', reason: '' };
}
