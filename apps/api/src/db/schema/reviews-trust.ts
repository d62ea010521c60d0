import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { orders } from './orders.js';
import { posts } from './posts.js';
import { users } from './users.js';

/**
 * A paid order of a proven buyer, not fully refunded (migration 0060, issue 41): it makes its
 * product a verified purchase in one review of its buyer (`postId`, set when a review takes it).
 * A full refund deletes the row; the review then takes another of the buyer's orders, or loses the mark.
 */
export const verifiedPurchases = pgTable(
  'verified_purchases',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    /** The order's day in India, shown as "ordered on …" (YYYY-MM-DD). */
    orderedOn: date('ordered_on', { mode: 'string' }).notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verified_purchases_buyer_idx').on(t.buyerUserId, t.productId, t.orderedOn),
    uniqueIndex('verified_purchases_post_idx')
      .on(t.postId, t.productId)
      .where(sql`${t.postId} is not null`),
  ],
);

export type RatingSubject = 'product' | 'seller';

/**
 * How many public reviews of a product (or of a seller's products) carry each rating, 0 for none,
 * verified or not. Kept by a trigger on posts (migration 0060): pages read at most ten rows.
 */
export const ratingCounts = pgTable(
  'rating_counts',
  {
    subjectKind: text('subject_kind').$type<RatingSubject>().notNull(),
    subjectId: text('subject_id').notNull(),
    stars: smallint('stars').notNull(),
    verified: boolean('verified').notNull(),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rating_counts_pkey', columns: [t.subjectId, t.subjectKind, t.stars, t.verified] }),
    check('rating_counts_kind_known', sql`${t.subjectKind} IN ('product', 'seller')`),
    check('rating_counts_stars_range', sql`${t.stars} BETWEEN 0 AND 5`),
  ],
);

/** One helpful vote of a proven account on a post (migration 0061). */
export const postVotes = pgTable(
  'post_votes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 2 from a verified buyer of a product the post tags, else 1. */
    weight: smallint('weight').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'post_votes_pkey', columns: [t.postId, t.userId] }),
    index('post_votes_user_idx').on(t.userId),
    check('post_votes_weight_known', sql`${t.weight} IN (1, 2)`),
  ],
);

/** The texts a business's reply had before each edit (migration 0061). */
export const reviewReplyEdits = pgTable(
  'review_reply_edits',
  {
    id: idColumn(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_reply_edits_post_idx').on(t.postId, t.createdAt)],
);

/** An order that gave its buyer the product without payment (migration 0062): "Received the product free". */
export const freeProducts = pgTable(
  'free_products',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
  },
  (t) => [index('free_products_buyer_idx').on(t.buyerUserId, t.productId)],
);

/**
 * How many public reviews of a product (or a seller's products) came on each day in India
 * (migration 0063): its busiest day is one probe of review_day_counts_busiest_idx.
 */
export const reviewDayCounts = pgTable(
  'review_day_counts',
  {
    subjectKind: text('subject_kind').$type<RatingSubject>().notNull(),
    subjectId: text('subject_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'review_day_counts_pkey', columns: [t.subjectId, t.subjectKind, t.day] }),
    index('review_day_counts_busiest_idx').on(t.subjectId, t.subjectKind, t.reviews.desc()),
  ],
);

/**
 * Every public post that tags a product, by (product, created_at, post) (migration 0064): a product
 * page's reviews walk its key backwards. Kept by triggers on posts.
 */
export const productPosts = pgTable(
  'product_posts',
  {
    productId: text('product_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    postId: text('post_id').notNull(),
  },
  (t) => [primaryKey({ name: 'product_posts_pkey', columns: [t.productId, t.createdAt, t.postId] })],
);
