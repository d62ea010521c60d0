import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { anyWordsQuery, searchTerms, termsQuery } from '../../lib/full-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { genericPlanOf, planOf } from '../../test/explain.js';
import { insertSeries } from '../../test/insert-series.js';
import {
  bestPostMatches,
  feedPage,
  feedStatement,
  postsAboutProfile,
  postsTaggingProductStatement,
  rankedMatches,
  searchPosts,
  searchWindowQuery,
  searchWindowStart,
  trimSearchWindow,
  windowMatches,
} from './posts.repository.js';

// The plans the post lists and the search run with, on enough posts (30,000, analysed) that the
// planner picks by cost as it does at a million (bench/posts.mjs prints those plans): a handful of
// demo rows fit one page, where any plan is a scan.
const POSTS = 30_000;
const BRANDS = 200;
const hexId = (prefix: string, expr: string) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
const brandId = (n: number) => `b1${n.toString(16).padStart(22, '0')}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(
    sql.raw(`insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
      select ${hexId('b1', 's')}, 'plan-brand' || s || '@example.com', 'Plan Brand ' || s, 'SELLER', true, true, 'x'
      from generate_series(1, ${BRANDS}) s`),
  );
  // Each word is in about 1% of the posts; one post in fifty is private; seven seconds apart.
  await insertSeries(
    t.db,
    POSTS,
    (from, to) =>
      `insert into posts (id, author_name, title, description, brand_user_id, is_private, created_at)
      select ${hexId('d1', 's')}, 'Plan Author', 'alpha' || s % 101 || ' beta' || s % 103,
             'gamma' || s % 107 || ' delta' || s % 109, ${hexId('b1', `1 + s % ${BRANDS}`)}, s % 50 = 0,
             timestamptz '2026-01-01' - make_interval(secs => s * 7)
      from generate_series(${from}, ${to}) s`,
  );
  // PostgreSQL's autovacuum does this after a load; the visibility map lets index-only scans skip
  // the table.
  await t.db.execute(sql`vacuum analyze posts`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('query plans at 30,000 posts', () => {
  it('search ranks in the copy of the newest posts, found by its GIN index, then reads a page of posts', async () => {
    const since = (await searchWindowStart(t.db))!;
    // As the API does when the window moves: the copy then holds the window (20,000 posts) only.
    await trimSearchWindow(t.db, since);
    await t.db.execute(sql`vacuum analyze recent_post_search`);
    const explained = await planOf(t.db, windowMatches(t.db, anyWordsQuery('alpha7 gamma9')!, since, 10, 0));
    expect(explained).toMatch(/Bitmap Index Scan on recent_post_search_idx/);
    expect(explained).toMatch(/Index Scan using posts_pkey/);
    // Never the GIN index of all posts, nor a scan of them.
    expect(explained).not.toMatch(/posts_search_idx|Seq Scan/);
  });

  it('the header search runs the same two statements with one plan for every value, and it reads the same indexes', async () => {
    // The header search's connections keep a prepared statement's generic plan (DatabaseHandle.plannedOnce).
    const since = (await searchWindowStart(t.db))!;
    const tsquery = anyWordsQuery('alpha7 gamma9')!;
    const inWindow = await genericPlanOf(t.db, windowMatches(t.db, tsquery, since, 10, 0));
    expect(inWindow).toMatch(/Bitmap Index Scan on recent_post_search_idx/);
    expect(inWindow).not.toMatch(/posts_search_idx|Seq Scan/);
    const all = await genericPlanOf(t.db, rankedMatches(t.db, tsquery, 10, 0));
    expect(all).toMatch(/Bitmap Index Scan on posts_search_idx/);
    expect(all).not.toMatch(/Seq Scan/);
  });

  it("the header search's choice between the window and all posts is one statement that runs only the branch it chose", async () => {
    const since = (await searchWindowStart(t.db))!;
    // Every word, as the header search asks (searchTerms: the last one a prefix).
    const best = (words: string) =>
      t.db
        .select({ id: sql`id` })
        .from(
          sql`(${bestPostMatches(termsQuery(searchTerms(words)!, words.includes(' ')), since, 6)}) as best`,
        );
    // A word in about 1% of the posts: the window (20,000 newest) holds a page and more.
    const common = await planOf(t.db, best('alpha7'), { analyze: true });
    expect(common).toMatch(/Bitmap Index Scan on recent_post_search_idx \(actual rows=[1-9]/);
    expect(common).toMatch(/Bitmap Index Scan on posts_search_idx \(never executed\)/);
    // Two words together in three posts, two of them in the window: less than a page, all posts are ranked.
    const rare = await planOf(t.db, best('gamma100 alpha100'), { analyze: true });
    expect(rare).toMatch(/Bitmap Index Scan on posts_search_idx \(actual rows/);
    expect(rare).toMatch(/Index Scan using posts_pkey on posts \(never executed\)/);
    // Its one plan for every value, as the header search's planned-once connections keep it.
    const generic = await genericPlanOf(t.db, best('alpha7'));
    expect(generic).toMatch(/Bitmap Index Scan on recent_post_search_idx/);
    expect(generic).toMatch(/Bitmap Index Scan on posts_search_idx/);
    expect(generic).not.toMatch(/Seq Scan/);
    // And it finds what searchPosts' one or two statements find, in the same order.
    for (const words of ['alpha7', 'gamma100 alpha100', 'beta5 delta6']) {
      const tsquery = termsQuery(searchTerms(words)!, words.includes(' '));
      const viaSearchPosts = await searchPosts(t.db, tsquery, { limit: 6, offset: 0 });
      expect((await best(words)).map((r) => r.id)).toEqual(viaSearchPosts.map((p) => p.id));
    }
  });

  it('both full-text indexes keep no pending list, which every search would read whole', async () => {
    const result = await t.db.execute(
      sql`select relname, array_to_string(reloptions, ',') as options from pg_class
          where relname in ('posts_search_idx', 'recent_post_search_idx') order by relname`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      relname: string;
      options: string | null;
    }>;
    expect(rows).toEqual([
      { relname: 'posts_search_idx', options: 'fastupdate=false' },
      { relname: 'recent_post_search_idx', options: 'fastupdate=false' },
    ]);
  });

  it('the copy of the window follows the posts: new, edited, made private, deleted', async () => {
    const since = (await searchWindowStart(t.db))!;
    const find = async (words: string) =>
      (await windowMatches(t.db, anyWordsQuery(words)!, since, 10, 0)).map((r) => r.id);
    await t.db.execute(
      sql`insert into posts (id, author_name, title, description) values ('d1new', 'Plan Author', 'Okapi', 'fresh')`,
    );
    expect(await find('okapi')).toEqual(['d1new']);
    const [newest] = await feedPage(t.db, { limit: 1, offset: 1 });
    await t.db.execute(sql`update posts set title = 'Capybara' where id = ${newest!.id}`);
    expect(await find('capybara')).toEqual([newest!.id]);
    await t.db.execute(sql`update posts set is_private = true where id = ${newest!.id}`);
    expect(await find('capybara')).toEqual([]);
    await t.db.execute(sql`delete from posts where id = 'd1new'`);
    expect(await find('okapi')).toEqual([]);
    const copies = await t.db.execute(
      sql`select count(*)::int as n from recent_post_search where post_id in ('d1new', ${newest!.id})`,
    );
    const list = Array.isArray(copies) ? copies : (copies as { rows: unknown[] }).rows;
    expect((list as Array<{ n: number }>)[0]!.n).toBe(0);
  });

  it('the search window starts where an index-only walk of the feed index says', async () => {
    const explained = await planOf(t.db, searchWindowQuery(t.db, 1000));
    expect(explained).toMatch(/Index Only Scan Backward using posts_feed_idx/);
  });

  it('a deep feed page skips index entries only (index-only scan), then reads its ten rows', async () => {
    const { text, values } = feedStatement(t.db, { limit: 10, offset: 9990 });
    const explained = await planOf(t.db, { toSQL: () => ({ sql: text, params: values }) });
    // The review feed's own index, which holds no requirements (migration 0046).
    expect(explained).toMatch(/Index Only Scan Backward using posts_review_feed_idx/);
    expect(explained).toMatch(/Index Scan using posts_pkey/);
  });

  it("a product's reviews walk product_posts' key newest first, in one plan for every product (issue 41)", async () => {
    // 5,000 older public posts tag one product and 5,000 others a hundred more (older than the rest,
    // so the other tests' windows do not move): the containment the page
    // used before found every match of the product, sorted them, and was planned again each time.
    const product = 'e1' + '0'.repeat(22);
    await insertSeries(
      t.db,
      10_000,
      (from, to) =>
        `insert into posts (id, author_name, title, products, created_at)
        select ${hexId('e2', 's')}, 'Tagger', 'tag ' || s,
          jsonb_build_array(jsonb_build_object('name', 'P', 'productID',
            case when s % 2 = 0 then '${product}' else 'e3' || lpad(to_hex(s % 100), 22, '0') end, 'ordered', false)),
          timestamptz '2024-01-01' - make_interval(secs => s * 11)
        from generate_series(${from}, ${to}) s`,
    );
    await t.db.execute(sql`analyze product_posts`);
    for (const window of [
      { limit: 6, offset: 0 },
      { limit: 6, offset: 60 },
    ]) {
      const { text, values } = postsTaggingProductStatement(t.db, product, window);
      const explained = await genericPlanOf(t.db, { toSQL: () => ({ sql: text, params: values }) });
      expect(explained).toMatch(/Index (Only )?Scan Backward using product_posts_pkey/);
      expect(explained).toMatch(/Index Scan using posts_pkey/);
      expect(explained).not.toMatch(/posts_products_idx|Bitmap|Seq Scan/);
    }
  });

  it("a brand's reviews walk the three (profile, created_at, id) indexes newest first", async () => {
    const explained = await planOf(t.db, postsAboutProfile(t.db, brandId(5), { limit: 10, offset: 0 }));
    for (const index of ['posts_store_user_idx', 'posts_brand_user_idx', 'posts_influencer_user_idx']) {
      expect(explained).toMatch(new RegExp(`Index Scan Backward using ${index}`));
    }
    expect(explained).not.toMatch(/Seq Scan|Bitmap/);
  });

  it('the window of the newest posts and the pages answer with the rows the plans promise', async () => {
    const since = (await searchWindowStart(t.db, 1000))!;
    const rows = await windowMatches(t.db, anyWordsQuery('alpha7 gamma9')!, since, 10, 0);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.createdAtKey >= since)).toBe(true);
    const deep = await feedPage(t.db, { limit: 10, offset: 9990 });
    expect(deep).toHaveLength(10);
    const brand = await postsAboutProfile(t.db, brandId(5), { limit: 10, offset: 10 });
    expect(brand.map((p) => p.brandUserId)).toEqual(Array(10).fill(brandId(5)));
  });
});
