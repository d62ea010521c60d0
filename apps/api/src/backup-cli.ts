/**
 * `npm run backup`, `npm run restore FILE` and `npm run carry-over` (decisions 039 and 050).
 *
 * backup: a running server is asked for the copy (POST /api/admin/backups, as the admin), so that
 * the archive is the same whoever takes it; with no server on DATA_DIR this process starts the
 * embedded PostgreSQL itself (or reads DATABASE_URL's database) and takes it.
 * restore: into the embedded PostgreSQL, with the server stopped (what it replaces is moved aside,
 * not deleted); with DATABASE_URL, into that database when it is empty.
 * carry-over: an earlier release's PGlite folder (DATA_DIR/db) into the embedded PostgreSQL, or
 * into DATABASE_URL's empty database; the server's own start does it too.
 */
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import type { AnyBackupManifest, BackupCreated } from '@app/domain';
import { loadConfig, type Config } from './config.js';
import { carryOverPgliteFolder } from './db/carry-over-pglite.js';
import { bundledTemplateFolder, openDatabase } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.js';
import { readBackupManifest } from './modules/backups/backup-archive.js';
import { refusalToRestore, writeBackup } from './modules/backups/backups.service.js';
import { RestoreRefused } from './modules/backups/logical-import.js';
import { migrationJournal } from './modules/backups/migration-level.js';
import { restoreBackup } from './modules/backups/restore-backup.js';
import { claimServerLock, readServerLock, type ServerLock } from './db/embedded/server-lock.js';
import { setAsideForRestore, type ReplacedPart } from './modules/backups/set-aside.js';
import { createStorage } from './providers/storage/create-storage.js';

class CliError extends Error {}

/** One request to the local server, naming PUBLIC_URL's host (the server refuses other hosts). */
function call(config: Config, lock: ServerLock, method: string, url: string, body?: unknown, token?: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host,
        port: lock.port,
        method,
        path: url,
        headers: {
          ...(config.PUBLIC_URL ? { host: new URL(config.PUBLIC_URL).host } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = { message: text.slice(0, 200) };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The admin's session: BACKUP_TOKEN as given, or a login with ADMIN_EMAIL and ADMIN_PASSWORD. */
async function adminSession(config: Config, lock: ServerLock) {
  const given = process.env.BACKUP_TOKEN?.trim();
  if (given) return { token: given, end: async () => undefined };
  if (!config.ADMIN_EMAIL || !process.env.ADMIN_PASSWORD) {
    throw new CliError(
      'The running server makes the backup and wants the admin: set ADMIN_EMAIL and ADMIN_PASSWORD ' +
        "(the admin's login), or BACKUP_TOKEN (an admin session token).",
    );
  }
  const login = await call(config, lock, 'POST', '/api/users/login', {
    userName: config.ADMIN_EMAIL,
    password: process.env.ADMIN_PASSWORD,
  });
  const token = (login.json.data as { token?: string } | undefined)?.token;
  if (login.status !== 200 || !token) {
    throw new CliError(
      `Logging in as ${config.ADMIN_EMAIL} failed (${login.status}): ${String(login.json.message)}`,
    );
  }
  return {
    token,
    end: async () =>
      void (await call(config, lock, 'POST', '/api/users/logout', undefined, token).catch(() => 0)),
  };
}

async function backupThroughServer(config: Config, lock: ServerLock) {
  const session = await adminSession(config, lock);
  try {
    const res = await call(config, lock, 'POST', '/api/admin/backups', undefined, session.token);
    if (res.status !== 201)
      throw new CliError(`The server refused the backup (${res.status}): ${String(res.json.message)}`);
    return (res.json as unknown as BackupCreated).data;
  } finally {
    await session.end();
  }
}

/**
 * DATA_DIR for this process alone while it works on the embedded database: a server starting
 * meanwhile is refused by the same lock (server-lock.ts), and so is a second backup or restore.
 */
async function holdingDataDir<T>(config: Config, work: () => Promise<T>): Promise<T> {
  let lock: ReturnType<typeof claimServerLock>;
  try {
    lock = claimServerLock(config.dataDir);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/**
 * A pool whose idle connection dropped by the server (a restart, a failover) is replaced on the next
 * query instead of ending the command with an unhandled error; a query in flight still fails.
 */
function commandPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => {
    // pool.end() resolves before its sockets close: the embedded server stopping next is no loss.
    if (!pool.ending) console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  return pool;
}

function embeddedOptions(config: Config) {
  return {
    account: config.EMBEDDED_PG_USER,
    createAccount: config.EMBEDDED_PG_CREATE_USER,
    log: (message: string) => console.log(message),
  };
}

/** A running server on DATA_DIR, or undefined; a lock without a port is a server still starting. */
function runningServer(config: Config): ServerLock | undefined {
  const lock = readServerLock(config.dataDir);
  if (lock && !lock.port) {
    throw new CliError(
      `A process (pid ${lock.pid}) is starting a server, a backup or a restore on ${config.dataDir}: ` +
        'try again when it is done.',
    );
  }
  return lock;
}

async function backup() {
  const config = loadConfig();
  const uploads = createStorage(config).kind;
  const lock = config.DATABASE_URL ? undefined : runningServer(config);
  let how: string;
  let made: BackupCreated['data'];
  if (lock) {
    made = await backupThroughServer(config, lock);
    how = `by the running server (pid ${lock.pid})`;
  } else if (config.DATABASE_URL) {
    // Read only, in one snapshot: servers on the database keep serving meanwhile.
    const pool = commandPool(config.DATABASE_URL, 1);
    try {
      made = await writeBackup({ pool, dataDir: config.dataDir, uploads });
    } finally {
      await pool.end();
    }
    how = 'from DATABASE_URL’s database';
  } else {
    made = await holdingDataDir(config, async () => {
      const handle = await openDatabase({ dataDir: config.dataDir, embedded: embeddedOptions(config) });
      try {
        return await writeBackup({ pool: handle.pool, dataDir: config.dataDir, uploads });
      } finally {
        await handle.close();
      }
    });
    how = 'from the stopped server’s database';
  }
  console.log(
    `Backup written ${how}: ${made.file} (${(made.bytes / 1024 / 1024).toFixed(1)} MB, migration ` +
      `${made.manifest.migration.tag}, ${made.manifest.tables.length} tables, ` +
      `${made.manifest.mediaFiles} uploaded files). Copy it off this machine.`,
  );
}

/**
 * A new embedded cluster for a restore. The build's migrated cluster is the quicker start when the
 * backup is at this release's migration; an older one goes into a cluster made from nothing, which
 * the restore first migrates to the backup's level.
 */
function freshCluster(config: Config, manifest: AnyBackupManifest): Promise<EmbeddedPostgres> {
  const current = manifest.format === 1 || manifest.migration.count === migrationJournal().length;
  return startEmbeddedPostgres({
    ...embeddedOptions(config),
    dataDir: config.dataDir,
    template: current ? bundledTemplateFolder() : undefined,
  });
}

async function restoreInto(config: Config, file: string, manifest: AnyBackupManifest) {
  const mediaRoot = path.join(config.dataDir, 'media');
  const outside = config.DATABASE_URL;
  const parts: ReplacedPart[] = outside ? ['media'] : ['pg', 'db', 'media'];
  const aside = await setAsideForRestore(config.dataDir, parts);
  let cluster: EmbeddedPostgres | undefined;
  try {
    cluster = outside ? undefined : await freshCluster(config, manifest);
    const pool = commandPool(outside ?? cluster!.url, 2);
    try {
      await restoreBackup(file, pool, mediaRoot);
    } finally {
      await pool.end();
    }
    await cluster?.stop();
    return aside.places;
  } catch (error) {
    await cluster?.stop();
    aside.putBack();
    throw error instanceof RestoreRefused ? new CliError(error.message) : error;
  }
}

async function restore(file: string | undefined) {
  if (!file) throw new CliError('Usage: npm run restore -- <backup .tar.gz>');
  const config = loadConfig();
  const manifest = await readBackupManifest(file);
  const refusal = refusalToRestore(manifest);
  if (refusal) throw new CliError(refusal);
  let places: string[];
  if (config.DATABASE_URL) places = await restoreInto(config, file, manifest);
  else {
    const lock = readServerLock(config.dataDir);
    if (lock) {
      throw new CliError(
        `The server is running on ${config.dataDir} (pid ${lock.pid}, port ${lock.port}): stop it, then restore.`,
      );
    }
    places = await holdingDataDir(config, () => restoreInto(config, file, manifest));
  }
  const into = config.DATABASE_URL
    ? 'DATABASE_URL’s database'
    : `the embedded PostgreSQL in ${config.dataDir}`;
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration.tag}, ` +
      `${manifest.mediaFiles} uploaded files) into ${into}.` +
      (places.length
        ? ` What was there is in ${places.join(' and ')}; delete it once the server runs well.`
        : '') +
      ' Start the server.',
  );
}

async function carryOver() {
  const config = loadConfig();
  const log = { info: (message: string) => console.log(message) };
  const run = async (url: string) => {
    const pool = commandPool(url, 2);
    try {
      return await carryOverPgliteFolder(config.dataDir, pool, log);
    } finally {
      await pool.end();
    }
  };
  const result = await holdingDataDir(config, async () => {
    if (config.DATABASE_URL) return run(config.DATABASE_URL);
    const cluster = await startEmbeddedPostgres({
      ...embeddedOptions(config),
      dataDir: config.dataDir,
      template: bundledTemplateFolder(),
    });
    try {
      return await run(cluster.url);
    } finally {
      await cluster.stop();
    }
  }).catch((error: unknown) => {
    throw error instanceof RestoreRefused ? new CliError(error.message) : error;
  });
  if (!result.carried) {
    console.log(
      result.reason === 'already-carried'
        ? `${path.join(config.dataDir, 'db')} was carried over already; nothing to do.`
        : `There is no database of an earlier release (PGlite) in ${path.join(config.dataDir, 'db')}; nothing to do.`,
    );
  }
}

const [command, argument] = process.argv.slice(2);
const run =
  command === 'backup'
    ? backup()
    : command === 'restore'
      ? restore(argument)
      : command === 'carry-over'
        ? carryOver()
        : undefined;
if (!run) {
  console.error('Usage: backup-cli backup | restore <file> | carry-over');
  process.exit(2);
}
run.catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error);
  process.exit(1);
});
