/**
 * Run as a child process by db/embedded-postgres.test.ts: starts the embedded PostgreSQL on DATA_DIR,
 * prints `ready <postmaster pid>`, and waits to be killed. EMBEDDED_ORPHAN=1 starts it without the
 * kernel's parent-death signal, as on a system without setpriv, so that killing this process leaves
 * an orphaned postmaster behind.
 */
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

const server = await startEmbeddedPostgres({
  dataDir: process.env.DATA_DIR!,
  tuning: 'tests',
  dieWithParent: process.env.EMBEDDED_ORPHAN !== '1',
  log: (message) => process.stdout.write(`${message}\n`),
});
process.stdout.write(`ready ${server.pid()}\n`);
setInterval(() => undefined, 60_000);
