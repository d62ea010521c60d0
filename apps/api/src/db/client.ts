import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { startEmbeddedPostgres, type EmbeddedOptions, type EmbeddedPostgres } from './embedded-postgres.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /** `embedded`: the server this process started on DATA_DIR; `postgres`: DATABASE_URL's. */
  driver: 'embedded' | 'postgres';
  /** The pool behind `db`, for what Drizzle does not cover (COPY streams, pool metrics). */
  pool: pg.Pool;
  /**
   * The same database through a few connections of their own whose prepared statements are planned
   * once, for every value (`plan_cache_mode = force_generic_plan`), rather than again at each run.
   * Only for statements whose one plan is proven good for any value (search-plans.test.ts): the
   * header search's and the suggestions' statements, where planning each run cost 3-10 times the
   * run itself (bench/README.md, issue 39).
   */
  plannedOnce: Database;
  /** Resolves when the database answers a trivial query; for the readiness probe. */
  ping(): Promise<void>;
  /** Embedded only: tells DATA_DIR/server.lock the server's port, for `npm run backup`. */
  setPort?: (port: number) => void;
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
 * The build's migrated cluster (apps/api/build.mjs), next to the bundle: a first start copies it
 * instead of running initdb and every migration. Absent when running from source.
 */
export function bundledTemplateFolder(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const folder = path.join(here, 'pg-template');
  return fs.existsSync(path.join(folder, 'pg', 'data', 'PG_VERSION')) ? folder : undefined;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PostgreSQL server is started on `dataDir`. */
  url?: string | undefined;
  /** DATA_DIR, for the embedded server (its cluster goes to DATA_DIR/pg). */
  dataDir?: string | undefined;
  /** PostgreSQL connections this process may open. */
  poolSize?: number | undefined;
  /** The embedded server's account and tuning (decision 049). */
  embedded?: Omit<EmbeddedOptions, 'dataDir' | 'poolSize'> | undefined;
  /**
   * Work that must run once per database right after the migrations (reference data, the admin
   * account). It runs under the same lock as the migrations.
   */
  prepare?: ((db: Database) => Promise<void>) | undefined;
}

/**
 * Any fixed number, the same in every process: concurrent starts on one PostgreSQL database (several
 * workers, several machines) queue on it, so exactly one applies pending migrations and the others
 * find nothing to do. None of them listens before its migrate has returned, so no process ever serves
 * traffic on an older schema.
 */
const MIGRATION_LOCK_KEY = 7_310_422_018;

/**
 * Opens the database and brings its schema up to date: the outside PostgreSQL server of `url`, or,
 * without one, the embedded server this process starts (and stops on close).
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  let embedded: EmbeddedPostgres | undefined;
  let url = options.url;
  if (!url) {
    if (!options.dataDir) throw new Error('openDatabase needs a url or a dataDir');
    embedded = await startEmbeddedPostgres({
      template: bundledTemplateFolder(),
      ...options.embedded,
      dataDir: options.dataDir,
      // Both pools' connections (connect below).
      poolSize: (options.poolSize ?? 10) + PLANNED_ONCE_POOL_SIZE,
    });
    url = embedded.url;
  }
  try {
    return await connect(url, options, embedded);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/**
 * An earlier release kept its embedded database in DATA_DIR/db (PGlite): its first start on this
 * release copies it into the new cluster, compared table by table, before the seed or the admin
 * account could write anything (decision 050). Loaded only when such a folder is there.
 */
async function carryOverEarlierRelease(dataDir: string, pool: pg.Pool, options: OpenOptions) {
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) return;
  const { carryOverPgliteFolder } = await import('./carry-over-pglite.js');
  const log = options.embedded?.log ?? ((message: string) => console.log(message));
  const result = await carryOverPgliteFolder(dataDir, pool, { info: log });
  if (result.carried) {
    log(
      `Carried the earlier release's database over: ${result.tables} tables, ${result.rows} rows in ${result.ms} ms`,
    );
  }
}

/** Connections of the planned-once pool (DatabaseHandle.plannedOnce), on top of DB_POOL_SIZE. */
export const PLANNED_ONCE_POOL_SIZE = 4;

async function connect(url: string, options: OpenOptions, embedded: EmbeddedPostgres | undefined) {
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const plannedOncePool = new pg.Pool({
    connectionString: url,
    max: Math.min(PLANNED_ONCE_POOL_SIZE, poolSize),
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  let closing = false;
  const onError = (error: Error) => {
    // pool.end() resolves before its sockets are closed: a server stopping right after is no loss.
    if (!closing) console.error(`PostgreSQL connection lost: ${error.message}`);
  };
  pool.on('error', onError);
  plannedOncePool.on('error', onError);
  const db = drizzle(pool, { schema }) as unknown as Database;
  // The lock lives on its own connection (advisory locks belong to a session); the migrations
  // run on the pool while it is held.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db as never, { migrationsFolder: migrationsFolder() });
    if (embedded && options.dataDir) await carryOverEarlierRelease(options.dataDir, pool, options);
    await options.prepare?.(db);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
  const handle: DatabaseHandle = {
    db,
    driver: embedded ? 'embedded' : 'postgres',
    pool,
    plannedOnce: drizzle(plannedOncePool, { schema }),
    ping: async () => void (await pool.query('select 1')),
    ...(embedded ? { setPort: (port: number) => embedded.setPort(port) } : {}),
    close: async () => {
      closing = true;
      await Promise.all([pool.end(), plannedOncePool.end()]);
      await embedded?.stop();
    },
  };
  return handle;
}
