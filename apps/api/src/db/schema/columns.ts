import { text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids.js';

/** Shared column helpers so every table has the same id and audit columns. */
export const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId());

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
