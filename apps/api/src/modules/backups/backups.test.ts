/**
 * Backups as an operator takes them (decision 039). Embedded database: the running server writes
 * the archive while it serves, the data folder is wiped, `restore` brings it back and every table
 * and uploaded file is compared. PostgreSQL: the endpoint points at pg_dump, and the recipe of
 * docs/operations.md is run and compared the same way.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { seedDatabase } from '../../db/seed/index.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createTestApp, createUser, loginAs } from '../../test/test-app.js';
import {
  apiDir,
  fileDigests,
  loginAdmin,
  request,
  runBackupCli,
  serverEnv,
  startServerProcess,
  stopServerProcess,
  tableDigests,
  type ServerProcess,
} from '../../test/server-process.js';
import { migrationJournal } from './backups.service.js';

const pgServer = process.env.TEST_DATABASE_URL;
/** The recipe docs/operations.md gives for PostgreSQL. */
const pgBackup = path.join(apiDir, '../../scripts/pg-backup.sh');
// The archive test took 345 s in a CI run beside the browser journeys (load average 15-17).
const SLOW = { timeout: 900_000 };

async function digestsOfFolder(dataDir: string) {
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    return { tables: await tableDigests(handle.db), media: fileDigests(path.join(dataDir, 'media')) };
  } finally {
    await handle.close();
  }
}

describe.skipIf(pgServer)('backup and restore of the embedded database', SLOW, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-backup-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the running server writes an archive while it serves; wiped and restored, every table and upload is back', async () => {
    const first = await startServerProcess(dataDir);
    servers.push(first);
    // Uploads as the local storage provider leaves them (the upload route is tested in media/):
    // nested keys, binary bytes, and a dot-file still being written that a backup must skip.
    const media = path.join(dataDir, 'media');
    fs.mkdirSync(path.join(media, 'images/2026/11'), { recursive: true });
    fs.writeFileSync(path.join(media, 'images/2026/11/a1b2c3.webp'), randomBytes(40_000));
    fs.writeFileSync(path.join(media, 'images/2026/11/d4e5f6.webp'), randomBytes(1_000));
    fs.writeFileSync(path.join(media, 'invoice-7.pdf'), Buffer.from('%PDF-1.7 an invoice'));
    fs.writeFileSync(path.join(media, 'images/2026/11/.half.tmp'), 'partial');
    const token = await loginAdmin(first.port);

    expect((await request(first.port, 'POST', '/api/admin/backups')).status).toBe(401);

    // Readers keep the server busy while it copies the database.
    let serving = true;
    const answers: number[] = [];
    const readers = Array.from({ length: 4 }, async () => {
      while (serving) answers.push((await request(first.port, 'GET', '/api/states/getAllStates')).status);
    });
    const made = await request(first.port, 'POST', '/api/admin/backups', undefined, { authorization: token });
    serving = false;
    await Promise.all(readers);
    expect(made.status).toBe(201);
    const { file, manifest } = made.json<{ data: { file: string; manifest: Record<string, unknown> } }>()
      .data;
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers)).toEqual(new Set([200]));
    expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(file)).toMatch(/^revuhub-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.tar\.gz$/);
    expect(manifest).toMatchObject({
      format: 1,
      database: 'pglite',
      uploads: 'local',
      migration: { tag: migrationJournal().at(-1)!.tag, count: migrationJournal().length },
    });
    expect(manifest.mediaFiles).toBe(3);

    // The restore refuses while a server holds the folder.
    const refused = await runBackupCli(['restore', file], serverEnv(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/The server is running .*stop it, then restore/);

    expect(await stopServerProcess(first)).toBe(0);
    const before = await digestsOfFolder(dataDir);
    expect(Object.keys(before.tables).length).toBeGreaterThan(30);
    expect(before.tables['public.states']).not.toMatch(/^0 rows/);
    expect(before.tables['public.sessions']).not.toMatch(/^0 rows/);
    expect(Object.keys(before.media)).toHaveLength(manifest.mediaFiles as number);

    // Wiped: the database and the uploads are gone.
    fs.rmSync(path.join(dataDir, 'db'), { recursive: true });
    fs.rmSync(path.join(dataDir, 'media'), { recursive: true });

    const restored = await runBackupCli(['restore', file], serverEnv(dataDir));
    expect(restored.output).toMatch(/Restored the backup of/);
    expect(restored.code).toBe(0);
    const after = await digestsOfFolder(dataDir);
    expect(after.tables).toEqual(before.tables);
    expect(after.media).toEqual(before.media);

    // Started again on the restored folder: the admin's session from before the backup still
    // works, and the uploads are served.
    const second = await startServerProcess(dataDir);
    servers.push(second);
    const me = await request(second.port, 'GET', '/api/users/me', undefined, { authorization: token });
    expect(me.status).toBe(200);
    const image = await request(second.port, 'GET', '/media/images/2026/11/d4e5f6.webp');
    expect(image.status).toBe(200);

    // `npm run backup` with the server up asks it, as the admin.
    const viaServer = await runBackupCli(['backup'], serverEnv(dataDir));
    expect(viaServer.output).toMatch(/Backup written by the running server \(pid \d+\): .*\.tar\.gz/);
    expect(viaServer.code).toBe(0);
    expect(await stopServerProcess(second)).toBe(0);

    // With the server stopped, it copies the folder itself.
    const direct = await runBackupCli(['backup'], serverEnv(dataDir));
    expect(direct.output).toMatch(/Backup written from the stopped server’s folder: .*\.tar\.gz/);
    expect(direct.code).toBe(0);
    const archives = fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.endsWith('.tar.gz'));
    expect(archives).toHaveLength(3);
  });
});

describe.skipIf(!pgServer)('backups on PostgreSQL', SLOW, () => {
  it('the endpoint answers 409 naming pg_dump, to the admin only', async () => {
    const t = await createTestApp({ DATABASE_URL: pgServer! });
    try {
      const admin = await createUser(t.db, { role: 'ADMIN' });
      const seller = await createUser(t.db, { role: 'SELLER' });
      const asSeller = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: { authorization: await loginAs(t.app, seller.email, seller.password) },
      });
      expect(asSeller.statusCode).toBe(403);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: { authorization: await loginAs(t.app, admin.email, admin.password) },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/pg_dump.*docs\/operations\.md/);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!hasPgTools())(
    'scripts/pg-backup.sh (pg_dump, then pg_restore into an empty database) brings every table back',
    async () => {
      const source = await scratchDatabase('bk_src');
      const target = await scratchDatabase('bk_dst');
      const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-pg-backup-'));
      const dumpFile = path.join(mediaDir, 'revuhub.dump');
      try {
        const handle = await openDatabase({ url: source.url });
        await seedDatabase(handle.db, {
          demo: true,
          storage: createLocalStorage(mediaDir),
          log: pino({ level: 'silent' }),
        });
        const before = await tableDigests(handle.db);
        await handle.close();

        execFileSync(pgBackup, ['dump', source.url, dumpFile]);
        execFileSync(pgBackup, ['restore', target.url, dumpFile]);

        const restored = await openDatabase({ url: target.url });
        const after = await tableDigests(restored.db);
        const products = await restored.db.execute(sql`select count(*)::int as n from products`);
        await restored.close();
        expect(after).toEqual(before);
        expect(Number((products as { rows: Array<{ n: number }> }).rows[0]?.n)).toBeGreaterThan(0);
      } finally {
        await source.drop();
        await target.drop();
        fs.rmSync(mediaDir, { recursive: true, force: true });
      }
    },
  );
});

function hasPgTools(): boolean {
  try {
    execFileSync('pg_dump', ['--version']);
    execFileSync('pg_restore', ['--version']);
    execFileSync('psql', ['--version']);
    return true;
  } catch {
    return false;
  }
}

async function scratchDatabase(prefix: string) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgServer });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(pgServer!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
