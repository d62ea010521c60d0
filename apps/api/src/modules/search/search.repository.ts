import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { products, queries, searchWords, shops, users } from '../../db/schema/index.js';
import { termsQuery, type SearchTerms } from '../../lib/full-text.js';

// Every query of the header search but the posts one, which is the review search's own
// (posts.repository searchPosts: its window of the newest posts keeps common words fast).
//
// Each runs as a statement prepared once per process and shape (one word, or several), so a
// search is neither rebuilt by Drizzle nor parsed again by PostgreSQL: planning these statements
// from text took 3-5 ms each, four to ten times their execution (EXPLAIN ANALYZE at 50,000 rows).

export interface SearchWindow {
  limit: number;
  offset: number;
}

/** Everything a search statement takes: the terms, the text as typed (lower case) and the window. */
export type SearchValues = SearchTerms & SearchWindow & { typed: string };
type Slots = { [K in keyof SearchValues]: SearchValues[K] | Placeholder };

const placeholders = Object.fromEntries(
  (['cleaned', 'prefix', 'typed', 'limit', 'offset'] as const).map((name) => [name, sql.placeholder(name)]),
) as { [K in keyof SearchValues]: Placeholder };

type Builder = (db: Database, v: Slots, withWords: boolean) => { prepare(name: string): Prepared };
type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };
const prepared = new WeakMap<Database, Map<string, Prepared>>();

/** Runs `build`'s statement, prepared on first use for this database and statement shape. */
async function runPrepared<Row>(db: Database, name: string, build: Builder, values: SearchValues) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  const withWords = values.cleaned !== '';
  const key = `search_${name}_${withWords ? 'words' : 'word'}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = build(db, placeholders, withWords).prepare(key);
    statements.set(key, statement);
  }
  return (await statement.execute({ ...values })) as Row[];
}

/**
 * Queries: how many of the newest matches are ranked (a common word in thousands of queries would
 * otherwise be ranked whole for a page of five; the review search keeps the newest too). Products
 * and stores: how many of the best matches are folded into product lines and sellers.
 */
export const RANK_CANDIDATES = 500;

/** Sellers the admin approved and who are active: the only ones whose products and stores are public. */
const approvedSeller = and(eq(users.role, 'SELLER'), eq(users.isActive, true));

/** Public queries (not held for their asker's confirmation) having every word, best first. */
function queriesSelect(db: Database, v: Slots, withWords: boolean) {
  const tsquery = termsQuery(v, withWords);
  const hits = db
    .select({
      id: queries.id,
      rank: sql<number>`ts_rank(${queries.searchVector}, ${tsquery})`.as('rank'),
    })
    .from(queries)
    .where(and(eq(queries.awaitingConfirmation, false), sql`${queries.searchVector} @@ ${tsquery}`))
    .orderBy(desc(queries.createdAt), desc(queries.id))
    .limit(RANK_CANDIDATES)
    .as('hits');
  return db
    .select({
      id: queries.id,
      text: queries.text,
      scope: queries.scope,
      scopeUserId: queries.scopeUserId,
    })
    .from(hits)
    .innerJoin(queries, eq(queries.id, hits.id))
    .orderBy(desc(hits.rank), desc(queries.createdAt), desc(queries.id))
    .limit(v.limit)
    .offset(v.offset);
}

/**
 * Active products of approved sellers matching the words (name, brand, model, category, tag,
 * colour, description), or whose brand, model and name resemble the text as typed: a word of
 * them close to it ("earbud", "kaveri") or the brand misspelt ("samsnug"). One row per
 * product line (the sizes of a model and colour are one product page), best first.
 */
function productsSelect(db: Database, v: Slots, withWords: boolean) {
  const tsquery = termsQuery(v, withWords);
  const typed = v.typed;
  const score = sql<number>`ts_rank(${products.searchVector}, ${tsquery})
    + greatest(word_similarity(${typed}, ${products.searchName}), similarity(lower(${products.brand}), ${typed}))`;
  const hits = db
    .select({
      id: products.id,
      userId: products.userId,
      name: products.prdctName,
      brand: products.brand,
      model: products.model,
      price: products.retailDsctPrice,
      media: products.media,
      line: sql<string>`${products.userId} || '|' || lower(${products.prdctName}) || '|' || lower(${products.brand}) || '|' || lower(${products.model}) || '|' || lower(${products.colour})`.as(
        'line',
      ),
      score: score.as('score'),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(
      and(
        eq(products.isActive, true),
        approvedSeller,
        sql`(${products.searchVector} @@ ${tsquery}
          or ${typed} <% ${products.searchName}
          or lower(${products.brand}) % ${typed})`,
      ),
    )
    .orderBy(sql`score desc`, desc(products.id))
    .limit(RANK_CANDIDATES)
    .as('hits');
  // The best-scoring row of each product line; the rows carry what the list shows, so no second
  // read of products (which the planner would make a scan when hundreds match).
  const lines = db
    .selectDistinctOn([hits.line], {
      id: hits.id,
      userId: hits.userId,
      name: hits.name,
      brand: hits.brand,
      model: hits.model,
      price: hits.price,
      media: hits.media,
      score: hits.score,
    })
    .from(hits)
    .orderBy(hits.line, desc(hits.score), desc(hits.id))
    .as('lines');
  return db
    .select({
      id: lines.id,
      name: lines.name,
      brand: lines.brand,
      model: lines.model,
      price: lines.price,
      media: lines.media,
      // Who sells it: the same product from two stores is two results, each naming its store.
      // (The outer column named in full: written bare it would be the shop's own user_id.)
      seller: sql<string | null>`(select ${shops.name} from ${shops}
        where ${shops.userId} = "lines"."user_id" limit 1)`,
    })
    .from(lines)
    .orderBy(desc(lines.score), desc(lines.id))
    .limit(v.limit)
    .offset(v.offset);
}

/**
 * Stores of approved sellers whose name, area or city has the words, or whose name resembles the
 * text as typed ("Kaveri" → "Kaveri Silks", "kavery" too). One row per seller (its store page).
 */
function storesSelect(db: Database, v: Slots, withWords: boolean) {
  const tsquery = termsQuery(v, withWords);
  const typed = v.typed;
  const score = sql<number>`ts_rank(${shops.searchVector}, ${tsquery})
    + greatest(word_similarity(${typed}, lower(${shops.name})), similarity(lower(${shops.name}), ${typed}))`;
  const hits = db
    .select({
      id: shops.id,
      userId: shops.userId,
      name: shops.name,
      area: shops.area,
      city: shops.city,
      media: shops.media,
      score: score.as('score'),
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(
      and(
        approvedSeller,
        sql`(${shops.searchVector} @@ ${tsquery}
          or ${typed} <% lower(${shops.name})
          or lower(${shops.name}) % ${typed})`,
      ),
    )
    .orderBy(sql`score desc`, desc(shops.id))
    .limit(RANK_CANDIDATES)
    .as('hits');
  const sellers = db
    .selectDistinctOn([hits.userId], {
      id: hits.id,
      userId: hits.userId,
      name: hits.name,
      area: hits.area,
      city: hits.city,
      media: hits.media,
      score: hits.score,
    })
    .from(hits)
    .orderBy(hits.userId, desc(hits.score), desc(hits.id))
    .as('sellers');
  return db
    .select({
      id: sellers.id,
      userId: sellers.userId,
      name: sellers.name,
      area: sellers.area,
      city: sellers.city,
      media: sellers.media,
    })
    .from(sellers)
    .orderBy(desc(sellers.score), desc(sellers.id))
    .limit(v.limit)
    .offset(v.offset);
}

type Row<B extends Builder> = Awaited<ReturnType<B>> extends Array<infer R> ? R : never;

export const searchQueries = (db: Database, values: SearchValues) =>
  runPrepared<Row<typeof queriesSelect>>(db, 'queries', queriesSelect, values);
export const searchProducts = (db: Database, values: SearchValues) =>
  runPrepared<Row<typeof productsSelect>>(db, 'products', productsSelect, values);
export const searchStores = (db: Database, values: SearchValues) =>
  runPrepared<Row<typeof storesSelect>>(db, 'stores', storesSelect, values);

/** The statements with their values written in, for EXPLAIN in the plan tests. */
export const searchStatements = {
  queries: (db: Database, values: SearchValues) => queriesSelect(db, values, values.cleaned !== ''),
  products: (db: Database, values: SearchValues) => productsSelect(db, values, values.cleaned !== ''),
  stores: (db: Database, values: SearchValues) => storesSelect(db, values, values.cleaned !== ''),
};

/** The statement of closestWords; `words` is the words joined by spaces (a word has none). */
function closestWordsSelect(db: Database, words: string | Placeholder) {
  const typed = sql`t.word`;
  return db
    .select({
      typed: sql<string>`${typed}`,
      // The known word most like it (pg_trgm's similarity, at least 0.3, through the trigram
      // index), the most written one first among equals; the word itself when it is known.
      closest: sql<string | null>`(select ${searchWords.word} from ${searchWords}
        where ${searchWords.word} % ${typed}
        order by similarity(${searchWords.word}, ${typed}) desc, ${searchWords.uses} desc, ${searchWords.word}
        limit 1)`,
    })
    .from(sql`unnest(string_to_array(${words}::text, ' ')) as t(word)`);
}
const closestWordStatements = new WeakMap<
  Database,
  { execute(v: { words: string }): Promise<Array<{ typed: string; closest: string | null }>> }
>();

/**
 * For each word, the word of a store, product, brand or model name closest to it ("nimbas" ->
 * "nimbus"), or null when none is close. One statement for all the words.
 */
export async function closestWords(db: Database, words: string[]): Promise<Map<string, string | null>> {
  let statement = closestWordStatements.get(db);
  if (!statement) {
    statement = closestWordsSelect(db, sql.placeholder('words')).prepare('search_closest_words');
    closestWordStatements.set(db, statement);
  }
  const rows = await statement.execute({ words: words.join(' ') });
  return new Map(rows.map((r) => [r.typed, r.closest]));
}

/** closestWords' statement with its words written in, for EXPLAIN in the plan tests. */
export const closestWordsStatement = (db: Database, words: string[]) =>
  closestWordsSelect(db, words.join(' '));
