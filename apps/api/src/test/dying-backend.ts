/**
 * Run as a child process by db/pglite-guard.test.ts: opens the embedded database the way the server
 * does and makes its backend exit in the middle of a statement (COPY FROM STDIN with no data: the
 * backend reads end-of-input and exits). Prints what each statement did, then exits by itself.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { onEngineFailure } from '../db/pglite-guard.js';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
let failures = 0;
onEngineFailure(() => (failures += 1));
// A timer that has to keep firing: a spinning backend would stop it with the rest of the process.
let ticks = 0;
const timer = setInterval(() => (ticks += 1), 10);
const outcome = async (name: string, run: () => Promise<unknown>) => {
  try {
    await run();
    console.log(`${name}: done`);
  } catch (error) {
    // Drizzle wraps a failed statement ("Failed query: …"); the database's own error is its cause.
    const { message, cause } = error as Error;
    console.log(`${name}: ${message.startsWith('Failed query') ? (cause as Error).message : message}`);
  }
};
await outcome('copy', () => handle.db.execute(sql`copy users from stdin`));
await outcome('next statement', () => handle.ping());
await outcome('one more', () => handle.ping());
await new Promise((resolve) => setTimeout(resolve, 50));
clearInterval(timer);
console.log(`timer ran: ${String(ticks > 0)}`);
console.log(`failures told: ${failures}`);
process.exit(0);
