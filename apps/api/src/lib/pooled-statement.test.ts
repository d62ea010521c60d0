import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orders } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { pooledStatement } from './pooled-statement.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// A placeholder, a placeholder through its column's encoder (jsonb), a value written in, and a
// timestamp: the pooled statement must send and answer what Drizzle's prepared statement does.
const select = (db: TestApp['db']) =>
  db
    .select({
      id: sql<string>`${sql.placeholder('id')}::text`,
      address: sql<unknown>`${sql.param(sql.placeholder('address'), orders.address)}::jsonb`,
      fixed: sql<number>`${41}::int + 1`,
      at: sql<Date>`${sql.placeholder('at')}::timestamptz`.mapWith(orders.createdAt),
    })
    .from(sql`(select 1) as one`);
type Row = { id: string; address: unknown; fixed: number; at: Date };
const fields = { id: 1, address: 1, fixed: 1, at: 1 };

describe('a statement sent through the pool by name', () => {
  it('answers as Drizzle prepared statement does, a timestamp as a Date', async () => {
    const pooled = pooledStatement<Row>(t.db, 'pooled_statement_test', select(t.db), fields)!;
    const at = new Date('2026-12-07T10:00:00.000Z');
    const values = { id: 'o-1', address: { city: 'Pune', pinCode: '411001' }, at };
    const [row] = await pooled(values);
    expect(row).toEqual({ ...values, fixed: 42 });
    expect(row!.at).toBeInstanceOf(Date);
    const [drizzles] = await select(t.db).prepare('pooled_statement_drizzle').execute(values);
    expect(drizzles).toEqual(row);
    await expect(pooled({ id: 'o-2', at })).rejects.toThrow('No value for placeholder "address"');
  });

  it('is left to Drizzle inside a transaction, which has no pool of its own', async () => {
    await t.db.transaction(async (tx) => {
      expect(pooledStatement<Row>(tx, 'pooled_statement_tx', select(tx), fields)).toBeUndefined();
    });
  });
});
