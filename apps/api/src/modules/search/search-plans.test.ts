import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { searchTerms } from '../../lib/full-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { genericPlanOf, planOf } from '../../test/explain.js';
import { insertSeries } from '../../test/insert-series.js';
import { searchSite } from './search.service.js';
import {
  closestWords,
  closestWordsStatement,
  searchEverything,
  searchProducts,
  searchQueries,
  searchStatements,
  searchStores,
  suggestionStatements,
  type SearchValues,
} from './search.repository.js';

// The plans of the header search on enough rows (30,000 products and queries, 10,000 stores,
// analysed) that the planner picks by cost as it does at scale: on a handful of demo rows any plan
// is a scan. Posts are searched by the review search, whose plans posts-plans.test.ts holds.
const SELLERS = 1_000;
const PRODUCTS = 30_000;
const STORES = 10_000;
const QUERIES = 30_000;
const hexId = (prefix: string, expr: string) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
// A made-up word of eight letters per number, as varied as real brand and store names.
const word = (expr: string) => `translate(substr(md5((${expr})::text), 1, 8), '0123456789', 'ghijklmnop')`;

let t: TestApp;

async function rows(db: Database, query: ReturnType<typeof sql>) {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(
    sql.raw(`insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
      select ${hexId('c1', 's')}, 'plan-seller' || s || '@example.com', 'Plan Seller ' || s,
             case when s % 20 = 0 then 'USER' else 'SELLER' end, s % 20 <> 0, s % 2 = 0, 'x'
      from generate_series(1, ${SELLERS}) s`),
  );
  await insertSeries(
    t.db,
    STORES,
    (from, to) =>
      `insert into shops (id, user_id, name, area, city)
      select ${hexId('c2', 's')}, ${hexId('c1', `1 + s % ${SELLERS}`)},
             initcap(${word('s')}) || ' ' || initcap(${word('s % 97')}), 'Area ' || s % 300, 'City ' || s % 50
      from generate_series(${from}, ${to}) s`,
  );
  // One in ten products is inactive; brands repeat across sellers, as real brands do.
  await insertSeries(
    t.db,
    PRODUCTS,
    (from, to) =>
      `insert into products (id, user_id, prdct_name, brand, model, description, is_active)
      select ${hexId('c3', 's')}, ${hexId('c1', `1 + s % ${SELLERS}`)},
             'alpha' || s % 101 || ' beta' || s % 103, initcap(${word('s % 700')}), upper(${word('s % 5000')}),
             'gamma' || s % 107 || ' delta' || s % 109, s % 10 <> 0
      from generate_series(${from}, ${to}) s`,
  );
  await insertSeries(
    t.db,
    QUERIES,
    (from, to) =>
      `insert into queries (id, text, asker_name, awaiting_confirmation, created_at)
      select ${hexId('c4', 's')}, 'alpha' || s % 101 || ' gamma' || s % 107 || ' question', 'Plan Asker', s % 50 = 0,
             timestamptz '2026-01-01' - make_interval(secs => s * 7)
      from generate_series(${from}, ${to}) s`,
  );
  await t.db.execute(sql`vacuum analyze users`);
  await t.db.execute(sql`vacuum analyze shops`);
  await t.db.execute(sql`vacuum analyze products`);
  await t.db.execute(sql`vacuum analyze queries`);
  await t.db.execute(sql`vacuum analyze search_words`);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** A search's values as the service makes them, for a page of five (and one more). */
const valuesOf = (text: string): SearchValues => ({
  ...searchTerms(text)!,
  typed: text.toLowerCase(),
  limit: 6,
  offset: 0,
});

describe('header search plans at 30,000 products and queries, 10,000 stores', () => {
  // Each statement twice: as planned for its values, and as the one generic plan the searches'
  // planned-once connections keep for every value (DatabaseHandle.plannedOnce), which can use the
  // partial index (`where is_active`) only because the statement says `is_active`, not `= $1`.
  it('products: the full-text index, never a scan of products, in both plans', async () => {
    const brand = (await rows(t.db, sql`select brand from products where is_active limit 1`))[0]!
      .brand as string;
    const statement = searchStatements.products(t.db, valuesOf(`${brand.toLowerCase()} alp`));
    for (const explained of [await planOf(t.db, statement), await genericPlanOf(t.db, statement)]) {
      expect(explained).toMatch(/Bitmap Index Scan on products_search_idx/);
      expect(explained).not.toMatch(/Seq Scan on products/);
      // The seller of each product found, by the users' key: never every seller hashed first.
      expect(explained).toMatch(/Index Scan using users_pkey/);
      expect(explained).not.toMatch(/Seq Scan on users/);
    }
    // A misspelt brand is no longer matched row by row (a trigram search of every product name);
    // the service corrects the word first ("Did you mean", search.test.ts) and searches again.
    const typo = `${brand.slice(0, 3)}${brand[4]}${brand[3]}${brand.slice(5)}`.toLowerCase();
    expect(await searchProducts(t.db, valuesOf(typo))).toEqual([]);
    const corrected = await searchSite(t.plannedOnce, { q: typo, kind: 'products', page: 1 });
    expect(corrected.didYouMean).toBe(brand.toLowerCase());
    expect(corrected.groups[0]!.items.length).toBeGreaterThan(0);
  });

  it('stores: the full-text index, never a scan of shops, in both plans', async () => {
    const name = (await rows(t.db, sql`select name from shops limit 1`))[0]!.name as string;
    const statement = searchStatements.stores(t.db, valuesOf(name.slice(0, 6)));
    for (const explained of [await planOf(t.db, statement), await genericPlanOf(t.db, statement)]) {
      expect(explained).toMatch(/Bitmap Index Scan on shops_search_idx/);
      expect(explained).not.toMatch(/Seq Scan on (shops|users)/);
    }
  });

  it('"Did you mean": a known word by its key, else the closest through the words\' trigram index, never a scan', async () => {
    const brand = (await rows(t.db, sql`select lower(brand) as brand from products limit 1`))[0]!
      .brand as string;
    const typo = `${brand.slice(0, 3)}${brand[4]}${brand[3]}${brand.slice(5)}`;
    const explained = await planOf(t.db, closestWordsStatement(t.db, [typo]));
    // (The key look-up may read either unique-enough index of the word.)
    expect(explained).toMatch(/Index Only Scan using search_words_(pkey|prefix_idx)/);
    expect(explained).toMatch(/Bitmap Index Scan on search_words_trgm_idx/);
    expect(explained).not.toMatch(/Seq Scan on search_words/);
    expect((await closestWords(t.db, [typo])).get(typo)).toBe(brand);
    // One edit away (two letters swapped), it is found by the keys of its spellings less a letter
    // (migration 0059): the trigram search is never run.
    expect(explained).toMatch(/Index (Only )?Scan (using|on) search_word_deletes_pkey/);
    const ran = await planOf(t.db, closestWordsStatement(t.db, [typo]), { analyze: true });
    expect(ran).toMatch(/Bitmap Index Scan on search_words_trgm_idx \(never executed\)/);
    for (const plan of [explained, await genericPlanOf(t.db, closestWordsStatement(t.db, [typo]))]) {
      expect(plan).not.toMatch(/Seq Scan on search_word/);
    }
    // Two edits away (its last two letters missing), the trigram search finds it.
    const farther = brand.slice(0, -2);
    expect((await closestWords(t.db, [farther])).get(farther)).toBe(brand);
    // A word still being typed is looked up as the start of a known word (a range of the prefix
    // index), and only a word nothing starts with goes on to the trigram search.
    const half = brand.slice(0, 4);
    const typing = await planOf(t.db, closestWordsStatement(t.db, [half], half));
    expect(typing).toMatch(/Index Cond: \(\(word ~>=~ t\.word\) AND \(word ~<~/);
    expect(typing).not.toMatch(/Seq Scan on search_words/);
    expect((await closestWords(t.db, [half], half)).get(half)).toBe(half);
  });

  it('suggestions: a range of the name prefix indexes, never a scan of shops or products', async () => {
    const brand = (
      await rows(t.db, sql`select lower(brand) as brand from products where is_active limit 1`)
    )[0]!.brand as string;
    const name = (await rows(t.db, sql`select lower(name) as name from shops limit 1`))[0]!.name as string;
    const stores = await planOf(t.db, suggestionStatements.stores(t.db, name.slice(0, 4)));
    expect(stores).toMatch(/Index Scan (using|on) shops_name_prefix_idx/);
    const byBrand = await planOf(t.db, suggestionStatements.productsByBrand(t.db, brand.slice(0, 4)));
    expect(byBrand).toMatch(/Index Scan (using|on) products_search_name_prefix_idx/);
    const byName = await planOf(t.db, suggestionStatements.productsByName(t.db, 'alpha1'));
    expect(byName).toMatch(/Index Scan (using|on) products_name_prefix_idx/);
    // (A prefix matching a hundred names may be read as a bitmap and sorted: still a few pages.)
    for (const plan of [stores, byBrand, byName]) expect(plan).not.toMatch(/Seq Scan on (shops|products)/);
    // Run together as one statement (one round trip), each keeps its index.
    const all = await planOf(t.db, suggestionStatements.all(t.db, brand.slice(0, 4)));
    expect(all).toMatch(/shops_name_prefix_idx/);
    expect(all).toMatch(/products_search_name_prefix_idx/);
    expect(all).toMatch(/products_name_prefix_idx/);
    expect(all).not.toMatch(/Seq Scan on (shops|products)/);
  });

  it("suggestions: the prepared statement's generic plan reads the same indexes, in order, with no sort", async () => {
    // Sorted by the collation and with `is_active = $n`, the generic plan scanned every product
    // (40 ms each, the p99 tail of bench/search.mjs); in the indexes' own order and with
    // `is_active` as itself it reads three rows.
    const plan = await genericPlanOf(t.db, suggestionStatements.all(t.db, 'alp'));
    // The correction of its words in the same statement (a word misspelt, one being typed) reads
    // the words' indexes (its closest word is sorted among the few the trigram index finds).
    const withWords = await genericPlanOf(
      t.db,
      suggestionStatements.all(t.db, 'alpah7 be', ['alpah7'], 'be'),
    );
    expect(withWords).toMatch(/Bitmap Index Scan on search_words_trgm_idx/);
    expect(withWords).toMatch(/Index Only Scan using search_words_(pkey|prefix_idx)/);
    expect(withWords).not.toMatch(/Seq Scan on (shops|products|search_words)/);
    expect(plan).toMatch(/Index Scan using shops_name_prefix_idx/);
    expect(plan).toMatch(/Index Scan using products_name_prefix_idx/);
    expect(plan).toMatch(/Index Scan using products_search_name_prefix_idx/);
    expect(plan).not.toMatch(/Seq Scan on (shops|products)/);
    // (Only the correction sorts: its few trigram matches by similarity.)
    expect(plan).not.toMatch(/Sort Key: .*name/);
  });

  it('suggestions for a misspelt text: the corrected range through the same three reads, in one statement', async () => {
    // PostgreSQL starts every node of a plan, run or not: the corrected text's range goes through
    // the same reads (one index scan of each name index), not three reads more.
    const plan = await genericPlanOf(t.db, suggestionStatements.all(t.db, 'alpah7 be', ['alpah7'], 'be'));
    for (const index of [
      'shops_name_prefix_idx',
      'products_name_prefix_idx',
      'products_search_name_prefix_idx',
    ])
      expect(plan.match(new RegExp(`Index Scan using ${index}`, 'g'))).toHaveLength(1);
    expect(plan).not.toMatch(/Seq Scan on (shops|products|search_words)/);
    // Run: nothing starts with a brand misspelt; the brand is read in the same statement.
    const brand = (
      await rows(
        t.db,
        sql`select lower(brand) as brand from products
        where is_active and substr(brand, 4, 1) <> substr(brand, 5, 1) limit 1`,
      )
    )[0]!.brand as string;
    const typo = `${brand.slice(0, 3)}${brand[4]}${brand[3]}${brand.slice(5)}`;
    const [found] = await suggestionStatements.all(t.db, typo, [typo], typo);
    expect(found!.corrected).toBe(brand);
    const named = [...found!.byName, ...found!.byBrand];
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((row) => row.pass === 2)).toBe(true);
  });

  it('queries: the full-text index, never a scan of queries, in both plans', async () => {
    const statement = searchStatements.queries(t.db, valuesOf('alpha7 gamma9'));
    for (const explained of [await planOf(t.db, statement), await genericPlanOf(t.db, statement)]) {
      expect(explained).toMatch(/Bitmap Index Scan on queries_search_idx/);
      expect(explained).not.toMatch(/Seq Scan on queries/);
    }
  });

  it('a search of every kind: one statement, each kind with its index, in both plans', async () => {
    const statement = searchStatements.everything(
      t.db,
      valuesOf('alpha7 gamma9'),
      ['alpha7', 'gamma9'],
      '2026-01-01 00:00:00+00',
    );
    for (const explained of [await planOf(t.db, statement), await genericPlanOf(t.db, statement)]) {
      // (Its posts' part is the review search's choice: posts-plans.test.ts, where there are posts.)
      expect(explained).toMatch(/Bitmap Index Scan on queries_search_idx/);
      expect(explained).toMatch(/Bitmap Index Scan on products_search_idx/);
      expect(explained).toMatch(/Bitmap Index Scan on shops_search_idx/);
      expect(explained).toMatch(/Index Only Scan using search_words_(pkey|prefix_idx)/);
      expect(explained).not.toMatch(/Seq Scan on (queries|products|shops|search_words|users)/);
    }
    // The same rows as the three statements of one kind each, and the words it knows.
    const values = valuesOf('alpha7');
    const together = await searchEverything(t.db, values, { words: ['alpha7', 'zzzzqq'], since: null });
    expect(together.queries).toEqual(await searchQueries(t.db, values));
    expect(together.products).toEqual(await searchProducts(t.db, values));
    expect(together.stores).toEqual(await searchStores(t.db, values));
    expect(together.posts).toEqual([]);
    expect(together.products.length).toBeGreaterThan(0);
    expect(together.known).toEqual(['alpha7']);
  });

  it('the planned-once connections plan each search statement once, never again per run', async () => {
    // Planning a search for its values took 3-10 times running it (bench/README.md, issue 39).
    // In one transaction, so every statement goes to one connection, where its prepared
    // statements and their plan counts can be read.
    const { mode, statements } = await t.plannedOnce.transaction(async (tx) => {
      for (const q of ['alpha7', 'alpha7 gamma9', 'gamma9 alpha7', 'beta3', 'beta3 alpha1', 'alp']) {
        await searchSite(tx, { q, kind: 'all', page: 1 });
      }
      return {
        mode: (await rows(tx, sql`select current_setting('plan_cache_mode') as mode`))[0]!.mode,
        statements: await rows(
          tx,
          sql`select name, generic_plans::int as generic, custom_plans::int as custom
              from pg_prepared_statements where name like '%search%' order by name`,
        ),
      };
    });
    expect(mode).toBe('force_generic_plan');
    // The one statement of every kind, for one word and for several, and the correction's, each
    // run several times with one plan.
    expect(statements.map((s) => s.name)).toEqual(
      expect.arrayContaining(['search_closest_words', 'search_everything_word', 'search_everything_words']),
    );
    expect(statements.every((s) => s.custom === 0 && (s.generic as number) >= 1)).toBe(true);
    // The rest of the API plans per run as before.
    expect((await rows(t.db, sql`select current_setting('plan_cache_mode') as mode`))[0]!.mode).toBe('auto');
  });

  it('runs each search as a statement prepared once per shape, not rebuilt and parsed per search', async () => {
    // In one transaction, so every statement goes to one connection and its prepared statements
    // can be read there (a pool's live on each of its connections).
    const names = await t.db.transaction(async (tx) => {
      for (const text of ['alpha7', 'alpha7 gamma9', 'gamma9 alpha7', 'beta3']) {
        const values = valuesOf(text);
        await searchQueries(tx, values);
        expect((await searchProducts(tx, values)).length).toBeGreaterThan(0);
        await searchStores(tx, values);
      }
      const list = await rows(
        tx,
        sql`select name from pg_prepared_statements where name like 'search_%' order by name`,
      );
      // (The "Did you mean" and every-kind statements may be prepared here by another test.)
      return list
        .map((r) => r.name as string)
        .filter((name) => name !== 'search_closest_words' && !name.startsWith('search_everything'));
    });
    expect(names).toEqual([
      'search_products_word',
      'search_products_words',
      'search_queries_word',
      'search_queries_words',
      'search_stores_word',
      'search_stores_words',
    ]);
  });

  it('the search indexes keep no pending list, which every search would read whole', async () => {
    const list = await rows(
      t.db,
      sql`select relname, array_to_string(reloptions, ',') as options from pg_class
          where relname in ('products_search_idx', 'shops_search_idx') order by relname`,
    );
    expect(list).toHaveLength(2);
    expect(list.every((r) => r.options === 'fastupdate=false')).toBe(true);
  });
});
