import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/** A point of the cube extension; the locator keeps ll_to_earth() positions in it. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * What the store locator can find a shop by, one row per shop and key, with the shop's position:
 * `category:<child category>`, `brand:<brand name>` (both lower-cased) and `partner:<brand user id>`.
 * Rows are kept up to date by database triggers on shops and products (migration 0003), so every
 * write path (seller console, onboarding, seed) keeps the locator right without calling it.
 * The GiST index on (key, earth) answers "nearest approved shops with this key" in one index scan;
 * `approved` and `is_brand` are copies of the owner's flags (kept by a trigger on users, migration
 * 0012) so that scan needs no join to users.
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
    /** ll_to_earth(latitude, longitude), stored: computed once per write, not per row read. */
    earth: cube('earth')
      .notNull()
      .generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)::cube`),
    /** The owner is an approved seller (role SELLER, active): only these are public. */
    approved: boolean('approved').notNull().default(false),
    isBrand: boolean('is_brand').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.key] }),
    index('shop_locator_keys_key_earth_idx')
      .using('gist', t.key, t.earth)
      .where(sql`${t.approved}`),
    index('shop_locator_keys_unapproved_key_idx')
      .on(t.key)
      .where(sql`not ${t.approved}`),
  ],
);
