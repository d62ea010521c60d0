import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { tsvector } from './search-vector.js';
import { users } from './users.js';

/** Who a query is addressed to (spec: ask-query radio values, plus the influencer-scoped form). */
export type QueryScope = 'anything' | 'brand' | 'store' | 'service' | 'influencer';

/**
 * A question a visitor asked (the spec's search history, `searchHist{_id, search}`). One row per
 * asker, text and addressee: asking the same thing again reuses it, so listings are "unique searches".
 */
export const queries = pgTable(
  'queries',
  {
    id: idColumn(),
    text: text('text').notNull(),
    askerId: text('asker_id').references(() => users.id, { onDelete: 'set null' }),
    askerName: text('asker_name').notNull().default(''),
    scope: text('scope').$type<QueryScope>().notNull().default('anything'),
    /** The brand, store, influencer or service provider asked; null for "Anything". */
    scopeUserId: text('scope_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Asked with the contact of an existing account and not yet confirmed by it: listed nowhere. */
    awaitingConfirmation: boolean('awaiting_confirmation').notNull().default(false),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${queries.text})`),
    /** Its public answers, kept by triggers on posts (migration 0053): answered questions by index. */
    publicAnswers: integer('public_answers').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('queries_search_idx').using('gin', t.searchVector),
    index('queries_created_idx').on(t.createdAt, t.id),
    index('queries_scope_user_idx').on(t.scopeUserId, t.createdAt),
    index('queries_asker_idx').on(t.askerId),
    index('queries_answered_of_idx')
      .on(t.scopeUserId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.publicAnswers} > 0 and not ${t.awaitingConfirmation}`),
  ],
);

/**
 * A visitor's message to a creator ("Reachout"): kept here as the outbox the messaging provider
 * delivers from, so nothing is lost while delivery is down.
 */
export const reachouts = pgTable(
  'reachouts',
  {
    id: idColumn(),
    influencerId: text('influencer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderEmail: text('sender_email').notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reachouts_influencer_idx').on(t.influencerId)],
);
