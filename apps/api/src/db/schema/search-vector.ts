import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector`; only ever written by the database (generated columns, triggers) and read in search conditions. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
