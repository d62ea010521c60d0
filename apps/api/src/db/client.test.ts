import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
}, 60_000);
