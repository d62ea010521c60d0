import type { BackupTable } from '@app/domain';
import { describeDatabase, quoteName, type DatabaseReader } from './database-snapshot.js';

const SAMPLE_ROWS = 25;

/** A table's primary key columns in key order (empty when it has none). */
async function primaryKey(reader: DatabaseReader, table: string): Promise<string[]> {
  const rows = await reader.rows<{ column: string }>(
    `select a.attname as "column"
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`,
    [quoteName(table)],
  );
  return rows.map((r) => r.column);
}

/**
 * The first and last rows of a table as text, ordered by its primary key's text under the C
 * collation: the two servers may sort text differently by default, this order they share.
 */
async function sampleRows(reader: DatabaseReader, table: BackupTable, key: string[]): Promise<string[]> {
  const quoted = (c: string) => `"${c.replace(/"/g, '""')}"`;
  const orderColumns = (key.length > 0 ? key : table.columns).map((c) => `${quoted(c)}::text collate "C"`);
  const select = (direction: 'asc' | 'desc') =>
    `select row(${table.columns.map(quoted).join(', ')})::text as r from ${quoteName(table.name)}
     order by ${orderColumns.map((c) => `${c} ${direction}`).join(', ')} limit ${SAMPLE_ROWS}`;
  const first = await reader.rows<{ r: string }>(select('asc'));
  const last = await reader.rows<{ r: string }>(select('desc'));
  return [...first, ...last].map((row) => row.r);
}

/**
 * What differs between a database and its copy, as sentences (none when they agree): the tables,
 * every table's row count, a sample of its rows (the first and last by key, every column stored)
 * and the sequences. Both readers are snapshots taken with COPY_SETTINGS, so values read alike.
 */
export async function differencesBetween(original: DatabaseReader, copy: DatabaseReader): Promise<string[]> {
  const [was, is] = [await describeDatabase(original), await describeDatabase(copy)];
  const found: string[] = [];
  const copied = new Map(is.tables.map((t) => [t.name, t]));
  for (const table of was.tables) {
    const there = copied.get(table.name);
    if (!there) {
      found.push(`${table.name} is missing from the copy`);
      continue;
    }
    if (there.rows !== table.rows) {
      found.push(`${table.name} has ${there.rows} rows in the copy and ${table.rows} in the original`);
      continue;
    }
    const key = await primaryKey(original, table.name);
    const [a, b] = [await sampleRows(original, table, key), await sampleRows(copy, table, key)];
    const at = a.findIndex((row, i) => row !== b[i]);
    if (at !== -1)
      found.push(
        `${table.name}: the copy's row ${JSON.stringify(b[at])} differs from ${JSON.stringify(a[at])}`,
      );
  }
  const sequences = new Map(is.sequences.map((s) => [s.name, s]));
  for (const s of was.sequences) {
    const there = sequences.get(s.name);
    if (there?.lastValue !== s.lastValue || there.isCalled !== s.isCalled) {
      found.push(
        `The sequence ${s.name} is at ${there?.lastValue ?? 'nothing'} in the copy and ${s.lastValue} in the original`,
      );
    }
  }
  return found;
}
