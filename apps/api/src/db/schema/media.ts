import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MediaType } from '@app/domain';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * Every stored upload; `key` is the storage key, `url` what clients load. `referencedAt` is set
 * once a post, product or shop holds the file; one still unset a day after upload is deleted.
 */
export const media = pgTable(
  'media',
  {
    id: idColumn(),
    key: text('key').notNull().unique(),
    url: text('url').notNull(),
    type: text('type').$type<MediaType>().notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name').notNull().default(''),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    referencedAt: timestamp('referenced_at', { withTimezone: true, mode: 'date' }),
    /** Smaller AVIF and WebP copies (image-variants.ts): null for videos and files. */
    variants: text('variants').$type<'pending' | 'done' | 'failed'>(),
    /** The widths made, each as `<key>.w<width>.avif` and `.webp`; empty until done. */
    variantWidths: integer('variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'`),
    variantAttempts: integer('variant_attempts').notNull().default(0),
  },
  (t) => [
    // The daily upload budget counts an account's files of the last 24 hours.
    index('media_uploaded_by_idx').on(t.uploadedBy, t.createdAt),
    index('media_unreferenced_idx')
      .on(t.createdAt)
      .where(sql`${t.referencedAt} is null`),
    index('media_variants_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.variants} = 'pending'`),
  ],
);
