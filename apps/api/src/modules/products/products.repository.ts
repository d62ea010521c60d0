import {
  and,
  asc,
  eq,
  fillPlaceholders,
  getTableColumns,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { products, users } from '../../db/schema/index.js';

/**
 * Every column a product's rows are read for: not the search columns (the tsvector, written out as
 * text for every row read, and the lower-cased name), the timestamps, which no answer shows, nor the
 * stored answer (productAnswer below). Reading them made each row about twice as long to send,
 * parse and map.
 */
const {
  searchVector: _searchVector,
  searchName: _searchName,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  answerJson: _answerJson,
  answerImages: _answerImages,
  ...productColumns
} = getTableColumns(products);
export type ProductRow = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };
export type NewProduct = typeof products.$inferInsert;
export type ProductPatch = Partial<Omit<NewProduct, 'id' | 'userId' | 'createdAt'>>;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Catalogue order: products of one brand, gender, model and colour sit together, then by size. */
const catalogueOrder = [
  asc(products.brand),
  asc(products.gender),
  asc(products.model),
  asc(products.colour),
  asc(products.size),
  asc(products.id),
];

/**
 * The two reads every buyer makes, prepared once per database: building a 45-column query with
 * Drizzle costs more than running it, and a prepared statement skips the planner's parse too.
 */
function prepareHotReads(db: Database) {
  return {
    byId: db
      .select(productColumns)
      .from(products)
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1)
      .prepare('products_by_id'),
    // Every product of a seller as rows (the CSV export): its ids by an index-only scan of
    // products_owner_catalogue_idx, then the rows by primary key (pageByIds).
    ownPage: pageByIds(db, undefined).prepare('products_own_page'),
    // The hot reads, as the answers' JSON (productAnswer). A page's ids come from an index-only
    // scan of the catalogue index (already in catalogue order), then 20 rows by primary key:
    // selecting whole rows in one step made the planner sort every product of the store instead
    // (2.6 ms against 0.2 ms for a page deep in a 1,000-product store). `is_active` is written bare
    // so it matches the partial index's predicate even in a generic plan.
    answerById: answerById(db).prepare('products_answer_by_id'),
    activePageAnswers: answerPageByIds(db, activeCondition).prepare('products_active_page_answers'),
    ownPageAnswers: answerPageByIds(db, undefined).prepare('products_own_page_answers'),
    /** Page sizes up to SIZED_PAGE_MAX, each with its size written into the statement (sizedPageStatement). */
    sizedPages: new Map<string, ReturnType<typeof sizedPageStatement>>(),
  };
}

const activeCondition = sql`${products.isActive}`;

/**
 * A page of answers whose size (plus the one row that tells if more follow) is written into the
 * statement rather than sent as a parameter. With `LIMIT $n` PostgreSQL cannot tell how much of the
 * store a page reads, so the generic plan looks dearer than a custom one and every execution is
 * planned again (0.2 ms, more than running it: 0.15 ms); with `LIMIT 21` and `OFFSET $n` it settles
 * on the generic plan after five executions (the same index plan, 0.005 ms to plan). Prepared per
 * page size in use, up to SIZED_PAGE_MAX; larger pages share the parameter form.
 */
function sizedPageStatement(db: Database, activeOnly: boolean, rows: number) {
  const name = `products_${activeOnly ? 'active' : 'own'}_page_answers_${rows}`;
  // Drizzle types `limit` as a number or placeholder, both sent as parameters; raw SQL is rendered
  // in place. `rows` is an integer the route's schema bounded.
  const literal = sql.raw(String(Math.trunc(rows))) as unknown as number;
  return answerPageByIds(db, activeOnly ? activeCondition : undefined, literal).prepare(name);
}
const SIZED_PAGE_MAX = 100;

/**
 * A product as its answers show it (product-mapping.ts `toProduct`, `productSchema` in the domain),
 * JSON text kept on its row by a trigger (migration 0038), with the URLs of its images and the stock
 * beside it. The hot reads send it as it is: the server neither parses some forty columns a product
 * nor builds and encodes its object (a catalogue page's miss cost eight times the floor route's CPU
 * that way), and PostgreSQL reads one column instead of building the JSON each time. Tests check
 * every body made from it against the schema (response-encoding.ts `bodyChecker`).
 */
const productAnswer = {
  json: products.answerJson,
  images: products.answerImages,
  // Not in the stored answer: every order changes it, and rebuilding the answer then cost the order
  // statement a third of its time (migration 0039). The answer's reader adds it.
  stock: products.inventoryQuantity,
};
export type ProductAnswer = { json: string; images: string[]; stock: number };

/**
 * A page of one seller's product ids by an index-only scan in catalogue order (joined to read the
 * rows); its size is the `limit` placeholder unless given (sizedPageStatement).
 */
function pageIds(
  db: Database,
  condition: SQL | undefined,
  limit: number = sql.placeholder('limit') as never,
) {
  return db
    .select({ pageId: sql<string>`${products.id}`.as('page_id') })
    .from(products)
    .where(and(eq(products.userId, sql.placeholder('userId')), condition))
    .orderBy(...catalogueOrder)
    .limit(limit)
    .offset(sql.placeholder('offset'))
    .as('page');
}

/** A page of one seller's products: its ids by an index-only scan in catalogue order, then the rows. */
function pageByIds(db: Database, condition: SQL | undefined) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(pageIds(db, condition), sql`page.page_id = ${products.id}`)
    .orderBy(...catalogueOrder);
}

/** The same page as the products' answers. */
function answerPageByIds(db: Database, condition: SQL | undefined, limit?: number) {
  return db
    .select(productAnswer)
    .from(products)
    .innerJoin(pageIds(db, condition, limit), sql`page.page_id = ${products.id}`)
    .orderBy(...catalogueOrder);
}

const answerById = (db: Database) =>
  db
    .select(productAnswer)
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1);

/** A hot read's prepared statement and its values, for EXPLAIN EXECUTE in the plan tests. */
export function catalogueStatement(
  db: Database,
  read: 'activePage' | 'ownPage' | 'byId',
  values: { userId?: string; limit?: number; offset?: number; id?: string },
) {
  const query =
    read === 'byId'
      ? answerById(db)
      : answerPageByIds(
          db,
          read === 'activePage' ? activeCondition : undefined,
          // As the server runs a page of up to SIZED_PAGE_MAX rows: its size in the statement.
          sql.raw(String(values.limit ?? 21)) as unknown as number,
        );
  const { sql: text, params } = query.toSQL();
  return { text, values: fillPlaceholders(params, values) };
}
const hotReads = new WeakMap<Database, ReturnType<typeof prepareHotReads>>();
function hot(db: Database) {
  let reads = hotReads.get(db);
  if (!reads) {
    reads = prepareHotReads(db);
    hotReads.set(db, reads);
  }
  return reads;
}

export function findProductById(db: Database, id: string) {
  return hot(db)
    .byId.execute({ id })
    .then((r) => r[0]);
}

/** The product's answer (productAnswer), for `GET products/getProductOnId`. */
export function findProductAnswer(db: Database, id: string): Promise<ProductAnswer | undefined> {
  return hot(db)
    .answerById.execute({ id })
    .then((r) => r[0]);
}

/** A page of a store's product answers in catalogue order, one more than `limit` to tell if more follow. */
export function listProductAnswersOfUser(
  db: Database,
  userId: string,
  opts: { activeOnly: boolean; offset: number; limit: number },
): Promise<ProductAnswer[]> {
  const rows = opts.limit + 1;
  const reads = hot(db);
  if (rows > SIZED_PAGE_MAX) {
    const page = opts.activeOnly ? reads.activePageAnswers : reads.ownPageAnswers;
    return page.execute({ userId, limit: rows, offset: opts.offset });
  }
  const key = `${opts.activeOnly}:${rows}`;
  let page = reads.sizedPages.get(key);
  if (!page) reads.sizedPages.set(key, (page = sizedPageStatement(db, opts.activeOnly, rows)));
  return page.execute({ userId, offset: opts.offset });
}

/** Ids among `ids` that belong to `userId`. */
export function ownedProductIds(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve(new Set<string>());
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.id, ids)))
    .then((r) => new Set(r.map((row) => row.id)));
}

/** One page of a store's products in catalogue order; reads one row more to tell if a next page exists. */
export function listProductsOfUser(
  db: Database,
  userId: string,
  opts: { activeOnly: boolean; offset: number; limit: number; model?: string | undefined },
) {
  if (!opts.model && !opts.activeOnly) {
    return hot(db).ownPage.execute({ userId, limit: opts.limit + 1, offset: opts.offset });
  }
  const conditions: SQL[] = [eq(products.userId, userId)];
  if (opts.activeOnly) conditions.push(eq(products.isActive, true));
  if (opts.model) conditions.push(ilike(products.model, likePattern(opts.model)));
  return db
    .select(productColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(...catalogueOrder)
    .limit(opts.limit + 1)
    .offset(opts.offset);
}

export function insertProducts(db: Database, rows: NewProduct[]) {
  return db.insert(products).values(rows).returning();
}

export function updateProductRow(db: Database, id: string, patch: ProductPatch) {
  return db
    .update(products)
    .set(patch)
    .where(eq(products.id, id))
    .returning()
    .then((r) => r[0]);
}

/** Creates and updates of one CSV import in one transaction: all rows are stored, or none. */
export async function importProducts(
  db: Database,
  userId: string,
  creates: NewProduct[],
  updates: Array<{ id: string; patch: ProductPatch }>,
) {
  await db.transaction(async (tx) => {
    // Batches keep each statement well under PostgreSQL's 65,535 bind parameters.
    for (let i = 0; i < creates.length; i += 500) {
      await tx.insert(products).values(creates.slice(i, i + 500));
    }
    for (const { id, patch } of updates) {
      await tx
        .update(products)
        .set(patch)
        .where(and(eq(products.id, id), eq(products.userId, userId)));
    }
  });
}

/** Active products whose name, brand, model or tag contains the key. */
export function searchActiveProducts(db: Database, key: string, limit: number) {
  const pattern = likePattern(key);
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        or(
          ilike(products.prdctName, pattern),
          ilike(products.brand, pattern),
          ilike(products.model, pattern),
          ilike(products.tagName, pattern),
        ),
      ),
    )
    .orderBy(...catalogueOrder)
    .limit(limit);
}

/** Active products of a brand (exact name, any case), optionally leaving out one seller's own. */
export function listProductsOfBrand(
  db: Database,
  brand: string,
  opts: { excludeUserId?: string | undefined; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(products.isActive, true), sql`lower(${products.brand}) = lower(${brand})`];
  if (opts.excludeUserId) conditions.push(ne(products.userId, opts.excludeUserId));
  return db
    .select(productColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(...catalogueOrder)
    .limit(opts.limit + 1)
    .offset(opts.offset);
}

/** Distinct brand names of active products, containing the search text. */
export function distinctBrands(db: Database, search: string, limit: number) {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (search) conditions.push(ilike(products.brand, likePattern(search)));
  return db
    .selectDistinct({ brand: products.brand })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.brand))
    .limit(limit)
    .then((r) => r.map((row) => row.brand).filter(Boolean));
}

export function distinctModels(db: Database, search: string, brand: string | undefined, limit: number) {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (search) conditions.push(ilike(products.model, likePattern(search)));
  if (brand) conditions.push(sql`lower(${products.brand}) = lower(${brand})`);
  return db
    .selectDistinct({ model: products.model })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.model))
    .limit(limit)
    .then((r) => r.map((row) => row.model).filter(Boolean));
}

export function findUserRole(db: Database, userId: string) {
  return db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((r) => r[0]?.role);
}
