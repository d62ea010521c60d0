/**
 * Earlier releases' data in this release (decision 050), from the v1.0.0 upgrade fixture: its PGlite
 * folder, made as that release made it, is carried into a new PostgreSQL database and compared table
 * by table (every row, not only the carry-over's own sample) with the same fixture migrated on
 * PostgreSQL, and the old folder's files are hashed before and after. A format-1 backup (PGlite's
 * tarball) and a format-2 backup taken at v1.0.0's migration restore to the same rows.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteBackupManifest } from '@app/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  appTables,
  COPY_SETTINGS,
  pgReader,
  quoteName,
  type DatabaseReader,
} from '../modules/backups/database-snapshot.js';
import { migrateTo, migrationJournal } from '../modules/backups/migration-level.js';
import { restoreBackup } from '../modules/backups/restore-backup.js';
import { writeBackup } from '../modules/backups/backups.service.js';
import { createLocalStorage } from '../providers/storage/local-storage.js';
import { runBackupCli, serverEnv } from '../test/server-process.js';
import { createUser, databaseUrl, testServerUrl } from '../test/test-app.js';
import { CARRIED_MARKER, carryOverPgliteFolder } from './carry-over-pglite.js';
import { migrationsFolder, openDatabase } from './client.js';

const serverUrl = testServerUrl();
const fixtureFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upgrade-fixtures', 'v1.0.0.sql');
const BUYER = { email: 'fixture-buyer@example.com', password: 'Upgrade-fixture-42' };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-carry-over-'));
const silent = { info: () => undefined };

const made: string[] = [];
const pools: pg.Pool[] = [];
async function emptyDatabase(): Promise<{ url: string; pool: pg.Pool }> {
  const name = `co_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // Dropped with force after the file: a connection pool.end() has not closed yet is cut then.
  pool.on('error', () => undefined);
  pools.push(pool);
  return { url, pool };
}
afterAll(async () => {
  for (const pool of pools) await pool.end();
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  for (const name of made) await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** What v1.0.0 left in DATA_DIR/db: PGlite migrated to the fixture's migration, holding its rows. */
async function pgliteFolderOfRelease(folder: string, fixture: string, count: number) {
  const migrations = path.join(tmp, 'migrations');
  fs.cpSync(migrationsFolder(), migrations, { recursive: true });
  const journalFile = path.join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  const [{ PGlite }, { btree_gist }, { cube }, { earthdistance }, { pg_trgm }, { drizzle }, { migrate }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('@electric-sql/pglite/contrib/cube'),
      import('@electric-sql/pglite/contrib/earthdistance'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const pglite = await PGlite.create(folder, { extensions: { btree_gist, cube, earthdistance, pg_trgm } });
  await migrate(drizzle(pglite), { migrationsFolder: migrations });
  await pglite.exec(fixture);
  // As that release's backups took it: after a checkpoint, so that the copy opens without recovery.
  await pglite.exec('checkpoint');
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  return { count, tag: (journal.entries[count - 1] as { tag: string }).tag, dump };
}

/** Every file under a folder with the hash of its bytes. */
function hashes(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(root, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

/** Each table's row count and a hash of all its rows (stored columns, as text, in one order). */
async function contentsOf(reader: DatabaseReader): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await appTables(reader)) {
    const columns = table.columns.map((c) => `"${c}"`).join(', ');
    const [row] = await reader.rows<{ n: string; h: string }>(
      `select count(*)::text as n, md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) as h
       from (select row(${columns})::text as r from ${quoteName(table.name)}) t`,
    );
    out[table.name] = `${row!.n} rows ${row!.h}`;
  }
  for (const { name } of await reader.rows<{ name: string }>(
    "select schemaname || '.' || sequencename as name from pg_sequences where schemaname in ('public', 'drizzle')",
  )) {
    const [s] = await reader.rows<{ v: string }>(
      `select last_value::text || ' ' || is_called::text as v from ${quoteName(name)}`,
    );
    out[name] = s!.v;
  }
  return out;
}

async function contentsOfPool(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    for (const setting of COPY_SETTINGS) await client.query(setting);
    return await contentsOf(pgReader(client));
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/**
 * The same fixture as this release reads it, made without PGlite: loaded into PostgreSQL at its
 * migration (as upgrade.test.ts does), backed up there (a backup an earlier release would have
 * written), then migrated on; the carried copy must hold the same rows.
 */
async function referenceOnPostgres(fixture: string, count: number) {
  const reference = await emptyDatabase();
  await migrateTo(reference.pool, count);
  await reference.pool.query(fixture);
  const backup = await writeBackup({
    pool: reference.pool,
    dataDir: path.join(tmp, 'old-backups'),
    uploads: 's3',
  });
  await migrateTo(reference.pool);
  return { contents: await contentsOfPool(reference.pool), backup };
}

const dataDir = path.join(tmp, 'data');
const oldFolder = path.join(dataDir, 'db');
let release: Awaited<ReturnType<typeof pgliteFolderOfRelease>>;
let original: Record<string, string>;
let oldBackup: Awaited<ReturnType<typeof writeBackup>>;
beforeAll(async () => {
  const fixture = fs.readFileSync(fixtureFile, 'utf8');
  const count = Number(/^-- migration: \S+ \((\d+)\)$/m.exec(fixture)![1]);
  let reference: Awaited<ReturnType<typeof referenceOnPostgres>>;
  [release, reference] = await Promise.all([
    pgliteFolderOfRelease(oldFolder, fixture, count),
    referenceOnPostgres(fixture, count),
  ]);
  original = reference.contents;
  oldBackup = reference.backup;
  // A hang guard: PGlite (WebAssembly) reads the old folder slowly beside CI's browser shards.
}, 300_000);

describe('a backup of an earlier release’s schema', () => {
  it('restores at its migration, and this release’s newer migrations run on it', async () => {
    expect(oldBackup.manifest.migration).toEqual({ tag: release.tag, count: release.count });
    const target = await emptyDatabase();
    await restoreBackup(oldBackup.file, target.pool, path.join(tmp, 'old-media'));
    expect(await contentsOfPool(target.pool)).toEqual(original);
  });
});

describe('an earlier release’s PGlite folder', () => {
  let carried: { url: string; pool: pg.Pool };

  it(
    'is carried over whole into an empty PostgreSQL database, and its folder left as it was',
    { timeout: 60_000 },
    async () => {
      const before = hashes(oldFolder);
      carried = await emptyDatabase();
      const result = await carryOverPgliteFolder(dataDir, carried.pool, silent);
      expect(result).toMatchObject({
        carried: true,
        tables: Object.keys(original).filter((k) => !k.endsWith('_seq')).length,
      });

      const copied = await contentsOfPool(carried.pool);
      expect(copied).toEqual(original);
      expect(Number(copied['public.orders']!.split(' ')[0])).toBeGreaterThan(0);
      expect(Number(copied['drizzle.__drizzle_migrations']!.split(' ')[0])).toBe(migrationJournal().length);
      // The search columns are not copied but built again by this server's own text search (PGlite's
      // and PostgreSQL 18's split a post of the fixture differently): each is what this server makes.
      const { rows: stale } = await carried.pool.query<{ n: number }>(`select
        (select count(*) from posts where search_vector is distinct from
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B'))
        + (select count(*) from products where search_name is distinct from lower(brand || ' ' || model || ' ' || prdct_name)
          or search_vector = ''::tsvector)
        + (select count(*) from posts where search_vector = ''::tsvector) as n`);
      expect(Number(stale[0]!.n)).toBe(0);
      const { rows: found } = await carried.pool.query<{ n: number }>(
        `select count(*) as n from posts where search_vector @@ plainto_tsquery('english', 'mysore silk wedding')`,
      );
      expect(Number(found[0]!.n)).toBe(1);

      const after = hashes(oldFolder);
      expect(after[CARRIED_MARKER]).toBeDefined();
      expect(fs.readFileSync(path.join(oldFolder, CARRIED_MARKER), 'utf8')).toMatch(
        /^Carried over to PostgreSQL on \d{4}-/,
      );
      delete after[CARRIED_MARKER];
      expect(after).toEqual(before);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['db']);

      expect(await carryOverPgliteFolder(dataDir, carried.pool, silent)).toEqual({
        carried: false,
        reason: 'already-carried',
      });
    },
  );

  it('serves the carried rows: the fixture’s buyer logs in', async () => {
    const handle = await openDatabase({ url: carried.url });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmp,
      WEB_DIST: path.join(tmp, 'no-web'),
      NOTIFICATIONS_POLL_SECONDS: '0',
    });
    const app = await buildApp({
      config,
      db: handle.db,
      pool: handle.pool,
      storage: createLocalStorage(tmp),
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { userName: BUYER.email, password: BUYER.password },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('as a format-1 backup (PGlite’s tarball) restores to the same rows', { timeout: 60_000 }, async () => {
    const file = path.join(tmp, 'revuhub-backup-v1.tar.gz');
    const manifest: PgliteBackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      appVersion: '1.0.0',
      migration: { tag: release.tag, count: release.count },
      database: 'pglite',
      uploads: 'local',
      mediaFiles: 1,
    };
    const pack = tar.pack();
    const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
    const add = (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: body.length }, body, (e) => (e ? reject(e) : resolve())),
      );
    await add('manifest.json', Buffer.from(JSON.stringify(manifest)));
    await add('database.tar', release.dump);
    await add('media/images/old.webp', Buffer.from('an old upload'));
    pack.finalize();
    await written;

    const target = await emptyDatabase();
    const mediaRoot = path.join(tmp, 'v1-media');
    expect(await restoreBackup(file, target.pool, mediaRoot)).toMatchObject({ format: 1 });
    expect(await contentsOfPool(target.pool)).toEqual(original);
    expect(fs.readFileSync(path.join(mediaRoot, 'images/old.webp'), 'utf8')).toBe('an old upload');
  });

  it(
    '`npm run carry-over` refuses a database holding other data, and leaves the folder unmarked',
    { timeout: 60_000 },
    async () => {
      const second = path.join(tmp, 'second');
      fs.cpSync(oldFolder, path.join(second, 'db'), { recursive: true });
      fs.rmSync(path.join(second, 'db', CARRIED_MARKER));
      const before = hashes(path.join(second, 'db'));
      const busy = await emptyDatabase();
      const handle = await openDatabase({ url: busy.url });
      await createUser(handle.db);
      await handle.close();
      const refused = await runBackupCli(['carry-over'], serverEnv(second, { DATABASE_URL: busy.url }));
      expect(refused.output).toMatch(/already holds data/);
      expect(refused.code).toBe(1);
      expect(hashes(path.join(second, 'db'))).toEqual(before);
    },
  );

  it(
    'is carried over by the first start of this release on its DATA_DIR, before the seed writes',
    { timeout: 60_000 },
    async () => {
      const upgraded = path.join(tmp, 'upgraded');
      fs.cpSync(oldFolder, path.join(upgraded, 'db'), { recursive: true });
      fs.rmSync(path.join(upgraded, 'db', CARRIED_MARKER));
      const said: string[] = [];
      const handle = await openDatabase({
        dataDir: upgraded,
        embedded: { tuning: 'tests', log: (m) => said.push(m) },
      });
      try {
        expect(await contentsOfPool(handle.pool)).toEqual(original);
      } finally {
        await handle.close();
      }
      expect(said.join('\n')).toMatch(/Carried the earlier release's database over: \d+ tables/);
      expect(fs.existsSync(path.join(upgraded, 'db', CARRIED_MARKER))).toBe(true);
      // The next start finds the marker and carries nothing again.
      const again = await openDatabase({
        dataDir: upgraded,
        embedded: { tuning: 'tests', log: () => undefined },
      });
      await again.close();
    },
  );
});
