import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ModerationState, PostKind, ReviewLabel } from '@app/domain';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { tsvector } from './search-vector.js';
import { users } from './users.js';

export type PostType = 'IMAGE' | 'VIDEO';

/** An image, or a video with its thumbnail. */
export interface PostMediaItem {
  url: string;
  thumbnail: string;
}

export interface PostInvoice {
  name: string;
  url: string;
}

/** Where one image was taken (the New post payload sends one entry per image). */
export interface PostLocation {
  latitude: number | null;
  longitude: number | null;
}

/** A business's reply under a review of it (issue 41). */
export interface ReviewReply {
  text: string;
  /** The store's, brand's or creator's name it speaks for, as it was when written. */
  repliedAs: string;
  createdAt: string;
  /** When last changed; null if never. */
  editedAt: string | null;
}

export interface PostLink {
  name: string;
  url: string;
}

/**
 * A product the post is about. `ordered` (the spec's verified purchase) is true when the author
 * bought it here (`orderedOn`, issue 41) or a moderator checked the invoice (`invoiceVerified`).
 */
export interface PostProduct {
  name: string;
  productID: string;
  ordered: boolean;
  /** The product's seller (store or brand account); absent on posts stored before issue 22. */
  userId?: string;
  /** The verifying order's day (YYYY-MM-DD), or only its month once the author is gone. */
  orderedOn?: string;
  invoiceVerified?: boolean;
  /** 1 to 5 stars; the rating_counts trigger (migration 0060) counts it. */
  rating?: number;
}

/**
 * A review, service, experience or thread (spec section 3, "Post"). The spec nests the content under
 * `postData`; it is flat here. Authors may be anonymous visitors, so the author is optional and the
 * name they gave is kept with the post.
 */
export const posts = pgTable(
  'posts',
  {
    id: idColumn(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    type: text('type').$type<PostType>().notNull().default('IMAGE'),
    /** The add screen's activity: review, experience, service, thread, requirement... */
    kind: text('kind').$type<PostKind>().notNull().default('review'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    media: jsonb('media').$type<PostMediaItem[]>().notNull().default([]),
    invoice: jsonb('invoice').$type<PostInvoice[]>().notNull().default([]),
    links: jsonb('links').$type<PostLink[]>().notNull().default([]),
    products: jsonb('products').$type<PostProduct[]>().notNull().default([]),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Influencer categories the post was filed under (spec: hashCategory). */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locations: jsonb('locations').$type<PostLocation[]>().notNull().default([]),
    /** The store, brand, influencer or service provider and query the post answers or is tagged to. */
    influencerUserId: text('influencer_user_id').references(() => users.id, { onDelete: 'set null' }),
    storeUserId: text('store_user_id').references(() => users.id, { onDelete: 'set null' }),
    brandUserId: text('brand_user_id').references(() => users.id, { onDelete: 'set null' }),
    queryId: text('query_id'),
    /**
     * Set when the author answers a question asked of their own store, brand or creator profile: the
     * name the answer speaks for ("Answered by Gopal Textiles"), kept as it was when answered.
     */
    answeredAs: text('answered_as'),
    /** The post this one mentions (tag or retag): its author and id. */
    mentionInfId: text('mention_inf_id'),
    mentionPostId: text('mention_post_id'),
    isPrivate: boolean('is_private').notNull().default(false),
    /** Sent with the contact of an existing account and not yet confirmed by it: held private. */
    awaitingConfirmation: boolean('awaiting_confirmation').notNull().default(false),
    /**
     * A moderator's decision (migration 0025). While not `visible`, a database trigger keeps the post
     * private, so every public list leaves it out; `authorPrivate` holds the author's own choice.
     */
    moderationState: text('moderation_state').$type<ModerationState>().notNull().default('visible'),
    moderationReason: text('moderation_reason'),
    authorPrivate: boolean('author_private'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Helpful votes, and their sum weighed for verified buyers (migration 0061, issue 41). */
    helpfulVotes: integer('helpful_votes').notNull().default(0),
    helpfulWeight: integer('helpful_weight').notNull().default(0),
    /** When the question's asker accepted this answer; null otherwise. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    /** The tagged business's public reply, as shown; its earlier texts are in review_reply_edits. */
    reply: jsonb('reply').$type<ReviewReply>(),
    /** The review's words normalised (migration 0063): the same from another author is reported. */
    textKey: text('text_key'),
    /** Honest labels from orders and the ledger (migration 0062): never typed by the author. */
    labels: text('labels')
      .array()
      .$type<ReviewLabel[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Title weighs more than description in ranking; English stemming so "running" finds "run".
     * Written by the `posts_search_vector` trigger when the title or description is (migration
     * 0066), not generated: a generated column was computed again on every update of the post.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A profile's reviews, newest first: one ordered walk per column (postsAboutProfile).
    index('posts_store_user_idx').on(t.storeUserId, t.createdAt, t.id),
    index('posts_created_at_idx').on(t.createdAt),
    index('posts_brand_user_idx').on(t.brandUserId, t.createdAt, t.id),
    index('posts_author_idx').on(t.authorId),
    index('posts_influencer_user_idx').on(t.influencerUserId, t.createdAt, t.id),
    index('posts_query_idx').on(t.queryId, t.createdAt),
    index('posts_mention_post_idx').on(t.mentionPostId),
    index('posts_text_key_idx')
      .on(t.textKey)
      .where(sql`${t.textKey} is not null`),
    // A product page's reviews: posts whose products list holds its id (migration 0019).
    index('posts_products_idx').using('gin', t.products.op('jsonb_path_ops')),
    // No pending list (as recent_post_search): the search would read it whole (migration 0014).
    index('posts_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // The public feed pages by (created_at, id), newest first, over public posts only.
    // Skill discovery lists public posts of one kind, newest first.
    index('posts_kind_feed_idx')
      .on(t.kind, t.createdAt, t.id)
      .where(sql`not ${t.isPrivate}`),
    index('posts_feed_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isPrivate}`),
    // The review feed: public posts that are not requirements (migration 0046).
    index('posts_review_feed_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isPrivate} and ${t.kind} <> 'requirement'`),
  ],
);

/**
 * The search vectors of the newest public posts: a copy the Similar Responses search ranks in.
 * Searching the posts' own GIN index for common words decodes every match of a million posts
 * (thousands per word) before the newest can be picked; this table's index holds only the window,
 * so the same search reads about 1/50 of that. Triggers on `posts` (migration 0014) copy every
 * public post in and take private or deleted ones out; `trimSearchWindow` drops rows older than
 * the window as it moves.
 */
export const recentPostSearch = pgTable(
  'recent_post_search',
  {
    postId: text('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [
    // No pending list: a search would read it whole; posts arrive one by one, so each insert merges.
    index('recent_post_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('recent_post_search_created_idx').on(t.createdAt),
  ],
);
