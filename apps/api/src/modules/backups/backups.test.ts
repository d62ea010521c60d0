/**
 * Backups as an operator takes and restores them (decisions 039, 050): a logical copy of every table
 * in one snapshot, taken while orders are placed, restored into an empty database (through the
 * function, and through `npm run restore` into an outside database and into the embedded PostgreSQL);
 * refused into a database holding data and from a migration this release does not know.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '@app/domain';
import { openDatabase, type Database } from '../../db/client.js';
import {
  createTestApp,
  createUser,
  databaseUrl,
  loginAs,
  testServerUrl,
  type TestApp,
} from '../../test/test-app.js';
import {
  fileDigests,
  request,
  runBackupCli,
  serverEnv,
  startServerProcess,
  stopServerProcess,
  tableDigests,
} from '../../test/server-process.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';
import { readBackupManifest, startBackupArchive } from './backup-archive.js';
import { writeBackup } from './backups.service.js';
import { RestoreRefused } from './logical-import.js';
import { migrationJournal } from './migration-level.js';
import { restoreBackup } from './restore-backup.js';

const STOCK = 5_000;
const CLIENTS = 10;
const serverUrl = testServerUrl();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-backups-'));
// The embedded PostgreSQL's account (root runs it as `postgres`) must pass through to keep its
// cluster inside DATA_DIR (db/embedded/cluster-folder.ts).
fs.chmodSync(tmp, 0o711);

/** Databases made here (empty: no schema), dropped after the file. */
const made: string[] = [];
async function emptyDatabase(): Promise<{ url: string; pool: pg.Pool }> {
  const name = `bk_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // Dropped with force after the file: a connection pool.end() has not closed yet is cut then.
  pool.on('error', () => undefined);
  return { url, pool };
}
const pools: pg.Pool[] = [];
const digestsOf = (pool: pg.Pool) => tableDigests(drizzle(pool) as unknown as Database);
const rows = async <T>(pool: pg.Pool, text: string, params: unknown[] = []) =>
  (await pool.query(text, params)).rows as T[];

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'backup-test-secret',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    UNPAID_ORDERS_MAX: '100000',
    UNPAID_UNITS_MAX: '100000',
  });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
  // Uploads as the local storage provider leaves them: nested keys, binary bytes, and a dot-file
  // still being written that a backup must skip.
  const media = path.join(t.dataDir, 'media');
  fs.mkdirSync(path.join(media, 'images/2026/11'), { recursive: true });
  fs.writeFileSync(path.join(media, 'images/2026/11/a1b2c3.webp'), randomBytes(40_000));
  fs.writeFileSync(path.join(media, 'invoice-7.pdf'), Buffer.from('%PDF-1.7 an invoice'));
  fs.writeFileSync(path.join(media, 'images/2026/11/.half.tmp'), 'partial');
});
afterAll(async () => {
  await t.close();
  for (const pool of pools) await pool.end();
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  for (const name of made) await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const backupNow = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/backups',
    headers: { authorization: adminToken },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { file: string; manifest: BackupManifest } }>().data;
};

const until = async (enough: () => boolean) => {
  while (!enough()) await new Promise((resolve) => setTimeout(resolve, 20));
};

let productId: string;
let quiescentBackup: string;

// Issue 40: backups were readable by every local user (folder 0755, archives 0644), and each holds
// every account's contacts and password hashes.
describe('who may read a backup', () => {
  it('only the server’s account: the folder 0700, each archive 0600', async () => {
    const { file } = await backupNow();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });
});

describe('a backup taken while orders are placed', () => {
  it('restores to a database whose orders, stock and ledger agree', { timeout: 300_000 }, async () => {
    const seller = await makeSeller(t);
    productId = await makeProduct(t, seller, STOCK);
    const asSeller = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { authorization: seller.token },
    });
    expect(asSeller.statusCode).toBe(403);

    // Each client places an order and pays it, over and over, until told to stop.
    let placing = true;
    let placed = 0;
    const client = async () => {
      while (placing) {
        const order = await t.app.inject({
          method: 'POST',
          url: '/api/euOrder/saveOrder2',
          payload: orderBody(productId, { quantity: 1 + (placed % 3) }),
        });
        expect(order.statusCode, order.body).toBe(201);
        placed += 1;
        const session = order.json<{ cfOrder: { paymentSessionId: string } }>().cfOrder.paymentSessionId;
        const paid = await t.app.inject({
          method: 'POST',
          url: `/pay/simulator/${session}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=pay',
        });
        expect(paid.statusCode).toBe(303);
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    await until(() => placed >= 20);
    const { file, manifest } = await backupNow();
    const placedBy = placed;
    await until(() => placed >= placedBy + CLIENTS);
    placing = false;
    await Promise.all(clients);

    expect(path.dirname(file)).toBe(path.join(t.dataDir, 'backups'));
    expect(path.basename(file)).toMatch(/^revuhub-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.tar\.gz$/);
    expect(manifest).toMatchObject({
      format: 2,
      database: 'postgresql',
      uploads: 'local',
      mediaFiles: 2,
      migration: { tag: migrationJournal().at(-1)!.tag, count: migrationJournal().length },
    });
    const ordersInBackup = manifest.tables.find((table) => table.name === 'public.orders')!.rows;
    const [ordersNow] = await rows<{ n: number }>(t.pool, 'select count(*)::int as n from orders');
    expect(ordersInBackup).toBeGreaterThan(0);
    expect(ordersInBackup).toBeLessThan(ordersNow!.n);

    const target = await emptyDatabase();
    pools.push(target.pool);
    const mediaRoot = path.join(tmp, 'restored-media');
    await restoreBackup(file, target.pool, mediaRoot);
    expect(fileDigests(mediaRoot)).toEqual(fileDigests(path.join(t.dataDir, 'media')));

    const [orderCount] = await rows<{ n: number }>(target.pool, 'select count(*)::int as n from orders');
    expect(orderCount!.n).toBe(ordersInBackup);
    // Every unit taken is either on an order holding it or still in stock.
    const [stock] = await rows<{ stock: number; held: number }>(
      target.pool,
      `select p.inventory_quantity as stock,
         (select coalesce(sum(quantity), 0)::int from orders where product_id = p.id and stock_held) as held
       from products p where p.id = $1`,
      [productId],
    );
    expect(stock!.stock + stock!.held).toBe(STOCK);
    // A paid order's ledger rows are in the copy as the server wrote them; an order not yet paid in
    // the snapshot has none.
    const ledger = `select o.id, o.payment_state as state,
        coalesce(sum(e.amount_paise), 0)::int as total, count(e.id)::int as entries
      from orders o left join settlement_entries e on e.order_id = o.id
      where o.product_id = $1 group by o.id, o.payment_state`;
    const restored = await rows<{ id: string; state: string; total: number; entries: number }>(
      target.pool,
      ledger,
      [productId],
    );
    const source = new Map(
      (await rows<{ id: string; total: number }>(t.pool, ledger, [productId])).map((r) => [r.id, r.total]),
    );
    expect(restored.filter((r) => r.state === 'PAID').length).toBeGreaterThan(0);
    for (const order of restored) {
      if (order.state === 'PAID') expect(order.total, order.id).toBe(source.get(order.id));
      else expect(order.entries, order.id).toBe(0);
    }

    // The restored database serves: the admin's session from before the backup still works.
    const handle = await openDatabase({ url: target.url });
    try {
      const [session] = await rows<{ n: number }>(handle.pool, 'select count(*)::int as n from sessions');
      expect(session!.n).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });

  it('copies every table exactly: rows that triggers maintain, moderated posts, sequences', async () => {
    // From here on the source stays as it is: the app's jobs (the hold sweep deletes empty stock
    // holds 30 s after start) would change it between the backup and the comparisons.
    await t.app.close();
    const [seller] = await rows<{ id: string }>(t.pool, "select id from users where role = 'SELLER' limit 1");
    const [post] = await rows<{ id: string }>(
      t.pool,
      `insert into posts (id, author_id, title, description) values ($1, $2, 'Trail shoes', 'Light and grippy')
       returning id`,
      [randomBytes(12).toString('hex'), seller!.id],
    );
    // Hidden by a moderator: private now, the author's wish (public) kept for a restore. A load
    // with the moderation trigger on would have made the author's wish private too.
    await t.pool.query("update posts set moderation_state = 'hidden' where id = $1", [post!.id]);
    quiescentBackup = (await writeBackup({ pool: t.pool, dataDir: t.dataDir, uploads: 'local' })).file;

    const target = await emptyDatabase();
    pools.push(target.pool);
    await restoreBackup(quiescentBackup, target.pool, path.join(tmp, 'exact-media'));
    const [hidden] = await rows<{ is_private: boolean; author_private: boolean }>(
      target.pool,
      'select is_private, author_private from posts where id = $1',
      [post!.id],
    );
    expect(hidden).toEqual({ is_private: true, author_private: false });
    expect(await digestsOf(target.pool)).toEqual(await digestsOf(t.pool));
  });
});

describe('npm run restore', () => {
  it(
    'into an empty outside database (DATABASE_URL), and refused into one holding data',
    { timeout: 60_000 },
    async () => {
      const target = await emptyDatabase();
      pools.push(target.pool);
      const dataDir = fs.mkdtempSync(path.join(tmp, 'outside-'));
      const env = serverEnv(dataDir, { DATABASE_URL: target.url });
      const restored = await runBackupCli(['restore', quiescentBackup], env);
      expect(restored.output).toMatch(/Restored the backup of .* into DATABASE_URL’s database/);
      expect(restored.code).toBe(0);
      expect(await digestsOf(target.pool)).toEqual(await digestsOf(t.pool));
      expect(Object.keys(fileDigests(path.join(dataDir, 'media')))).toHaveLength(2);

      const again = await runBackupCli(['restore', quiescentBackup], env);
      expect(again.output).toMatch(/already holds data .*only into an empty database/);
      expect(again.code).toBe(1);
      expect(await digestsOf(target.pool)).toEqual(await digestsOf(t.pool));
    },
  );

  it(
    'into the embedded PostgreSQL, setting aside what was there; then backs it up with the server stopped',
    { timeout: 300_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(tmp, 'embedded-'));
      const env = serverEnv(dataDir);
      const first = await runBackupCli(['restore', quiescentBackup], env);
      expect(first.output).toMatch(/Restored the backup of .* into the embedded PostgreSQL/);
      expect(first.code).toBe(0);
      // A second restore replaces the first: its cluster and uploads go aside, not away.
      const second = await runBackupCli(['restore', quiescentBackup], env);
      expect(second.output).toMatch(/What was there is in .*before-restore-/);
      expect(second.code).toBe(0);
      const aside = fs.readdirSync(dataDir).filter((f) => f.startsWith('before-restore-'));
      expect(aside).toHaveLength(1);
      expect(fs.readdirSync(path.join(dataDir, aside[0]!)).sort()).toEqual(['media', 'pg']);

      // The server started on the restored cluster: the admin's session from before the backup
      // works, and `npm run backup` asks the server for the copy.
      const server = await startServerProcess(dataDir);
      try {
        const me = await request(server.port, 'GET', '/api/users/me', undefined, {
          authorization: adminToken,
        });
        expect(me.status).toBe(200);
        const viaServer = await runBackupCli(['backup'], { ...env, BACKUP_TOKEN: adminToken });
        expect(viaServer.output).toMatch(/Backup written by the running server \(pid \d+\): .*\.tar\.gz/);
        expect(viaServer.code).toBe(0);
      } finally {
        expect(await stopServerProcess(server)).toBe(0);
      }

      // With the server stopped, the command starts the embedded PostgreSQL itself.
      const backedUp = await runBackupCli(['backup'], env);
      expect(backedUp.output).toMatch(/Backup written from the stopped server’s database: .*\.tar\.gz/);
      expect(backedUp.code).toBe(0);
      const archives = fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.endsWith('.tar.gz'));
      expect(archives).toHaveLength(2);
      // The rows the backup restored, and nothing lost on the way (a start adds reference data,
      // the admin and sessions).
      const kept = ['orders', 'products', 'shops', 'posts', 'settlement_entries', 'shop_locator_keys'];
      const rowsOf = (manifest: Awaited<ReturnType<typeof readBackupManifest>>) =>
        manifest.format === 2
          ? manifest.tables.filter((table) => kept.includes(table.name.slice('public.'.length)))
          : [];
      const original = rowsOf(await readBackupManifest(quiescentBackup));
      expect(original).toHaveLength(kept.length);
      for (const archive of archives) {
        expect(rowsOf(await readBackupManifest(path.join(dataDir, 'backups', archive)))).toEqual(original);
      }
    },
  );

  it('refuses a backup from a newer migration, before writing anything', async () => {
    const original = await readBackupManifest(quiescentBackup);
    const file = path.join(tmp, 'from-the-future.tar.gz');
    const archive = startBackupArchive(file);
    await archive.addManifest({
      ...(original as BackupManifest),
      appVersion: '9.0.0',
      migration: { tag: '0099_from_the_future', count: migrationJournal().length + 1 },
      tables: [],
    });
    await archive.finish();
    const target = await emptyDatabase();
    pools.push(target.pool);
    const restoring = restoreBackup(file, target.pool, path.join(tmp, 'future-media'));
    await expect(restoring).rejects.toBeInstanceOf(RestoreRefused);
    await expect(restoring).rejects.toThrow(
      /0099_from_the_future.*restore it with the release that wrote it \(version 9\.0\.0\)/,
    );
    const [tables] = await rows<{ n: number }>(
      target.pool,
      "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
    );
    expect(tables!.n).toBe(0);
  });
});
