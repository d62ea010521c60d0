import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Names this run's PostgreSQL template databases (test-app.ts: each worker migrates one and copies
 * its test databases from it) and drops them when the run ends. The run's own prefix keeps another
 * run on the same server (a second checkout, a developer's terminal) from losing its templates.
 */
export default function setup() {
  const prefix = `t_tpl_${randomBytes(4).toString('hex')}_`;
  // Workers start after this and inherit the environment.
  process.env.TEST_TEMPLATE_PREFIX = prefix;
  return async function teardown() {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const client = new pg.Client({ connectionString: serverUrl });
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
