import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from './client.js';
import { users } from './schema/index.js';

it('keeps data on disk across restarts of the embedded database', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-restart-'));
  try {
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(users).values({
      email: 'persist@example.com',
      ownerName: 'Persist Me',
      role: 'END_USER',
      passwordHash: 'x',
    });
    await first.close();

    // Opening again re-runs the migrator, which must find nothing to do and lose nothing.
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(users).where(eq(users.email, 'persist@example.com'));
    await second.close();
    expect(rows.map((r) => r.ownerName)).toEqual(['Persist Me']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Two openings of an embedded database: a few seconds alone, over 60 s in a loaded CI run.
}, 180_000);

// Decision 035: a first start copies the build's template instead of running initdb and the migrations,
// and the embedded database runs with the small server's settings, whichever way it was made.
it('starts an empty folder from a template copy, with the embedded settings applied', async () => {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-first-')), 'db');
  try {
    const made = await openDatabase({ dataDir: template, template: false });
    await made.db.insert(users).values({
      email: 'in-template@example.com',
      ownerName: 'From The Template',
      role: 'END_USER',
      passwordHash: 'x',
    });
    await made.close();

    const first = await openDatabase({ dataDir, template });
    try {
      const rows = await first.db.select().from(users).where(eq(users.email, 'in-template@example.com'));
      expect(rows.map((r) => r.ownerName)).toEqual(['From The Template']);
      const setting = async (name: string) => {
        const result = (await first.db.execute<Record<string, string>>(sql.raw(`show ${name}`))) as {
          rows?: Array<Record<string, string>>;
        };
        return result.rows?.[0]?.[name];
      };
      expect(await setting('shared_buffers')).toBe('16MB');
      expect(await setting('work_mem')).toBe('4MB');
      expect(await setting('maintenance_work_mem')).toBe('16MB');
    } finally {
      await first.close();
    }
    // Copied beside the folder and renamed into place: nothing is left next to it.
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['db']);
  } finally {
    fs.rmSync(template, { recursive: true, force: true });
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
  // 93 s in a loaded CI run.
}, 360_000);
