import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import { getTableName } from 'drizzle-orm';
import {
  childCategories,
  cities,
  countries,
  hashtags,
  influencerCategories,
  ledgerSettings,
  parentCategories,
  states,
} from '../../db/schema/index.js';
import { DERIVED_COLUMNS } from '../../db/derived-columns.js';
import {
  appTables,
  COPY_SETTINGS,
  migrationLevelIn,
  pgReader,
  quoteName,
  type DatabaseContents,
} from './database-snapshot.js';
import { migrateTo, refusalOfLevel } from './migration-level.js';

/** A database this release will not load a copy into, said before anything was written. */
export class RestoreRefused extends Error {}

/** What is loaded: the manifest's account of the copy. */
export type ImportPlan = Pick<DatabaseContents, 'migration' | 'tables' | 'sequences'> & {
  appVersion: string;
};

/**
 * Rows a database holds before anyone used it: the reference data every start tops up and the
 * ledger's default rates (a migration's row). A database holding nothing else counts as empty;
 * these rows are replaced by the copy's own.
 */
const FRESH_TABLES = new Set(
  [
    countries,
    states,
    cities,
    parentCategories,
    childCategories,
    influencerCategories,
    hashtags,
    ledgerSettings,
  ].map((t) => `public.${getTableName(t)}`),
);

/** Feeds one table's rows (COPY text format) into the load; tables must come in the plan's order. */
export type FeedTable = (table: string, data: AsyncIterable<Uint8Array>) => Promise<void>;

async function withClient<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const result = await use(client);
    client.release();
    return result;
  } catch (error) {
    // A connection left inside a COPY or a failed transaction is closed, not handed back.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** Tables outside FRESH_TABLES holding at least one row, by name. */
async function tablesHoldingData(client: pg.PoolClient): Promise<string[]> {
  const reader = pgReader(client);
  const held: string[] = [];
  for (const table of await appTables(reader)) {
    if (FRESH_TABLES.has(table.name) || table.name.startsWith('drizzle.')) continue;
    const [row] = await reader.rows<{ any: boolean }>(
      `select exists (select 1 from ${quoteName(table.name)}) as any`,
    );
    if (row?.any) held.push(table.name);
  }
  return held;
}

/**
 * Refuses, before writing, a database this copy cannot go into: one holding data, one at a newer
 * migration than the copy, or one whose tables differ from the copy's. An empty database is brought
 * to the copy's migration first, so that the rows go into the schema they were read from.
 */
async function prepareTarget(pool: pg.Pool, plan: ImportPlan): Promise<void> {
  const refusal = refusalOfLevel(plan.migration, plan.appVersion);
  if (refusal) throw new RestoreRefused(refusal);
  const { level, held } = await withClient(pool, async (client) => ({
    level: await migrationLevelIn(pgReader(client)),
    held: await tablesHoldingData(client),
  }));
  if (held.length > 0) {
    throw new RestoreRefused(
      `The database already holds data (${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}): ` +
        'a backup is restored only into an empty database',
    );
  }
  if (level.count > plan.migration.count) {
    throw new RestoreRefused(
      `The database is at migration ${level.tag}, newer than the backup's ${plan.migration.tag}: ` +
        'restore it into a new, empty database',
    );
  }
  if (level.count < plan.migration.count) await migrateTo(pool, plan.migration.count);
  const tables = await withClient(pool, (client) => appTables(pgReader(client)));
  const here = new Map(tables.map((t) => [t.name, t.columns.join(',')]));
  const differ = [
    ...plan.tables.filter((t) => here.get(t.name) !== t.columns.join(',')).map((t) => t.name),
    ...tables.filter((t) => !plan.tables.some((p) => p.name === t.name)).map((t) => t.name),
  ];
  if (differ.length > 0) {
    throw new RestoreRefused(
      `The database's tables differ from the backup's at the same migration (${differ.slice(0, 5).join(', ')}): ` +
        'restore it into a new, empty database',
    );
  }
}

/**
 * One transaction: the rows a fresh database holds are removed, every table is loaded with COPY
 * in the plan's order, the sequences are set. User triggers are off meanwhile (an owner may turn
 * them off; `session_replication_role` would need a superuser): the tables they maintain (the store
 * locator's keys, the recent-post search, each product's stored answer) are in the copy as they
 * were, and a trigger such as the moderation one would rewrite what it loads. Foreign keys are
 * checked as usual, which the load order satisfies.
 */
async function loadRows(client: pg.PoolClient, plan: ImportPlan, feed: (table: FeedTable) => Promise<void>) {
  await client.query('begin');
  for (const setting of COPY_SETTINGS) await client.query(setting);
  for (const table of plan.tables)
    await client.query(`alter table ${quoteName(table.name)} disable trigger user`);
  await client.query(`truncate ${plan.tables.map((t) => quoteName(t.name)).join(', ')}`);

  const loaded = new Map<string, number>();
  let current: { index: number; copy: CopyStreamQuery; done: Promise<void> } | undefined;
  let lastIndex = -1;
  const endCurrent = async () => {
    if (!current) return;
    current.copy.end();
    await current.done;
    loaded.set(plan.tables[current.index]!.name, current.copy.rowCount);
    current = undefined;
  };
  await feed(async (name, data) => {
    if (!current || plan.tables[current.index]!.name !== name) {
      await endCurrent();
      const index = plan.tables.findIndex((t) => t.name === name);
      if (index <= lastIndex) {
        throw new Error(
          `The backup's rows of ${name} are ${index < 0 ? 'not in its manifest' : 'out of order'}`,
        );
      }
      lastIndex = index;
      const table = plan.tables[index]!;
      const columns = table.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
      const copy = client.query(copyFrom(`copy ${quoteName(name)} (${columns}) from stdin`));
      const done = finished(copy);
      // Awaited in endCurrent; a failure before then also breaks the writes below.
      done.catch(() => undefined);
      current = { index, copy, done };
    }
    const { copy } = current;
    for await (const chunk of data) {
      if (!copy.write(chunk)) await once(copy, 'drain');
    }
  });
  await endCurrent();

  const short = plan.tables.filter((t) => (loaded.get(t.name) ?? 0) !== t.rows);
  if (short.length > 0) {
    const t = short[0]!;
    throw new Error(
      `The backup is incomplete: ${t.name} loaded ${loaded.get(t.name) ?? 0} of ${t.rows} rows`,
    );
  }
  for (const s of plan.sequences) {
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      quoteName(s.name),
      s.lastValue,
      s.isCalled,
    ]);
  }
  for (const table of plan.tables)
    await client.query(`alter table ${quoteName(table.name)} enable trigger user`);
  await deriveColumnsAgain(client, plan);
  await client.query('commit');
}

/**
 * The derived columns a copy leaves out (derived-columns.ts), computed here by their triggers:
 * each fires on a write of its own column. At a migration where they are still generated columns,
 * the load has computed them already.
 */
async function deriveColumnsAgain(client: pg.PoolClient, plan: ImportPlan) {
  for (const [table, derived] of Object.entries(DERIVED_COLUMNS)) {
    if (!plan.tables.some((t) => t.name === table)) continue;
    const { rows } = await client.query<{ column: string }>(
      `select attname as column from pg_attribute
       where attrelid = $1::regclass and attname = any($2) and attgenerated = '' and not attisdropped`,
      [quoteName(table), derived],
    );
    if (rows.length === 0) continue;
    const sets = rows.map((r) => `"${r.column}" = default`).join(', ');
    await client.query(`update ${quoteName(table)} set ${sets}`);
  }
}

/**
 * Loads a logical copy into an empty database (refused otherwise, before any write): the database
 * is brought to the copy's migration, the rows go in in one transaction, then this release's newer
 * migrations run on them as on any upgrade. A failed load leaves no row of the copy behind (the
 * database may stay migrated, and still counts as empty for the next try).
 */
export async function importDatabase(
  pool: pg.Pool,
  plan: ImportPlan,
  feed: (table: FeedTable) => Promise<void>,
): Promise<void> {
  await prepareTarget(pool, plan);
  await withClient(pool, (client) => loadRows(client, plan, feed));
  await migrateTo(pool);
}
