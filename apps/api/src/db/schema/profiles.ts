import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * The influencer side of an account (spec section 3, "influencerData"): creators, experts and service
 * providers who post. Keyed by the user id, so a post's `infId` is its author's user id and brands,
 * stores and influencers are all addressed the same way.
 */
export const influencerProfiles = pgTable(
  'influencer_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isService: boolean('is_service').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The spec's placeholders (shifts, degree, charges) as sent; not shown to anyone. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('influencer_profiles_name_idx').on(t.name)],
);
