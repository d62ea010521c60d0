import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { freshDatabase } from '../test/test-app.js';

// The search columns of products and posts are written by triggers that fire only when what they
// are made of changes (migration 0066). As stored generated columns they were computed again on
// every update of the row, an order's stock take too, because both tables have a BEFORE UPDATE
// trigger: PostgreSQL then recomputes every generated column, whatever the update wrote.

let handle: Awaited<ReturnType<typeof freshDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  handle = await freshDatabase();
  pool = handle.pool;
  await pool.query(`insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
    values ('sc-seller', 'sc-seller@example.com', 'Search Seller', 'SELLER', true, true, 'x')`);
  await pool.query(`insert into products (id, user_id, prdct_name, brand, model, colour, child_category_name,
      tag_name, description, inventory_quantity)
    values ('sc-kurta', 'sc-seller', 'Handloom kurta', 'Fabindia', 'Mirror 24', 'Indigo', 'Kurtas', 'cotton',
      'Woven by artisans in Rajasthan', 10)`);
  await pool.query(`insert into posts (id, author_id, title, description)
    values ('sc-post', 'sc-seller', 'Sturdy sandals', 'They lasted a monsoon')`);
});

afterAll(async () => {
  await handle?.close();
});

const matches = async (table: 'products' | 'posts', id: string, words: string) => {
  const { rows } = await pool.query<{ hit: boolean }>(
    `select search_vector @@ plainto_tsquery('english', $2) as hit from ${table} where id = $1`,
    [id, words],
  );
  return rows[0]?.hit;
};

/** How many times `fn` ran during `statement`, counted in its own transaction. */
async function triggerCalls(fn: string, statement: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local track_functions = 'all'`);
    await client.query(statement);
    const { rows } = await client.query<{ calls: string }>(
      `select pg_stat_get_xact_function_calls($1::regproc::oid) as calls`,
      [fn],
    );
    await client.query('rollback');
    return Number(rows[0]?.calls ?? 0);
  } finally {
    client.release();
  }
}

describe('search columns written by their own triggers', () => {
  it('leaves no table with a generated column and a BEFORE UPDATE trigger', async () => {
    const { rows } = await pool.query<{ table: string }>(`
      select distinct c.relname as table
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attgenerated = 's'
      join pg_trigger t on t.tgrelid = c.oid and not t.tgisinternal
        and (t.tgtype & 1) = 1 and (t.tgtype & 2) = 2 and (t.tgtype & 16) = 16
      where c.relnamespace = 'public'::regnamespace`);
    expect(rows.map((r) => r.table)).toEqual([]);
  });

  it('finds a product by its name, brand, category and description, and by each once it is edited', async () => {
    expect(await matches('products', 'sc-kurta', 'kurta fabindia')).toBe(true);
    expect(await matches('products', 'sc-kurta', 'rajasthan')).toBe(true);
    await pool.query(`update products set prdct_name = 'Block-print dupatta', description = 'Printed in Jaipur'
      where id = 'sc-kurta'`);
    expect(await matches('products', 'sc-kurta', 'dupatta')).toBe(true);
    expect(await matches('products', 'sc-kurta', 'jaipur')).toBe(true);
    expect(await matches('products', 'sc-kurta', 'handloom')).toBe(false);
    const { rows } = await pool.query<{ search_name: string }>(
      `select search_name from products where id = 'sc-kurta'`,
    );
    expect(rows[0]?.search_name).toBe('fabindia mirror 24 block-print dupatta');
  });

  it('does not build the search columns again when an order takes stock', async () => {
    const stockTake = `update products set inventory_quantity = inventory_quantity - 1, updated_at = now()
      where id = 'sc-kurta'`;
    expect(await triggerCalls('products_search_columns', stockTake)).toBe(0);
    expect(
      await triggerCalls('products_search_columns', `update products set model = 'M2' where id = 'sc-kurta'`),
    ).toBe(1);
  });

  it('keeps a search column to what it is made of, even when written directly', async () => {
    await pool.query(`update products set search_vector = to_tsvector('english', 'nonsense'),
      search_name = 'nonsense' where id = 'sc-kurta'`);
    expect(await matches('products', 'sc-kurta', 'nonsense')).toBe(false);
    expect(await matches('products', 'sc-kurta', 'dupatta')).toBe(true);
    await pool.query(
      `update posts set search_vector = to_tsvector('english', 'nonsense') where id = 'sc-post'`,
    );
    expect(await matches('posts', 'sc-post', 'nonsense')).toBe(false);
  });

  it('finds a post by its title and text once edited, and a reply does not build its vector again', async () => {
    expect(await matches('posts', 'sc-post', 'sandals monsoon')).toBe(true);
    await pool.query(`update posts set title = 'Comfortable sneakers' where id = 'sc-post'`);
    expect(await matches('posts', 'sc-post', 'sneakers')).toBe(true);
    expect(await matches('posts', 'sc-post', 'sandals')).toBe(false);
    expect(
      await triggerCalls(
        'posts_search_vector',
        `update posts set reply = '{"text":"Thank you"}'::jsonb where id = 'sc-post'`,
      ),
    ).toBe(0);
  });
});
