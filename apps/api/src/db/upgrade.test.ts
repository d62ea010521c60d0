/**
 * Upgrades (decision 039): each release's fixture (upgrade-fixtures/<version>.sql, data its own code
 * wrote) is loaded into a database at that release's migration, then opened as this release opens
 * any database: the newer migrations run, and the app reads the old rows through its API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_KEY_HEADER } from '@app/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { deviceCookieSecret } from '../lib/device-cookies.js';
import { createOrderLinks } from '../modules/orders/order-links.js';
import { createLocalStorage } from '../providers/storage/local-storage.js';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client.js';
import { databaseUrl, testServerUrl } from '../test/test-app.js';

const pgServer = testServerUrl();
const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upgrade-fixtures');
const fixtures = fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.sql'));
const BUYER = { email: 'fixture-buyer@example.com', password: 'Upgrade-fixture-42' };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-upgrade-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A copy of the migrations folder that stops at the fixture's release. */
function migrationsUpTo(count: number): string {
  const folder = fs.mkdtempSync(path.join(tmp, 'migrations-'));
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

/**
 * The PostgreSQL databases the tests made, dropped after the file (an `afterAll` registered inside a
 * running test is never called: each run left its databases on the server).
 */
const madeDatabases: string[] = [];
afterAll(async () => {
  if (madeDatabases.length === 0) return;
  const dropper = new pg.Client({ connectionString: pgServer });
  await dropper.connect();
  for (const name of madeDatabases.splice(0))
    await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
});

/** A database at the release's schema holding its fixture; answers how to open it as this release does. */
async function databaseOfRelease(fixture: string, count: number): Promise<() => Promise<DatabaseHandle>> {
  const folder = migrationsUpTo(count);
  const name = `upg_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  madeDatabases.push(name);
  const url = databaseUrl(pgServer, name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migratePg(drizzlePg(pool), { migrationsFolder: folder });
  await pool.query(fixture);
  await pool.end();
  return () => openDatabase({ url });
}

describe.each(fixtures)('upgrade from the %s fixture', (file) => {
  it(
    'migrates to the current schema, and the app reads its products, orders, posts and accounts',
    { timeout: 60_000 },
    async () => {
      const fixture = fs.readFileSync(path.join(fixturesDir, file), 'utf8');
      const level = /^-- migration: (\S+) \((\d+)\)$/m.exec(fixture);
      expect(level, 'the fixture names its migration').not.toBeNull();
      const open = await databaseOfRelease(fixture, Number(level![2]));

      const handle = await open();
      const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        NOTIFICATIONS_POLL_SECONDS: '0',
      });
      const app = await buildApp({ config, db: handle.db, storage: createLocalStorage(dataDir) });
      try {
        const rows = async (query: string) =>
          ((await handle.db.execute(sql.raw(query))) as { rows?: Array<Record<string, unknown>> }).rows ?? [];
        const applied = await rows('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(Number(applied[0]!.n)).toBe(
          (
            JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
              entries: unknown[];
            }
          ).entries.length,
        );

        const [product] = await rows("select id from products where brand = 'Stride Lab' limit 1");
        const productRes = await app.inject({ url: `/api/products/getProductOnId/${String(product!.id)}` });
        expect(productRes.statusCode, productRes.body).toBe(200);
        expect(productRes.body).toContain('Stride Lab');

        // An order placed before link versions existed opens with the key of version 1 (decision 063).
        const [order] = await rows('select id, link_version from orders order by created_at limit 1');
        expect(order!.link_version).toBe(1);
        const key = createOrderLinks(handle.db, deviceCookieSecret(config, console)).keyOf({
          id: String(order!.id),
          linkVersion: 1,
        });
        const orderRes = await app.inject({
          url: `/api/orders/status/${String(order!.id)}`,
          headers: { [ORDER_KEY_HEADER]: key },
        });
        expect(orderRes.statusCode, orderRes.body).toBe(200);
        expect(orderRes.json<{ data: { quantity: number } }>().data.quantity).toBe(2);

        const [post] = await rows(
          'select id, author_id from posts where author_id is not null order by created_at limit 1',
        );
        const postRes = await app.inject({
          url: `/api/inflncr/getSpecificPost/${String(post!.author_id)}/${String(post!.id)}`,
        });
        expect(postRes.statusCode, postRes.body).toBe(200);

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
    },
  );
});
