import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

/**
 * The API tests' PostgreSQL server: TEST_DATABASE_URL's when it is set (the compatibility pass on an
 * outside server), else one embedded server for the whole run, the engine the product ships, tuned
 * for tests (no fsync). Each test file makes its own database from a migrated template
 * (test-app.ts); this run's templates carry the run's prefix, so another run on the same server
 * keeps its own, and are dropped when the run ends.
 */
export default async function setup() {
  const prefix = `t_tpl_${randomBytes(4).toString('hex')}_`;
  // Workers start after this and inherit the environment.
  process.env.TEST_TEMPLATE_PREFIX = prefix;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let folder: string | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: folder, tuning: 'tests', log: () => undefined });
    process.env.TEST_DATABASE_URL = server.serverUrl;
    process.env.TEST_EMBEDDED_SERVER = '1';
    stopEmbedded = () => server.stop();
  }
  return async function teardown() {
    if (stopEmbedded) {
      await stopEmbedded();
      fs.rmSync(folder!, { recursive: true, force: true });
      return;
    }
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await client.end();
    }
  };
}
