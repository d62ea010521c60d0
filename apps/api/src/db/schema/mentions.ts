import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MentionState } from '@app/domain';
import { createdAt, idColumn } from './columns.js';
import { posts } from './posts.js';
import { users } from './users.js';

/** What a post was tagged to: every actor is a user, the kind says which page lists it. */
export type MentionKind = 'store' | 'brand' | 'influencer' | 'service';

/**
 * A tag to store: the post tagged (`sourcePostId`), the tagger's own post if any, and the profile
 * tagged. The mentions module stores it (storeTags); a held contribution keeps it until confirmed.
 */
export interface NewTag {
  sourcePostId: string;
  postId: string | null;
  taggedUserId: string;
  kind: MentionKind;
  productId: string | null;
}

/**
 * A tag (validation) of an existing post to a brand, store, influencer or service provider. The
 * tagger's own post, when they wrote one, is `postId`; the post being tagged is `sourcePostId`.
 */
export const mentions = pgTable(
  'mentions',
  {
    id: idColumn(),
    sourcePostId: text('source_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    taggedUserId: text('tagged_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MentionKind>().notNull(),
    productId: text('product_id'),
    taggedById: text('tagged_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Listed on the profile only once `accepted` by its owner (or their auto-accept), migration 0025. */
    state: text('state').$type<MentionState>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mentions_pending_idx')
      .on(t.taggedUserId, t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    index('mentions_tagged_user_idx').on(t.taggedUserId, t.createdAt),
    index('mentions_source_post_idx').on(t.sourcePostId),
    index('mentions_created_idx').on(t.createdAt, t.id),
  ],
);

/** A profile owner's choice to list every tag at once instead of accepting each one. */
export const tagSettings = pgTable('tag_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoAccept: boolean('auto_accept').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
