import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { AnyBackupManifest, BackupManifest } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { listMediaFiles, startBackupArchive } from './backup-archive.js';
import { describeDatabase, withPgSnapshot } from './database-snapshot.js';
import { exportTables } from './logical-export.js';
import { refusalOfLevel } from './migration-level.js';

export interface BackupContext {
  /** The server's own pool: the copy takes one of its connections for as long as it reads. */
  pool: pg.Pool | undefined;
  dataDir: string;
  uploads: 'local' | 's3';
}

/** Where backups are written: beside the data they copy, so an operator finds them with it. */
export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');

/** The API package's version, found from the source tree and from the bundle in dist/ alike. */
export function appVersion(): string {
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
 * Writes one archive of the database and the uploads. The database is read in one snapshot while
 * the server goes on writing; the uploads are listed once the snapshot has begun, and an upload is
 * never changed once stored, so every file the copied rows name is on disk when the folder is read
 * (unless deleted meanwhile); files uploaded later are simply extra. The snapshot ends before the
 * uploads are copied, so that a large media folder does not hold back the database's vacuum.
 */
export async function writeBackup(ctx: BackupContext & { pool: pg.Pool }) {
  const createdAt = new Date();
  const mediaRoot = path.join(ctx.dataDir, 'media');
  const folder = backupsFolder(ctx.dataDir);
  // A backup holds every account's contacts and password hashes: the server's account only
  // (issue 40; before, the folder was 0755 and each archive 0644, readable by every local user).
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  const file = path.join(folder, `revuhub-backup-${createdAt.toISOString().replace(/:/g, '-')}.tar.gz`);
  const archive = startBackupArchive(file);
  try {
    const { manifest, mediaKeys } = await withPgSnapshot(ctx.pool, async (reader) => {
      const contents = await describeDatabase(reader);
      const mediaKeys = ctx.uploads === 'local' ? await listMediaFiles(mediaRoot) : [];
      const manifest: BackupManifest = {
        format: 2,
        createdAt: createdAt.toISOString(),
        appVersion: appVersion(),
        migration: contents.migration,
        database: 'postgresql',
        serverVersion: contents.serverVersion,
        tables: contents.tables,
        sequences: contents.sequences,
        uploads: ctx.uploads,
        mediaFiles: mediaKeys.length,
      };
      await archive.addManifest(manifest);
      await exportTables(reader, contents.tables, archive.putTablePiece);
      return { manifest, mediaKeys };
    });
    await archive.addMedia(mediaRoot, mediaKeys);
    return { file, bytes: await archive.finish(), manifest };
  } catch (error) {
    await archive.abort();
    throw error;
  }
}

const running = new WeakSet<BackupContext>();

/** POST /api/admin/backups: one backup at a time. */
export async function createBackup(ctx: BackupContext) {
  const { pool } = ctx;
  if (!pool)
    throw new AppError('UNAVAILABLE', 'This server was started without its database pool: no backups');
  if (running.has(ctx))
    throw new AppError('CONFLICT', 'A backup is already being written; try again when it ends');
  running.add(ctx);
  try {
    return await writeBackup({ ...ctx, pool });
  } finally {
    running.delete(ctx);
  }
}

/** Why this release cannot restore a backup, or undefined when it can. */
export function refusalToRestore(manifest: AnyBackupManifest): string | undefined {
  return refusalOfLevel(manifest.migration, manifest.appVersion);
}
