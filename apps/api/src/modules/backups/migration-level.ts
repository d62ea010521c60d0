import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { BackupManifest } from '@app/domain';
import { migrationsFolder } from '../../db/client.js';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export type MigrationLevel = BackupManifest['migration'];

/** The migrations this release knows, oldest first. */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The newest applied migration by name, from the `created_at` of Drizzle's rows (its journal's `when`). */
export function migrationLevelOf(appliedTimes: number[]): MigrationLevel {
  const newest = appliedTimes.at(-1);
  const entry = migrationJournal().find((e) => e.when === newest);
  return {
    tag: entry?.tag ?? (newest === undefined ? 'none' : `unknown-${newest}`),
    count: appliedTimes.length,
  };
}

/** Why this release cannot load a database at `level`, or undefined when it can. */
export function refusalOfLevel(level: MigrationLevel, appVersion: string): string | undefined {
  if (level.count === 0 && level.tag === 'none') return undefined;
  const journal = migrationJournal();
  if (level.count <= journal.length && journal[level.count - 1]?.tag === level.tag) return undefined;
  return (
    `This backup's database is at migration ${level.tag}, which this release does not ` +
    `know (its newest is ${journal.at(-1)?.tag}): restore it with the release that wrote it ` +
    `(version ${appVersion}) or a later one`
  );
}

/**
 * Applies this release's migrations up to the `count`-th only (all of them when absent): a backup is
 * loaded into the schema it was taken from, and the newer migrations then run on its rows as they
 * would on a server's upgrade. Drizzle's migrator reads a folder, so the shorter journal is a copy.
 */
export async function migrateTo(pool: pg.Pool, count?: number): Promise<void> {
  const journal = migrationJournal();
  if (count === undefined || count >= journal.length) {
    await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
    return;
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-migrations-'));
  try {
    fs.cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const full = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
    fs.writeFileSync(journalFile, JSON.stringify({ ...full, entries: full.entries.slice(0, count) }));
    await migrate(drizzle(pool), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
