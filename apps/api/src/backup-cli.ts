/**
 * `npm run backup` and `npm run restore FILE` (decision 039), for the embedded database.
 *
 * backup: a running server holds the database in its own process, so it is asked for the copy
 * (POST /api/admin/backups, as the admin); a stopped server's folder is copied directly.
 * restore: only with the server stopped; the data it replaces is moved aside, not deleted.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { BackupCreated } from '@app/domain';
import { loadConfig, type Config } from './config.js';
import type { Database } from './db/client.js';
import { guardBackendFailures } from './db/pglite-guard.js';
import { extractBackupArchive, readBackupManifest } from './modules/backups/backup-archive.js';
import { refusalToRestore, writeBackup } from './modules/backups/backups.service.js';
import { readServerLock, type ServerLock } from './modules/backups/server-lock.js';
import { createStorage } from './providers/storage/create-storage.js';

const POSTGRES_HINT =
  'DATABASE_URL is set: this server keeps its data in PostgreSQL, which pg_dump and pg_restore back up ' +
  '(docs/operations.md, "Backups and restore").';

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

/** The PGlite folder opened by this process, which only a stopped server allows. */
async function openStoppedDatabase(dbDir: string) {
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(dbDir);
  guardBackendFailures(client);
  return { client, db: drizzle(client) as unknown as Database };
}

async function backupStopped(config: Config) {
  const dbDir = path.join(config.dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new CliError(`There is no database in ${dbDir}`);
  const { client, db } = await openStoppedDatabase(dbDir);
  try {
    return await writeBackup({
      db,
      dataDir: config.dataDir,
      uploads: createStorage(config).kind,
      dumpDatabase: async () => {
        await client.exec('checkpoint');
        return client.dumpDataDir('none');
      },
    });
  } finally {
    await client.close();
  }
}

async function backup() {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new CliError(POSTGRES_HINT);
  const lock = readServerLock(config.dataDir);
  const made = lock ? await backupThroughServer(config, lock) : await backupStopped(config);
  const how = lock ? `by the running server (pid ${lock.pid})` : 'from the stopped server’s folder';
  console.log(
    `Backup written ${how}: ${made.file} (${(made.bytes / 1024 / 1024).toFixed(1)} MB, migration ` +
      `${made.manifest.migration.tag}, ${made.manifest.mediaFiles} uploaded files). Copy it off this machine.`,
  );
}

async function restore(file: string | undefined) {
  if (!file) throw new CliError('Usage: npm run restore -- <backup .tar.gz>');
  const config = loadConfig();
  if (config.DATABASE_URL) throw new CliError(POSTGRES_HINT);
  const lock = readServerLock(config.dataDir);
  if (lock) {
    throw new CliError(
      `The server is running on ${config.dataDir} (pid ${lock.pid}, port ${lock.port}): stop it, then restore.`,
    );
  }
  const manifest = await readBackupManifest(file);
  const refusal = refusalToRestore(manifest);
  if (refusal) throw new CliError(refusal);

  // What is there now is kept aside until the operator deletes it.
  const aside = path.join(config.dataDir, `before-restore-${new Date().toISOString().replace(/:/g, '-')}`);
  const moved: string[] = [];
  for (const part of ['db', 'media']) {
    const from = path.join(config.dataDir, part);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(aside, { recursive: true });
    fs.renameSync(from, path.join(aside, part));
    moved.push(part);
  }
  try {
    const mediaRoot = path.join(config.dataDir, 'media');
    const { database } = await extractBackupArchive(file, mediaRoot);
    const dbDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dbDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dbDir, { loadDataDir: new Blob([new Uint8Array(database)]) });
    await client.close();
  } catch (error) {
    for (const part of ['db', 'media'])
      fs.rmSync(path.join(config.dataDir, part), { recursive: true, force: true });
    for (const part of moved) fs.renameSync(path.join(aside, part), path.join(config.dataDir, part));
    throw error;
  }
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration.tag}, ` +
      `${manifest.mediaFiles} uploaded files) into ${config.dataDir}.` +
      (moved.length ? ` What was there is in ${aside}; delete it once the server runs well.` : '') +
      ' Start the server: it applies any newer migrations.',
  );
}

const [command, argument] = process.argv.slice(2);
const run = command === 'backup' ? backup() : command === 'restore' ? restore(argument) : undefined;
if (!run) {
  console.error('Usage: backup-cli backup | restore <file>');
  process.exit(2);
}
run.catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error);
  process.exit(1);
});
