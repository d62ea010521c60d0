import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ConsentPurpose, ContributionChoice, DeletionSummary } from '@app/domain';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * What a person agreed to and when (DPDP Act 2023, decision 040): one row per sign-up and per
 * contribution sent without an account. Null version and age: the client showed no notice.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: idColumn(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    subjectId: text('subject_id'),
    textVersion: text('text_version'),
    adultConfirmed: boolean('adult_confirmed'),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId, t.createdAt)],
);

/** A request to delete an account, carried out or refused with its reasons, for the admin's list. */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: idColumn(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The account's e-mail, masked: the request outlives the contact data it removed. */
    account: text('account').notNull(),
    role: text('role').notNull(),
    via: text('via').$type<'session' | 'code'>().notNull(),
    contributions: text('contributions').$type<ContributionChoice>().notNull(),
    state: text('state').$type<'completed' | 'refused'>().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    summary: jsonb('summary').$type<DeletionSummary>(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('deletion_requests_requested_idx').on(t.requestedAt)],
);
