import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
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

export interface PostLink {
  name: string;
  url: string;
}

/** A product the post is about; `ordered` turns true when a moderator verifies the invoice. */
export interface PostProduct {
  name: string;
  productID: string;
  ordered: boolean;
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
    /** The store, brand and query the post answers or is tagged to. */
    storeUserId: text('store_user_id').references(() => users.id, { onDelete: 'set null' }),
    brandUserId: text('brand_user_id').references(() => users.id, { onDelete: 'set null' }),
    queryId: text('query_id'),
    /** The post this one mentions (tag or retag): its author and id. */
    mentionInfId: text('mention_inf_id'),
    mentionPostId: text('mention_post_id'),
    isPrivate: boolean('is_private').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_store_user_idx').on(t.storeUserId),
    index('posts_created_at_idx').on(t.createdAt),
    index('posts_brand_user_idx').on(t.brandUserId),
    index('posts_author_idx').on(t.authorId),
  ],
);
