import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { closeWhenIdle, guardBackendFailures } from './pglite-guard.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** PGlite only: a copy of the whole database, for `fromDump`. */
  dump?: () => Promise<Blob>;
  /** Resolves when the database answers a trivial query; for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations sit next to the source in development and next to the bundle in production. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The build's empty database (apps/api/build.mjs: migrated, reference data in), next to the bundle.
 * Absent when running from source; then a first start runs initdb and every migration itself.
 */
export function bundledTemplateFolder(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const folder = path.join(here, 'pgdata-template');
  return fs.existsSync(path.join(folder, 'PG_VERSION')) ? folder : undefined;
}

/**
 * A first start on an empty folder copies the template instead of running initdb and the migrations
 * (about 7 s and a WebAssembly heap of 500-700 MB that is never given back, against a 40 MB copy).
 * Copied beside the folder and renamed into place, so a start killed mid-copy leaves no half database.
 */
function copyTemplate(template: string, dataDir: string) {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return;
  const staging = `${dataDir}.template-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(template, staging, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(staging, dataDir);
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for the embedded database; in memory when absent. */
  dataDir?: string | undefined;
  /** PostgreSQL connections this process may open. */
  poolSize?: number | undefined;
  /**
   * Work that must run once per database right after the migrations (reference data, the admin
   * account). On PostgreSQL it runs under the same lock as the migrations.
   */
  prepare?: ((db: Database) => Promise<void>) | undefined;
  /**
   * PGlite only: start from a copy of a database that `dump()` took, instead of running every
   * migration from an empty one (tests: a fresh database per test file in ~2 s instead of ~6-14 s).
   */
  fromDump?: Blob | undefined;
  /**
   * PGlite only: a data folder copied into an empty `dataDir` before opening (default: the build's,
   * `bundledTemplateFolder()`); false to initialise from nothing.
   */
  template?: string | false | undefined;
}

/**
 * Any fixed number, the same in every process: concurrent starts on one PostgreSQL database (several
 * workers, several machines) queue on it, so exactly one applies pending migrations and the others
 * find nothing to do. None of them listens before its migrate has returned, so no process ever serves
 * traffic on an older schema.
 */
const MIGRATION_LOCK_KEY = 7_310_422_018;

/**
 * The embedded database runs inside this process, so its memory is the server's memory. PostgreSQL's
 * defaults (128 MB shared buffers, 64 MB maintenance memory) suit a dedicated database machine; these
 * suit a small server, where the operating system's file cache still holds the data files. PGlite
 * touches all of its shared buffers at start and never returns WebAssembly memory, so each MB here
 * is a MB of the process for good: 16 MB instead of 32 took 20 MB off the resident size (decision 035).
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'temp_buffers=4MB',
  'wal_buffers=1MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
];

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // Loaded only here, as PGlite's modules are below: each server needs one driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // The lock lives on its own connection (advisory locks belong to a session); the migrations
    // run on the pool while it is held.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db as never, { migrationsFolder: migrationsFolder() });
      await options.prepare?.(db);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) {
    const template = options.template ?? bundledTemplateFolder();
    if (template && !options.fromDump) copyTemplate(template, options.dataDir);
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  // PGlite's WebAssembly runs on V8's baseline compiler only (decision 035): its optimising tier
  // recompiled PostgreSQL's hot functions on both cores during start-up and kept ~70 MB of code and
  // compiler memory resident for good. Process-wide, but PGlite is the only WebAssembly here.
  v8.setFlagsFromString('--liftoff-only');
  // Loaded only here: a server on PostgreSQL never needs them, and they weigh ~10 MB of memory.
  const [
    { PGlite },
    { btree_gist },
    { cube },
    { earthdistance },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    // The header search's trigram indexes (migration 0022).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The contrib extensions the store locator's nearby index needs (migration 0003); PostgreSQL ships them.
  const client = await PGlite.create(options.dataDir, {
    extensions: { cube, earthdistance, btree_gist, pg_trgm },
    postgresqlconf: PGLITE_SETTINGS,
    ...(options.fromDump ? { loadDataDir: options.fromDump } : {}),
  });
  guardBackendFailures(client);
  const close = closeWhenIdle(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migrate(db as never, { migrationsFolder: migrationsFolder() });
  await options.prepare?.(db);
  return {
    db,
    driver: 'pglite',
    // Inside a transaction, so no other transaction is half-way when it is taken (PGlite runs one
    // at a time); after a checkpoint, so the copy opens without replaying the log.
    dump: () =>
      client.transaction(async (tx) => {
        await tx.exec('checkpoint');
        return client.dumpDataDir('none');
      }),
    ping: async () => void (await client.query('select 1')),
    close,
  };
}
