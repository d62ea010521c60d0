import { and, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { perDatabase } from '../../lib/per-database.js';
import { qualified } from '../../lib/qualified.js';
import type { Database } from '../../db/client.js';
import { products, queries, searchWordDeletes, searchWords, shops, users } from '../../db/schema/index.js';
import { termsQuery, type SearchTerms } from '../../lib/full-text.js';
import { bestPostMatches, type PostMatch } from '../posts/post-reads.js';

// The header search's queries: each kind's own (one kind's page) and the search of every kind in
// one statement, whose posts are chosen as the review search chooses them (posts' bestPostMatches).
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
async function runPrepared<Row>(
  db: Database,
  name: string,
  build: Builder,
  values: SearchValues & { words?: string; since?: string | null },
) {
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

/**
 * Sellers the admin approved and who are active: the only ones whose products and stores are public.
 * Written as constants, not parameters, like every fixed condition here: these statements run with
 * one plan for every value (DatabaseHandle.plannedOnce), and that plan can use a partial index
 * (`where is_active`) only when the statement says `is_active` itself, not `is_active = $1`.
 */
const approvedSeller = sql`${users.role} = 'SELLER' and ${users.isActive}`;

/**
 * `userId` is an approved seller's, as one look-up of the users' key per row found: the ranked
 * searches read every row they match anyway. Joined instead, their one plan for every value hashed
 * every seller first, a scan of users on every search that matched anything (0.6 ms of a 2 ms
 * search at 2,000 sellers, growing with users).
 */
const byApprovedSeller = (userId: AnyColumn) =>
  sql`(select ${approvedSeller} from ${users} where ${users.id} = ${userId})`;

/**
 * A column under the name the service reads it by: the kinds' statements also run inside one
 * statement that returns their rows as JSON (searchEverything), keyed by these names.
 */
const named = <T>(column: AnyColumn | SQL.Aliased | SQL, name: string) => sql<T>`${column}`.as(name);

/** Public queries (not held for their asker's confirmation) having every word, best first. */
function queriesSelect(db: Database, v: Slots, withWords: boolean) {
  const tsquery = termsQuery(v, withWords);
  const hits = db
    .select({
      id: queries.id,
      rank: sql<number>`ts_rank(${queries.searchVector}, ${tsquery})`.as('rank'),
    })
    .from(queries)
    .where(and(sql`not ${queries.awaitingConfirmation}`, sql`${queries.searchVector} @@ ${tsquery}`))
    .orderBy(desc(queries.createdAt), desc(queries.id))
    .limit(RANK_CANDIDATES)
    .as('hits');
  return db
    .select({
      id: named<string>(queries.id, 'id'),
      text: named<string>(queries.text, 'text'),
      scope: named<string>(queries.scope, 'scope'),
      scopeUserId: named<string | null>(queries.scopeUserId, 'scopeUserId'),
    })
    .from(hits)
    .innerJoin(queries, eq(queries.id, hits.id))
    .orderBy(desc(hits.rank), desc(queries.createdAt), desc(queries.id))
    .limit(v.limit)
    .offset(v.offset);
}

/**
 * Active products of approved sellers having the words (name, brand, model, category, tag, colour,
 * description; the last word as a prefix, "earbud" finds "earbuds"), those whose brand, model and
 * name are most like the text first. One row per product line (the sizes of a model and colour are
 * one product page). A misspelt word ("samsnug") is the service's to correct before it comes here:
 * comparing the text with every name by trigrams cost more than the rest of the search together.
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
    .where(
      and(
        sql`${products.isActive}`,
        sql`${products.searchVector} @@ ${tsquery}`,
        byApprovedSeller(products.userId),
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
      id: named<string>(lines.id, 'id'),
      name: named<string>(lines.name, 'name'),
      brand: named<string>(lines.brand, 'brand'),
      model: named<string>(lines.model, 'model'),
      price: named<number>(lines.price, 'price'),
      media: named<(typeof products.$inferSelect)['media']>(lines.media, 'media'),
      // Who sells it: the same product from two stores is two results, each naming its store.
      // (The outer column named in full: written bare it would be the shop's own user_id.)
      seller: sql<string | null>`(select ${shops.name} from ${shops}
        where ${shops.userId} = "lines"."user_id" limit 1)`.as('seller'),
    })
    .from(lines)
    .orderBy(desc(lines.score), desc(lines.id))
    .limit(v.limit)
    .offset(v.offset);
}

/**
 * Stores of approved sellers whose name, area or city has the words ("Kav" finds "Kaveri Silks"),
 * the names most like the text first; "kavery" is corrected by the service first. One row per
 * seller (its store page).
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
    .where(and(sql`${shops.searchVector} @@ ${tsquery}`, byApprovedSeller(shops.userId)))
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
      id: named<string>(sellers.id, 'id'),
      userId: named<string>(sellers.userId, 'userId'),
      name: named<string>(sellers.name, 'name'),
      area: named<string>(sellers.area, 'area'),
      city: named<string>(sellers.city, 'city'),
      media: named<(typeof shops.$inferSelect)['media']>(sellers.media, 'media'),
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

type QueryRow = Row<typeof queriesSelect>;
type ProductRow = Row<typeof productsSelect>;
type StoreRow = Row<typeof storesSelect>;

/** What a search of every kind takes beyond a search's values. */
interface EverythingSlots {
  /** The words a correction could replace, joined by spaces: which of them are known is returned. */
  words: string | Placeholder;
  /** Where the posts' search window starts (posts' searchWindowSince), null when it holds them all. */
  since: string | null | Placeholder;
}

/**
 * A search of every kind in one statement: the posts (posts' bestPostMatches, the review search's
 * choice between its window and all posts), queries, products and stores, each on its own indexes,
 * and which of `words` are words of public names (so that a search finding nothing needs no second
 * statement to learn there is nothing to correct). One round trip and one pool connection instead
 * of five or six (bench/search.mjs).
 */
function everythingSelect(db: Database, v: Slots & EverythingSlots, withWords: boolean) {
  const rows = (query: { getSQL(): SQL } | SQL) =>
    sql`(select coalesce(json_agg(found), '[]'::json) from (${query}) as found)`;
  return db
    .select({
      posts: sql<PostMatch[]>`${rows(bestPostMatches(termsQuery(v, withWords), v.since, v.limit))}`,
      queries: sql<QueryRow[]>`${rows(queriesSelect(db, v, withWords))}`,
      products: sql<ProductRow[]>`${rows(productsSelect(db, v, withWords))}`,
      stores: sql<StoreRow[]>`${rows(storesSelect(db, v, withWords))}`,
      known: sql<string[]>`(select coalesce(array_agg(${searchWords.word}), '{}') from ${searchWords}
        where ${searchWords.word} = any(string_to_array(${v.words}::text, ' ')))`,
    })
    .from(sql`(select 1) as one`);
}
const everythingSlots = { words: sql.placeholder('words'), since: sql.placeholder('since') };

/**
 * searchPosts (as the review search chooses), searchQueries, searchProducts and searchStores in
 * one statement, and which of `words` (lower case) are known words of public names.
 */
export async function searchEverything(
  db: Database,
  values: SearchValues,
  { words, since }: { words: string[]; since: string | null },
) {
  type Everything = {
    posts: PostMatch[];
    queries: QueryRow[];
    products: ProductRow[];
    stores: StoreRow[];
    known: string[];
  };
  const build: Builder = (d, v, withWords) => everythingSelect(d, { ...v, ...everythingSlots }, withWords);
  const [row] = await runPrepared<Everything>(db, 'everything', build, {
    ...values,
    words: words.join(' '),
    since,
  });
  return row ?? { posts: [], queries: [], products: [], stores: [], known: [] };
}

/** The statements with their values written in, for EXPLAIN in the plan tests. */
export const searchStatements = {
  queries: (db: Database, values: SearchValues) => queriesSelect(db, values, values.cleaned !== ''),
  products: (db: Database, values: SearchValues) => productsSelect(db, values, values.cleaned !== ''),
  stores: (db: Database, values: SearchValues) => storesSelect(db, values, values.cleaned !== ''),
  everything: (db: Database, values: SearchValues, words: string[], since: string | null = null) =>
    everythingSelect(db, { ...values, words: words.join(' '), since }, values.cleaned !== ''),
};

/**
 * The known word one edit from `typed` (a letter missing, one too many, one wrong, two swapped) most
 * like it, the most written first among equals; null when none is, or `typed` has under five
 * letters. By the symmetric-delete method (migration 0059): such a word is one of `typed`'s
 * spellings less a letter, or has `typed`, or one of those spellings, among its own. Each is a key
 * look-up, where the trigram search compared hundreds of words (0.2 ms a misspelt suggestion).
 * Held to pg_trgm's default threshold of likeness (0.3) as the trigram search is, so a short word
 * is not "corrected" into a different one.
 */
function oneEditAway(typed: SQL) {
  // The spellings less a letter, as migration 0059's word_deletes makes them, written out: a call
  // of that SQL function is planned again in every run of the statement (half its time here).
  const deletes = sql`array(select left(${typed}, i - 1) || substr(${typed}, i + 1)
    from generate_series(1, length(${typed})) as i)`;
  return sql`(select c.word from (
      select ${searchWordDeletes.word} as word from ${searchWordDeletes}
      where ${searchWordDeletes.variant} = any(array_append(${deletes}, ${typed}))
      union
      select ${searchWords.word} from ${searchWords} where ${searchWords.word} = any(${deletes})
    ) as c
    where length(${typed}) >= 5 and similarity(c.word, ${typed}) >= 0.3
    order by similarity(c.word, ${typed}) desc,
      (select known.uses from ${searchWords} as known where known.word = c.word) desc, c.word
    limit 1)`;
}

/** The statement of closestWords; `words` is the words joined by spaces (a word has none). */
function closestWordsSelect(db: Database, words: string | Placeholder, typing: string | Placeholder) {
  const typed = sql`t.word`;
  return db
    .select({
      typed: sql<string>`${typed}`.as('typed'),
      // The word itself when it is known (a primary-key look-up: most words typed are), or when it
      // is still being typed and a known word starts with it (a range of search_words_prefix_idx,
      // migration 0052: "headp" on the way to "headphones" is not a typo), else a known word one
      // edit away (of five letters or more: the key look-ups of oneEditAway), else the known word
      // most like it (pg_trgm's similarity, at least 0.3, through the trigram index), the most
      // written one first among equals. coalesce reads each only without the one before.
      // (A nearest-neighbour walk of a GiST trigram index was measured slower: 160 against 774
      // suggestions a second on the misspelt-brand row of bench/search.mjs.)
      closest: sql<string | null>`coalesce(
        (select ${searchWords.word} from ${searchWords} where ${searchWords.word} = ${typed}),
        (select ${typed} where case when ${typed} = ${typing}::text then exists (
          select 1 from ${searchWords}
          where ${searchWords.word} ~>=~ ${typed} and ${searchWords.word} ~<~ (${typed} || chr(1114111))
        ) else false end),
        ${oneEditAway(typed)},
        (select ${searchWords.word} from ${searchWords}
          where ${searchWords.word} % ${typed}
          order by similarity(${searchWords.word}, ${typed}) desc, ${searchWords.uses} desc, ${searchWords.word}
          limit 1))`.as('closest'),
    })
    .from(sql`unnest(string_to_array(${words}::text, ' ')) as t(word)`);
}
const closestWordStatement = perDatabase((db) =>
  closestWordsSelect(db, sql.placeholder('words'), sql.placeholder('typing')).prepare('search_closest_words'),
);

/**
 * For each word, the word of a store, product, brand or model name closest to it ("nimbas" ->
 * "nimbus"), or null when none is close. One statement for all the words. `typing` is a word still
 * being typed (the last one of a suggestion): it stays as it is while a known word starts with it.
 */
export async function closestWords(
  db: Database,
  words: string[],
  typing = '',
): Promise<Map<string, string | null>> {
  const rows = await closestWordStatement(db).execute({ words: words.join(' '), typing });
  return new Map(rows.map((r) => [r.typed, r.closest]));
}

/** closestWords' statement with its words written in, for EXPLAIN in the plan tests. */
export const closestWordsStatement = (db: Database, words: string[], typing = '') =>
  closestWordsSelect(db, words.join(' '), typing);

// ---------------------------------------------------------------------------------------------
// Suggestions while typing (issue 39): names and words that start with the text, read in index
// order (migration 0050), so each statement stops after a few entries whatever the data's size.

/**
 * The range of texts that start with `text`, in the byte order of text_pattern_ops: from `text` up
 * to `text` with its last character one higher. Written as a range rather than LIKE 'x%' so that a
 * prepared statement's generic plan still reads the index (a LIKE pattern in a parameter cannot).
 */
export function startRange(text: string): { lo: string; hi: string } {
  const last = text.codePointAt(text.length - 1) ?? 0;
  return { lo: text, hi: `${text.slice(0, -1)}${String.fromCodePoint(Math.min(last + 1, 0x10ffff))}` };
}
type Range = { lo: string | Placeholder | SQL; hi: string | Placeholder | SQL };
/**
 * In the byte order of the text_pattern_ops indexes, which read the range already sorted: the scan
 * stops after three rows, with no sort, whatever the prefix matches, and the prepared statement's
 * generic plan (which cannot know how much a prefix matches) takes that index too. Sorted by the
 * collation instead, a generic plan scanned every product (40 ms; bench/search.mjs's p99 tail).
 */
const inPrefixOrder = (key: SQL) => sql`${key} using ~<~`;
const startsWith = (column: SQL, r: Range) =>
  sql`${column} ~>=~ ${r.lo}::text and ${column} ~<~ ${r.hi}::text`;

// Aliased columns: the three reads reach the service as JSON built by PostgreSQL, keyed by these.
const suggestedStores = (db: Database, r: Range) =>
  db
    .select({
      userId: sql<string>`${shops.userId}`.as('userId'),
      name: sql<string>`${shops.name}`.as('name'),
      area: sql<string>`${shops.area}`.as('area'),
      city: sql<string>`${shops.city}`.as('city'),
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(and(startsWith(sql`lower(${shops.name})`, r), approvedSeller))
    .orderBy(inPrefixOrder(sql`lower(${shops.name})`))
    .limit(3);

// By the start of the name, or of brand, model and name (search_name): "Nimbus B" and "Kaveri" alike.
const suggestedProducts = (db: Database, r: Range, by: 'name' | 'brand') => {
  const key = by === 'name' ? sql`lower(${products.prdctName})` : sql`${products.searchName}`;
  return db
    .select({
      id: sql<string>`${products.id}`.as('id'),
      name: sql<string>`${products.prdctName}`.as('name'),
      brand: sql<string>`${products.brand}`.as('brand'),
      model: sql<string>`${products.model}`.as('model'),
      price: sql<number>`${products.retailDsctPrice}`.as('price'),
      seller: sql<
        string | null
      >`(select ${shops.name} from ${shops} where ${shops.userId} = ${qualified(products.userId)} limit 1)`.as(
        'seller',
      ),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(and(sql`${products.isActive}`, startsWith(key, r), approvedSeller))
    .orderBy(inPrefixOrder(key))
    .limit(3);
};

type SuggestedStore = { userId: string; name: string; area: string; city: string };
type SuggestedProduct = {
  id: string;
  name: string;
  brand: string;
  model: string;
  price: number;
  seller: string | null;
};

/**
 * The suggestion statement: the closest known word to each of `words` (closestWords; `typing` the
 * last word, still being typed), then the three reads for each of two ranges: the text as typed
 * (`r`), and the text with its unknown words corrected (`typed`, all its words, each replaced by
 * its closest), when that differs. Each read is one index range scan per range, stopping after
 * three rows; the rows carry their range's `pass` (1 as typed, 2 corrected).
 *
 * One round trip for a misspelt text as for any other. The corrected range shares the reads'
 * plan nodes (a lateral join over the ranges) rather than adding three reads of its own:
 * PostgreSQL starts every node of a plan, run or not, so three more reads made every suggestion
 * slower (bench/README.md), and a second statement cost the misspelt ones a round trip.
 */
const suggestionsSelect = (
  db: Database,
  r: Range,
  { words, typing, typed }: { words: Slot; typing: Slot; typed: Slot },
) => {
  const corrections = db.$with('corrections').as(closestWordsSelect(db, words, typing));
  // Each word replaced by its correction, in order: the corrections as one JSON object made once
  // (an init plan), and no join or sort (each a node PostgreSQL starts in every run).
  const correctedText = sql`array_to_string(array(
    select coalesce((select json_object_agg(c.typed, c.closest) from ${corrections} as c) ->> w.word, w.word)
    from unnest(string_to_array(${typed}::text, ' ')) as w(word)), ' ')`;
  const ranges = db.$with('ranges', { pass: sql<number>`pass`, lo: sql<string>`lo`, hi: sql<string>`hi` }).as(
    sql`select 1 as pass, ${r.lo}::text as lo, ${r.hi}::text as hi
      union all
      select 2, t.text, left(t.text, -1) || chr(${nextCodePoint(sql`right(t.text, 1)`)})
      -- (offset 0: the text is made once, not copied into each of its four uses below)
      from (select ${correctedText} as text offset 0) as t
      where t.text <> ${typed}::text`,
  );
  const inRange = { lo: sql`${ranges}.lo`, hi: sql`${ranges}.hi` };
  const rows = (query: ReturnType<typeof suggestedStores> | ReturnType<typeof suggestedProducts>) =>
    sql`(select coalesce(json_agg(row_to_json(found)), '[]'::json) from (
      select ${ranges}.pass, read.* from ${ranges} cross join lateral (${query}) as read) as found)`;
  return db
    .with(corrections, ranges)
    .select({
      stores: sql<Passed<SuggestedStore>[]>`${rows(suggestedStores(db, inRange))}`,
      byName: sql<Passed<SuggestedProduct>[]>`${rows(suggestedProducts(db, inRange, 'name'))}`,
      byBrand: sql<Passed<SuggestedProduct>[]>`${rows(suggestedProducts(db, inRange, 'brand'))}`,
      corrected: sql<string | null>`(select ${ranges}.lo from ${ranges} where ${ranges}.pass = 2)`,
    })
    .from(sql`(select 1) as one`);
};
type Slot = string | Placeholder;
type Passed<Row> = Row & { pass: number };

/**
 * The code point after `char`'s, as startRange takes it (in SQL): the end of the range of texts
 * that start with a text ending in `char`; past the surrogates, which chr() refuses.
 */
const nextCodePoint = (char: SQL) =>
  sql`case when ascii(${char}) + 1 between 55296 and 57343 then 57344 else least(ascii(${char}) + 1, 1114111) end`;

/** The suggestion statement with its values written in, for EXPLAIN in the plan tests. */
export const suggestionStatements = {
  stores: (db: Database, text: string) => suggestedStores(db, startRange(text)),
  productsByName: (db: Database, text: string) => suggestedProducts(db, startRange(text), 'name'),
  productsByBrand: (db: Database, text: string) => suggestedProducts(db, startRange(text), 'brand'),
  /** The three in the one statement the suggestions run, with the correction of `words`. */
  all: (db: Database, text: string, words: string[] = [], typing = '') =>
    suggestionsSelect(db, startRange(text), { words: words.join(' '), typing, typed: text }),
};

const suggestionRead = perDatabase((db) =>
  suggestionsSelect(
    db,
    { lo: sql.placeholder('lo'), hi: sql.placeholder('hi') },
    { words: sql.placeholder('words'), typing: sql.placeholder('typing'), typed: sql.placeholder('typed') },
  ).prepare('search_suggest'),
);

/**
 * Stores and products whose name starts with `text` (lower case), approved sellers' only, up to
 * three products found by name or by brand, each once. When none does, the same for the text
 * with each of `typed` (its words, in order) that is one of `words` replaced by the closest word
 * of a public name, as closestWords gives it (`typing`: the last word, still being typed), and
 * `corrected` that text; else `corrected` is null.
 */
export async function namesStartingWith(
  db: Database,
  text: string,
  { typed = [], words = [], typing = '' }: { typed?: string[]; words?: string[]; typing?: string } = {},
) {
  const [found] = await suggestionRead(db).execute({
    ...startRange(text),
    words: words.join(' '),
    typing,
    typed: typed.join(' '),
  });
  const { stores = [], byName = [], byBrand = [], corrected = null } = found ?? {};
  // The rows as typed when there are any; else the corrected text's.
  const asTyped = [...stores, ...byName, ...byBrand].some((row) => row.pass === 1);
  const pass = asTyped ? 1 : 2;
  const inPass = <Row extends { pass: number }>(list: Row[]) => list.filter((row) => row.pass === pass);
  const seen = new Set<string>();
  const products = [...inPass(byName), ...inPass(byBrand)].filter((p) => !seen.has(p.id) && seen.add(p.id));
  return {
    stores: inPass(stores),
    products: products.slice(0, 3),
    corrected: asTyped ? null : corrected,
  };
}
