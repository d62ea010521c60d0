/**
 * Run as a child process by db/pglite-guard.test.ts: opens the embedded database, starts three
 * statements, closes it, and starts three more while it closes. Prints how each ended.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
const outcomes: string[] = [];
const run = (label: string, i: number) =>
  handle.db.execute(sql`select ${i}::int as n`).then(
    () => outcomes.push(`${label}: done`),
    (error: Error) =>
      outcomes.push(`${label}: ${(error.cause as Error | undefined)?.message ?? error.message}`),
  );
const work = [0, 1, 2].map((i) => run('before', i));
const closing = handle.close();
for (const i of [0, 1, 2]) {
  await new Promise((resolve) => setImmediate(resolve));
  work.push(run('during', i));
}
await closing;
await Promise.allSettled(work);
console.log(outcomes.sort().join('\n'));
process.exit(0);
