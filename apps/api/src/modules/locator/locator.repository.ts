import { and, asc, eq, fillPlaceholders, isNotNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { arcOfChord, searchArea } from './earth.js';
import { childCategories, products, shopLocatorKeys, shops, users } from '../../db/schema/index.js';

/** The locator's lookup keys; the same spelling as the triggers of migration 0003. */
export const locatorKey = {
  category: (name: string) => `category:${name.trim().toLowerCase()}`,
  brand: (name: string) => `brand:${name.trim().toLowerCase()}`,
  partner: (brandUserId: string) => `partner:${brandUserId}`,
};

/** Only approved sellers are public: role SELLER and active (spec: role USER is an inactive seller). */
const approvedSeller = and(eq(users.role, 'SELLER'), eq(users.isActive, true));

/** Text searched with LIKE: its wildcards are meant literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface NearbyQuery {
  key: string;
  latitude: number;
  longitude: number;
  radiusMetres: number;
  limit: number;
  /** Only the stores of this seller. */
  onlyUserId?: string | undefined;
  /** Never the stores of this seller (a brand is not its own partner). */
  exceptUserId?: string | undefined;
}

/**
 * Nearest approved stores having `key`, nearest first. One GiST index scan on (key, earth), an index
 * holding only approved sellers' keys, does the key match, the bounding box and the distance order
 * (KNN); the exact radius check runs on the few rows it returns, and only shops is joined, by primary
 * key, for the address. `distanceMetres` is the great-circle distance.
 *
 * It runs as a prepared statement: built once per process, parsed once per connection, and after a
 * few runs PostgreSQL reuses one plan, so a search costs neither query building nor planning (both
 * took longer than the index scan itself).
 */
export async function findNearbyStores(db: Database, q: NearbyQuery) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  const variant = variantOf(q);
  let statement = statements.get(variant);
  if (!statement) {
    statement = nearbySelect(db, placeholders, variant).prepare(`locator_nearby_${variant}`);
    statements.set(variant, statement);
  }
  const rows = await statement.execute(valuesOf(q));
  // The distance is added to each row as read: a copy of 20 rows per search is garbage for nothing.
  return rows.map((row) => Object.assign(row, { distanceMetres: arcOfChord(Number(row.chord)) }));
}

/** The query of findNearbyStores with its values written in, so tests and the benchmark can EXPLAIN it. */
export function nearbyStoresQuery(db: Database, q: NearbyQuery) {
  const values = valuesOf(q);
  return nearbySelect(db, values, variantOf(q));
}

/** The prepared statement of findNearbyStores and its values for `q`, for EXPLAIN EXECUTE. */
export function nearbyStatement(db: Database, q: NearbyQuery) {
  const { sql: text, params } = nearbySelect(db, placeholders, variantOf(q)).toSQL();
  return { text, values: fillPlaceholders(params, valuesOf(q)) };
}

type Variant = 'all' | 'only' | 'except';
const variantOf = (q: NearbyQuery): Variant => (q.onlyUserId ? 'only' : q.exceptUserId ? 'except' : 'all');

function valuesOf(q: NearbyQuery) {
  const area = searchArea(q.latitude, q.longitude, q.radiusMetres);
  const userId = q.onlyUserId || q.exceptUserId || '';
  return { key: q.key, centre: area.centre, box: area.box, chord: area.chord, limit: q.limit, userId };
}
type Values = ReturnType<typeof valuesOf>;
type Slot<T> = T | Placeholder;

const placeholders = Object.fromEntries(
  ['key', 'centre', 'box', 'chord', 'limit', 'userId'].map((name) => [name, sql.placeholder(name)]),
) as { [K in keyof Values]: Placeholder };
const prepared = new WeakMap<
  Database,
  Map<Variant, ReturnType<ReturnType<typeof nearbySelect>['prepare']>>
>();

function nearbySelect(db: Database, v: { [K in keyof Values]: Slot<Values[K]> }, variant: Variant) {
  const position = shopLocatorKeys.earth;
  const chord = sql<number>`${position} <-> ${v.centre}::cube`;
  const conditions: Array<SQL | undefined> = [
    eq(shopLocatorKeys.key, v.key),
    // The index's own condition, spelled as in the index so the planner can prove it.
    sql`${shopLocatorKeys.approved}`,
    // The box lets the index stop at the radius. One seller's stores are few: without the box the
    // planner reads them by seller and primary key and sorts them, instead of walking every nearby
    // store of the key until it meets them (thousands of rows in a city).
    variant === 'only' ? undefined : sql`${position} <@ ${v.box}::cube`,
    sql`${chord} <= ${v.chord}::float8`,
    variant === 'only' ? eq(shops.userId, v.userId) : undefined,
    variant === 'except' ? ne(shops.userId, v.userId) : undefined,
  ];
  return db
    .select({
      id: shops.id,
      name: shops.name,
      area: shops.area,
      address: shops.address,
      pinCode: shops.pinCode,
      city: shops.city,
      state: shops.state,
      country: shops.country,
      cityId: shops.cityId,
      stateId: shops.stateId,
      countryId: shops.countryId,
      latitude: shopLocatorKeys.latitude,
      longitude: shopLocatorKeys.longitude,
      media: shops.media,
      sellCategory: shops.sellCategory,
      phone: shops.phone,
      openingHours: shops.openingHours,
      userId: shops.userId,
      isBrand: shopLocatorKeys.isBrand,
      chord,
    })
    .from(shopLocatorKeys)
    .innerJoin(shops, eq(shops.id, shopLocatorKeys.shopId))
    .where(and(...conditions))
    .orderBy(chord)
    .limit(v.limit);
}

/** Whether any store (approved or not) is known by this key; tells "unknown brand" from "none nearby". */
export async function keyExists(db: Database, key: string): Promise<boolean> {
  // Asked of each of the two partial indexes on key (approved sellers' and the others').
  const anyWhere = (approved: SQL) =>
    sql`exists (select 1 from ${shopLocatorKeys} where ${eq(shopLocatorKeys.key, key)} and ${approved})`;
  const [row] = await db
    .select({
      found: sql<boolean>`${anyWhere(sql`${shopLocatorKeys.approved}`)} or ${anyWhere(sql`not ${shopLocatorKeys.approved}`)}`,
    })
    .from(sql`(values (1)) as one (n)`);
  return row?.found === true;
}

/** Whether the category tree has this child category (any letter case). */
export async function childCategoryExists(db: Database, name: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(childCategories)
    .where(sql`lower(${childCategories.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** An approved seller with at least one store, and whether it is a brand. */
export function findApprovedSeller(db: Database, userId: string) {
  return db
    .select({ id: users.id, isBrand: users.isBrand, storeName: shops.name })
    .from(users)
    .innerJoin(shops, eq(shops.userId, users.id))
    .where(and(eq(users.id, userId), approvedSeller))
    .orderBy(asc(shops.createdAt))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Brand names of active products of approved sellers, containing `search`, one spelling per name. */
export function searchBrands(db: Database, search: string, limit: number) {
  const pattern = `%${escapeLike(search)}%`;
  return db
    .select({ brand: sql<string>`min(${products.brand})` })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(
      and(
        eq(products.isActive, true),
        ne(products.brand, ''),
        sql`${products.brand} ilike ${pattern}`,
        approvedSeller,
      ),
    )
    .groupBy(sql`lower(${products.brand})`)
    .orderBy(sql`lower(${products.brand})`)
    .limit(limit)
    .then((rows) => rows.map((r) => r.brand));
}

/** Approved sellers' stores that have a position: the only ones a place is made from. */
const placedApprovedStore = and(approvedSeller, isNotNull(shops.latitude), isNotNull(shops.longitude));

const middle = {
  latitude: sql<number>`avg(${shops.latitude})::float8`,
  longitude: sql<number>`avg(${shops.longitude})::float8`,
  stores: sql<number>`count(*)::int`,
};

/**
 * The middle of the approved stores whose pincode starts with `prefix` (a whole pincode, or its
 * first three digits: India Post's sorting district), with the most common city and state.
 */
export function findPincodeMiddle(db: Database, prefix: string, exceptShopId?: string) {
  return db
    .select({
      ...middle,
      city: sql<string>`mode() within group (order by ${shops.city})`,
      state: sql<string>`mode() within group (order by ${shops.state})`,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(
      and(
        placedApprovedStore,
        sql`${shops.pinCode} like ${`${escapeLike(prefix)}%`}`,
        exceptShopId === undefined ? undefined : ne(shops.id, exceptShopId),
      ),
    )
    .then((rows) => (rows[0] && rows[0].stores > 0 ? rows[0] : undefined));
}

/**
 * Areas and cities of approved stores containing `search` (any letter case), each at the middle of
 * its stores, most stores first.
 */
export async function findPlacesByName(db: Database, search: string, limit: number) {
  const pattern = `%${escapeLike(search)}%`;
  const cities = await db
    .select({
      ...middle,
      city: sql<string>`min(${shops.city})`,
      state: sql<string>`min(${shops.state})`,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(and(placedApprovedStore, ne(shops.city, ''), sql`${shops.city} ilike ${pattern}`))
    .groupBy(sql`lower(${shops.city})`)
    .orderBy(sql`count(*) desc`, sql`lower(${shops.city})`)
    .limit(limit);
  const areas = await db
    .select({
      ...middle,
      area: sql<string>`min(${shops.area})`,
      city: sql<string>`min(${shops.city})`,
      state: sql<string>`min(${shops.state})`,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(and(placedApprovedStore, ne(shops.area, ''), sql`${shops.area} ilike ${pattern}`))
    .groupBy(sql`lower(${shops.area})`, sql`lower(${shops.city})`)
    .orderBy(sql`count(*) desc`, sql`lower(${shops.area})`)
    .limit(limit);
  return { cities, areas };
}
