import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BackupSequence, BackupTable } from '@app/domain';
import { isDerivedColumn } from '../../db/derived-columns.js';
import { migrationLevelOf, type MigrationLevel } from './migration-level.js';

/**
 * One database read as of one moment: a node-postgres connection inside a REPEATABLE READ, READ ONLY
 * transaction, or a PGlite database being carried over. Exporting and comparing copies need no more.
 */
export interface DatabaseReader {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** The rows `select` answers, in COPY's text format. */
  copyOut(select: string): Promise<AsyncIterable<Uint8Array>>;
}

/**
 * COPY's text form of dates, intervals, floats and bytes follows these settings; the export, the
 * import and the comparison of two copies all set them, so a value reads back as it was written.
 * Local to the transaction: a pooled connection goes back as it came.
 */
export const COPY_SETTINGS = [
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local timezone = 'UTC'",
  'set local extra_float_digits = 3',
  "set local bytea_output = 'hex'",
];

export interface DatabaseContents {
  serverVersion: string;
  migration: MigrationLevel;
  /** In load order: a table after every table its foreign keys name. */
  tables: BackupTable[];
  sequences: BackupSequence[];
}

/** `public.orders` → `"public"."orders"`. */
export function quoteName(qualified: string): string {
  const dot = qualified.indexOf('.');
  const quote = (part: string) => `"${part.replace(/"/g, '""')}"`;
  return `${quote(qualified.slice(0, dot))}.${quote(qualified.slice(dot + 1))}`;
}

/** The statement whose rows are a table's copy: its stored columns, generated ones left out. */
export function selectOf(table: Pick<BackupTable, 'name' | 'columns'>): string {
  return `select ${table.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ')} from ${quoteName(table.name)}`;
}

/**
 * The application's tables: the public schema and Drizzle's record of migrations. Tables an
 * extension owns are the extension's to make; partitions are copied through their parent.
 */
const APP_TABLES = `
  select c.oid, n.nspname || '.' || c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and (n.nspname = 'public' or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'))
    and not exists (select 1 from pg_depend d
      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/** Every application table with its stored columns, in load order. */
export async function appTables(reader: DatabaseReader): Promise<Array<Omit<BackupTable, 'rows'>>> {
  const columns = await reader.rows<{ table: string; column: string }>(
    `with t as (${APP_TABLES})
     select t.name as "table", a.attname as "column"
     from t join pg_attribute a on a.attrelid = t.oid
     where a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by t.name, a.attnum`,
  );
  const references = await reader.rows<{ child: string; parent: string }>(
    `with t as (${APP_TABLES})
     select child.name as child, parent.name as parent
     from pg_constraint k join t child on child.oid = k.conrelid join t parent on parent.oid = k.confrelid
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) {
    // Computed again where the copy is loaded, as generated columns are (derived-columns.ts).
    if (isDerivedColumn(table, column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  return loadOrder([...byTable.keys()], references).map((name) => ({ name, columns: byTable.get(name)! }));
}

/**
 * Parents before children (Kahn's algorithm, by name among equals, so the order is stable). The
 * rows are then loaded with every foreign key checked as usual: no superuser setting is needed.
 */
function loadOrder(names: string[], references: Array<{ child: string; parent: string }>): string[] {
  const waitingOn = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of references) waitingOn.get(child)?.add(parent);
  const ordered: string[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([name]) => name);
    if (ready.length === 0) {
      throw new Error(
        `The tables ${[...waitingOn.keys()].join(', ')} reference each other in a cycle: no order loads them`,
      );
    }
    for (const name of ready.sort()) {
      ordered.push(name);
      waitingOn.delete(name);
      for (const parents of waitingOn.values()) parents.delete(name);
    }
  }
  return ordered;
}

async function sequences(reader: DatabaseReader): Promise<BackupSequence[]> {
  const names = await reader.rows<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname in ('public', 'drizzle')
       and not exists (select 1 from pg_depend d
         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by 1`,
  );
  const out: BackupSequence[] = [];
  for (const { name } of names) {
    const [state] = await reader.rows<{ lastValue: string; isCalled: boolean }>(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${quoteName(name)}`,
    );
    out.push({ name, lastValue: state!.lastValue, isCalled: state!.isCalled });
  }
  return out;
}

export async function migrationLevelIn(reader: DatabaseReader): Promise<MigrationLevel> {
  const [{ present } = { present: false }] = await reader.rows<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present) return migrationLevelOf([]);
  const applied = await reader.rows<{ createdAt: string }>(
    'select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at',
  );
  return migrationLevelOf(applied.map((r) => Number(r.createdAt)));
}

export async function rowCount(reader: DatabaseReader, table: string): Promise<number> {
  const [row] = await reader.rows<{ n: string }>(`select count(*)::text as n from ${quoteName(table)}`);
  return Number(row!.n);
}

/**
 * What a copy of the database holds, read in the reader's snapshot. Sequences are read after the
 * snapshot began, so each is at least as far as any row the snapshot shows was numbered from it.
 */
export async function describeDatabase(reader: DatabaseReader): Promise<DatabaseContents> {
  const [{ version } = { version: 'unknown' }] = await reader.rows<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  const migration = await migrationLevelIn(reader);
  const tables: BackupTable[] = [];
  for (const table of await appTables(reader))
    tables.push({ ...table, rows: await rowCount(reader, table.name) });
  return { serverVersion: version, migration, tables, sequences: await sequences(reader) };
}

/** A reader on one node-postgres connection; the caller owns its transaction. */
export function pgReader(client: pg.ClientBase): DatabaseReader {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    copyOut: async (select: string) => client.query(copyTo(`copy (${select}) to stdout`)),
  };
}

/**
 * Runs `read` in one REPEATABLE READ, READ ONLY transaction on a connection of the pool: every
 * statement sees the database as of its first one, while other connections keep writing.
 */
export async function withPgSnapshot<T>(
  pool: pg.Pool,
  read: (reader: DatabaseReader) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    for (const setting of COPY_SETTINGS) await client.query(setting);
    const result = await read(pgReader(client));
    await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    // A COPY left half-read keeps the connection busy: it is closed rather than given back.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
