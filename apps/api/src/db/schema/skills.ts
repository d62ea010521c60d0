import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RecruiterDecisionStatus } from '@app/domain';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { posts } from './posts.js';
import { users } from './users.js';

/**
 * A proven account's request to see private skill posts as a recruiter, and the admin's answer
 * (decision 026). One per account: applying again after a rejection reopens the same row.
 */
export const recruiterApplications = pgTable(
  'recruiter_applications',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    hiresFor: text('hires_for').notNull(),
    status: text('status').$type<RecruiterDecisionStatus>().notNull().default('pending'),
    /** The admin's reason for a rejection; empty otherwise. */
    reason: text('reason').notNull().default(''),
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recruiter_applications_user_key').on(t.userId),
    index('recruiter_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A message sent to the author of a skill or requirement post through the platform, with the
 * contact the responder chose to share. The author's own contact is never shown to the responder.
 */
export const skillResponses = pgTable(
  'skill_responses',
  {
    id: idColumn(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    recipientUserId: text('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responderUserId: text('responder_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromName: text('from_name').notNull(),
    message: text('message').notNull(),
    /** The e-mail or 10-digit mobile the responder chose to share; shown to the author only. */
    replyTo: text('reply_to').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('skill_responses_recipient_idx').on(t.recipientUserId, t.createdAt),
    index('skill_responses_responder_idx').on(t.responderUserId, t.createdAt),
    index('skill_responses_reply_to_idx').on(t.replyTo, t.createdAt),
  ],
);
