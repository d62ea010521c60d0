import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/**
 * What the store locator can find a shop by, one row per shop and key, with the shop's position:
 * `category:<child category>`, `brand:<brand name>` (both lower-cased) and `partner:<brand user id>`.
 * Rows are kept up to date by database triggers on shops and products (migration 0003), so every
 * write path (seller console, onboarding, seed) keeps the locator right without calling it.
 * The GiST index on (key, earth position) answers "nearest shops with this key" in one index scan.
 */
export const shopLocatorKeys = pgTable(
  'shop_locator_keys',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.key] }),
    index('shop_locator_keys_key_earth_idx').using(
      'gist',
      t.key,
      sql`ll_to_earth(${t.latitude}, ${t.longitude})`,
    ),
  ],
);
