import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client.js';
import { users } from './schema/index.js';

const quiet = { log: () => undefined };

async function setting(handle: DatabaseHandle, name: string) {
  const result = await handle.pool.query<Record<string, string>>(`show ${name}`);
  return result.rows[0]?.[name];
}

it('keeps data on disk across restarts of the embedded database', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-restart-'));
  try {
    const first = await openDatabase({ dataDir: dir, embedded: { ...quiet, template: undefined } });
    expect(first.driver).toBe('embedded');
    await first.db.insert(users).values({
      email: 'persist@example.com',
      ownerName: 'Persist Me',
      role: 'END_USER',
      passwordHash: 'x',
    });
    await first.close();

    // Opening again re-runs the migrator, which must find nothing to do and lose nothing.
    const second = await openDatabase({ dataDir: dir, embedded: quiet });
    const rows = await second.db.select().from(users).where(eq(users.email, 'persist@example.com'));
    // Sized for a small machine, whichever way the cluster was made.
    expect(await setting(second, 'shared_buffers')).toBe('32MB');
    // The pool (10) and the searches' planned-once pool (4), and 10 more (embedded-postgres.ts).
    expect(await setting(second, 'max_connections')).toBe('24');
    await second.close();
    expect(rows.map((r) => r.ownerName)).toEqual(['Persist Me']);
    // The cluster is its account's alone, and so is its password.
    expect(fs.statSync(path.join(dir, 'pg')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'pg', 'password')).mode & 0o777).toBe(0o600);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

// Decision 049: a first start copies the build's migrated cluster instead of running initdb and the
// migrations, and gives the copy a password of its own.
it('starts an empty folder from a template copy with a password of its own', async () => {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-template-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-first-'));
  try {
    const made = await openDatabase({ dataDir: template, embedded: { ...quiet, template: undefined } });
    await made.db.insert(users).values({
      email: 'in-template@example.com',
      ownerName: 'From The Template',
      role: 'END_USER',
      passwordHash: 'x',
    });
    await made.close();

    const first = await openDatabase({ dataDir, embedded: { ...quiet, template } });
    try {
      const rows = await first.db.select().from(users).where(eq(users.email, 'in-template@example.com'));
      expect(rows.map((r) => r.ownerName)).toEqual(['From The Template']);
      // The template's migrations are not run again: the journal lists each one once.
      const applied = await first.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const distinct = await first.pool.query(
        'select count(distinct hash)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0].n).toBe(distinct.rows[0].n);
    } finally {
      await first.close();
    }
    const password = (folder: string) => fs.readFileSync(path.join(folder, 'pg', 'password'), 'utf8');
    expect(password(dataDir)).not.toBe(password(template));
    // Copied beside the folder and renamed into place: nothing is left next to it.
    expect(fs.readdirSync(path.join(dataDir, 'pg')).sort()).toEqual(['data', 'password', 'postgresql.log']);
  } finally {
    fs.rmSync(template, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
