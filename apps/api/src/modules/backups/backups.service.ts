import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackupManifest } from '@app/domain';
import { migrationsFolder, type Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { listMediaFiles, writeBackupArchive } from './backup-archive.js';
import { appliedMigrationTimes } from './backups.repository.js';

export interface BackupContext {
  db: Database;
  dataDir: string;
  uploads: 'local' | 's3';
  /** PGlite's copy of the whole database; absent on PostgreSQL, which pg_dump backs up. */
  dumpDatabase?: (() => Promise<Blob>) | undefined;
}

/** Where backups are written: beside the data they copy, so an operator finds them with it. */
export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this release knows, oldest first. */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The newest applied migration by name, and how many are applied. */
export async function migrationLevel(db: Database): Promise<BackupManifest['migration']> {
  const applied = await appliedMigrationTimes(db);
  const newest = applied.at(-1);
  const entry = migrationJournal().find((e) => e.when === newest);
  return { tag: entry?.tag ?? (newest === undefined ? 'none' : `unknown-${newest}`), count: applied.length };
}

/** The API package's version, found from the source tree and from the bundle in dist/ alike. */
function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@app/api') return pkg.version ?? 'unknown';
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/**
 * Writes one archive of the database and the uploads. The database is copied first and the uploads
 * after it: an upload is never changed once stored, so every file the copied rows name is on disk
 * when the folder is read (unless deleted meanwhile); files uploaded later are simply extra.
 */
export async function writeBackup(ctx: BackupContext & { dumpDatabase: () => Promise<Blob> }) {
  const createdAt = new Date();
  const migration = await migrationLevel(ctx.db);
  const database = await ctx.dumpDatabase();
  const mediaRoot = path.join(ctx.dataDir, 'media');
  const mediaKeys = ctx.uploads === 'local' ? await listMediaFiles(mediaRoot) : [];
  const manifest: BackupManifest = {
    format: 1,
    createdAt: createdAt.toISOString(),
    appVersion: appVersion(),
    migration,
    database: 'pglite',
    uploads: ctx.uploads,
    mediaFiles: mediaKeys.length,
  };
  const folder = backupsFolder(ctx.dataDir);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `revuhub-backup-${manifest.createdAt.replace(/:/g, '-')}.tar.gz`);
  const bytes = await writeBackupArchive(file, { manifest, database, mediaRoot, mediaKeys });
  return { file, bytes, manifest };
}

const running = new WeakSet<BackupContext>();

/** POST /api/admin/backups: one backup at a time, and only of the embedded database. */
export async function createBackup(ctx: BackupContext) {
  const { dumpDatabase } = ctx;
  if (!dumpDatabase) {
    throw new AppError(
      'CONFLICT',
      'This server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump and the uploads with ' +
        'bucket versioning, as docs/operations.md ("Backups and restore") describes',
    );
  }
  if (running.has(ctx))
    throw new AppError('CONFLICT', 'A backup is already being written; try again when it ends');
  running.add(ctx);
  try {
    return await writeBackup({ ...ctx, dumpDatabase });
  } finally {
    running.delete(ctx);
  }
}

/** Why this release cannot restore a backup, or undefined when it can. */
export function refusalToRestore(manifest: BackupManifest): string | undefined {
  const journal = migrationJournal();
  const known = journal.some((e) => e.tag === manifest.migration.tag);
  if (!known || manifest.migration.count > journal.length) {
    return (
      `This backup's database is at migration ${manifest.migration.tag}, which this release does not ` +
      `know (its newest is ${journal.at(-1)?.tag}): restore it with the release that wrote it ` +
      `(version ${manifest.appVersion}) or a later one`
    );
  }
  return undefined;
}
