import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/test-app.js';
import { migrationsFolder } from './client.js';

/**
 * The compatibility pass (scripts/test-all.sh, issue 37): the main pass ran every API test on the
 * embedded PostgreSQL and recorded each distinct statement the server accepted
 * (test/record-statements.ts); here each one is prepared, parsed, analysed and planned, on a
 * database migrated on the outside server of TEST_DATABASE_URL (the oldest major supported in
 * production). A statement using syntax, a function or a type that server lacks fails here.
 */
const folder = process.env.TEST_STATEMENTS_TO_CHECK;

/**
 * The migrations' statements, and the upgrade tests' earlier-release data: these ran against the
 * schema of their own time, and they run on the outside server for real (migrations on every
 * test database there, upgrade.test.ts).
 */
function statementsOfFiles(): Set<string> {
  const texts = new Set<string>();
  const sqlFiles = (dir: string) =>
    fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.sql'))
      .map((n) => fs.readFileSync(path.join(dir, n), 'utf8'));
  for (const file of sqlFiles(migrationsFolder())) {
    for (const part of file.split('--> statement-breakpoint')) texts.add(part.trim());
  }
  for (const file of sqlFiles(path.join(path.dirname(migrationsFolder()), 'upgrade-fixtures'))) {
    texts.add(file.trim());
  }
  return texts;
}

function recordedStatements(dir: string): string[] {
  const all = new Set<string>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (line) all.add(JSON.parse(line) as string);
    }
  }
  const fromFiles = statementsOfFiles();
  // The benchmarks' order floor (plugins/bench-floor.ts, tested in hot-reads) is no part of the
  // product: its shadow tables are made by a DO block on first use, which cannot be prepared.
  return [...all].filter((text) => !fromFiles.has(text.trim()) && !text.includes('bench_floor'));
}

describe.skipIf(!folder)('every statement of the API tests, on the outside PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is prepared there without an error', async () => {
    const statements = recordedStatements(folder!);
    // Far fewer would mean the recording broke, and this test would check next to nothing.
    expect(statements.length).toBeGreaterThan(800);
    const client = await database.pool.connect();
    const refused: { statement: string; error: string }[] = [];
    try {
      const { rows } = await client.query<{ server_version: string }>('show server_version');
      console.log(`Preparing ${statements.length} statements on PostgreSQL ${rows[0]?.server_version}`);
      for (const statement of statements) {
        try {
          await client.query(`prepare compat_check as ${statement}; deallocate compat_check`);
        } catch (error) {
          refused.push({ statement: statement.slice(0, 300), error: (error as Error).message });
        }
      }
    } finally {
      client.release();
    }
    expect(refused).toEqual([]);
  });
});
