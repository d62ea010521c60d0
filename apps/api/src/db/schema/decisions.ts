import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/** `reapplied` is written by the applicant, not an admin: they applied again after a rejection. */
export type ApplicantDecisionKind = 'approved' | 'rejected' | 'reapplied';

/**
 * Every approval or rejection of an applicant (expert, brand, retailer): who decided about whom,
 * when, and the reason given for a rejection. The newest row per applicant is their standing.
 */
export const applicantDecisions = pgTable(
  'applicant_decisions',
  {
    id: idColumn(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<ApplicantDecisionKind>().notNull(),
    reason: text('reason').notNull().default(''),
    /** Kept when the deciding admin's account is later removed; their name stays with the row. */
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull(),
    decidedAt: createdAt(),
  },
  (t) => [index('applicant_decisions_applicant_idx').on(t.applicantId, t.decidedAt)],
);
