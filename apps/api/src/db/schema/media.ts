import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { MediaType } from '@app/domain';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/** Every stored upload; `key` is the storage key, `url` what clients load. */
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
  },
  (t) => [index('media_uploaded_by_idx').on(t.uploadedBy)],
);
