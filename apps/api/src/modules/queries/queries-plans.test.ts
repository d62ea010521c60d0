import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { planOf } from '../../test/explain.js';
import { insertSeries } from '../../test/insert-series.js';
import { countAnsweredOf, listAnsweredOf } from './queries.repository.js';

// A store's page lists its answered questions (issue 39). On 20,000 questions to 200 stores, a third
// of them answered, analysed so the planner picks by cost, its page walks only the store's answered
// questions (queries_answered_of_idx, migration 0053) and finds each answer by posts_query_idx:
// never a scan of either table, and never a walk through a busy store's unanswered questions.
const QUERIES = 20_000;
const STORES = 200;
const hexId = (prefix: string, expr: string) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
const storeId = (n: number) => `c1${n.toString(16).padStart(22, '0')}`;

let t: TestApp;

/** The rows a statement answers. */
async function rowsOf(query: ReturnType<typeof sql.raw>) {
  const result = (await t.db.execute(query)) as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

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
    expect(explained).toMatch(/queries_answered_of_idx/);
    expect(explained).toMatch(/posts_query_idx/);
    expect(explained).not.toMatch(/Seq Scan/);
  });

  it('read only the answered ones of a store asked 5,000 questions and answering 3', async () => {
    const busy = 'c1ffffffffffffffffffffff';
    await t.db.execute(sql`insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
      values (${busy}, 'busy-store@example.com', 'Busy Store', 'SELLER', true, false, 'x')`);
    await t.db.execute(
      sql.raw(`insert into queries (id, text, scope, scope_user_id, created_at)
        select ${hexId('e9', 's')}, 'Busy question ' || s, 'store', '${busy}',
               timestamptz '2026-06-01' - make_interval(secs => s)
        from generate_series(1, 5000) s`),
    );
    // The three oldest are answered: a walk of all the store's questions would pass 4,997 first.
    await t.db.execute(
      sql.raw(`insert into posts (id, author_name, title, query_id)
        select ${hexId('f9', 's')}, 'Busy Author', 'Answer ' || s, ${hexId('e9', 's')}
        from generate_series(4998, 5000) s`),
    );
    await t.db.execute(sql`analyze queries`);
    const plan = await planOf(t.db, listAnsweredOf(t.db, busy, { limit: 6, offset: 0 }), { analyze: true });
    expect(plan).toMatch(
      /Index Scan using queries_answered_of_idx on queries \(actual rows=3(\.00)? loops=1\)/,
    );
    expect(await countAnsweredOf(t.db, busy)).toBe(3);
  });

  it('keep each question’s count of public answers through every write to its answers', async () => {
    const asked = hexId('e1', '999');
    const count = async () =>
      Number(
        (await rowsOf(sql.raw(`select public_answers from queries where id = ${asked}`)))[0]!.public_answers,
      );
    const before = await count();
    const id = 'f8000000000000000000000a';
    const run = (statement: string) => t.db.execute(sql.raw(statement));
    await run(
      `insert into posts (id, author_name, title, query_id) values ('${id}', 'A', 'Answer', ${asked})`,
    );
    expect(await count()).toBe(before + 1);
    await run(`update posts set is_private = true where id = '${id}'`);
    expect(await count()).toBe(before);
    await run(`update posts set is_private = false where id = '${id}'`);
    expect(await count()).toBe(before + 1);
    // A moderator's hide makes the post private through migration 0025's trigger, naming no column of it.
    await run(`update posts set moderation_state = 'hidden' where id = '${id}'`);
    expect(await count()).toBe(before);
    await run(`update posts set moderation_state = 'visible' where id = '${id}'`);
    expect(await count()).toBe(before + 1);
    await run(`update posts set title = 'Answer, edited' where id = '${id}'`);
    expect(await count()).toBe(before + 1);
    await run(`update posts set query_id = ${hexId('e1', '996')} where id = '${id}'`);
    expect(await count()).toBe(before);
    await run(`update posts set query_id = ${asked} where id = '${id}'`);
    await run(`delete from posts where id = '${id}'`);
    expect(await count()).toBe(before);
  });

  it('are counted right: only the store’s, only those answered', async () => {
    const counted = await countAnsweredOf(t.db, storeId(5));
    // Store 5 is asked questions 5, 205, 405, ...: every third of them (a multiple of 3) is answered.
    expect(counted).toBe(
      Array.from({ length: QUERIES }, (_, i) => i + 1).filter((s) => s % STORES === 4 && s % 3 === 0).length,
    );
  });
});
