import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { planOf } from '../../test/explain.js';
import { insertSeries } from '../../test/insert-series.js';
import { countAnsweredOf, listAnsweredOf } from './queries.repository.js';

// A store's page lists its answered questions (issue 39). On 20,000 questions to 200 stores, a third
// of them answered, analysed so the planner picks by cost, its page walks one store's questions by
// queries_scope_user_idx and finds each answer by posts_query_idx: never a scan of either table.
const QUERIES = 20_000;
const STORES = 200;
const hexId = (prefix: string, expr: string) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
const storeId = (n: number) => `c1${n.toString(16).padStart(22, '0')}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(
    sql.raw(`insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
      select ${hexId('c1', 's')}, 'plan-store' || s || '@example.com', 'Plan Store ' || s, 'SELLER', true, false, 'x'
      from generate_series(1, ${STORES}) s`),
  );
  await insertSeries(
    t.db,
    QUERIES,
    (from, to) =>
      `insert into queries (id, text, scope, scope_user_id, created_at)
      select ${hexId('e1', 's')}, 'Question number ' || s, 'store', ${hexId('c1', `1 + s % ${STORES}`)},
             timestamptz '2026-01-01' - make_interval(secs => s * 7)
      from generate_series(${from}, ${to}) s`,
  );
  await insertSeries(
    t.db,
    Math.floor(QUERIES / 3),
    (from, to) =>
      `insert into posts (id, author_name, title, query_id, created_at)
      select ${hexId('f1', 's')}, 'Plan Author', 'Answer ' || s, ${hexId('e1', 's * 3')},
             timestamptz '2026-01-02' - make_interval(secs => s * 7)
      from generate_series(${from}, ${to}) s`,
  );
  await t.db.execute(sql`vacuum analyze queries`);
  await t.db.execute(sql`vacuum analyze posts`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a store’s answered questions at 20,000 questions', () => {
  it('walk the store’s questions newest first and find each answer by its index', async () => {
    const explained = await planOf(t.db, listAnsweredOf(t.db, storeId(5), { limit: 6, offset: 0 }));
    expect(explained).toMatch(/queries_scope_user_idx/);
    expect(explained).toMatch(/posts_query_idx/);
    expect(explained).not.toMatch(/Seq Scan/);
  });

  it('are counted right: only the store’s, only those answered', async () => {
    const counted = await countAnsweredOf(t.db, storeId(5));
    // Store 5 is asked questions 5, 205, 405, ...: every third of them (a multiple of 3) is answered.
    expect(counted).toBe(
      Array.from({ length: QUERIES }, (_, i) => i + 1).filter((s) => s % STORES === 4 && s % 3 === 0).length,
    );
  });
});
