import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import type { NewTag } from './mentions.js';
import { users } from './users.js';

export type ClaimKind = 'post' | 'tag' | 'query' | 'order';
export type ClaimState = 'pending' | 'confirmed' | 'legacy' | 'kept' | 'removed';

/** What a claim keeps until it is confirmed: writes that must not happen before. */
export interface ClaimPayload {
  /** A post: the privacy its author asked for (it is held private until confirmed). */
  isPrivate?: boolean;
  /** A tag: the mentions to insert on confirmation. */
  mentions?: NewTag[];
  /** The influencer profile a review form would give the account. */
  profile?: {
    isService: boolean;
    latitude: number | null;
    longitude: number | null;
    categories: string[];
  };
  /** A legacy tag: the mention that was attributed by a contact match. */
  mentionId?: string;
}

/**
 * A contribution sent without an account whose contact belongs to an existing account: it is the
 * account's only once the holder proves the contact (a code sent to the account's own contact) or
 * publishes it signed in. Legacy rows mark contributions attributed by a contact match before proofs.
 */
export const contactClaims = pgTable(
  'contact_claims',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ClaimKind>().notNull(),
    subjectId: text('subject_id').notNull(),
    payload: jsonb('payload').$type<ClaimPayload>().notNull().default({}),
    state: text('state').$type<ClaimState>().notNull().default('pending'),
    sentTo: text('sent_to'),
    clientIp: text('client_ip'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('contact_claims_user_idx').on(t.userId, t.state),
    index('contact_claims_state_idx').on(t.state, t.createdAt),
  ],
);

/** A registration waiting for the code sent to an e-mail an unproven account holds. */
export const pendingApplications = pgTable(
  'pending_applications',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    application: jsonb('application').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_applications_user_idx').on(t.userId)],
);
