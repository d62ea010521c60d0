import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Rows per statement: about a second of work on a quiet machine (2,000 products took 1.6-2.5 s), so
 * that even a Vitest worker with a seventh of a core (CI, load average 15 on two cores) stays far
 * below the 90 s watchdog.
 */
const BATCH = 1_000;

/**
 * Runs a set-based insert over `generate_series(1, total)` in statements of at most `batch` rows.
 * `build(from, to)` returns the statement for rows `from..to` (its `generate_series(from, to) s`).
 *
 * Why: a PGlite statement runs synchronously, so one 30,000-row insert into tables with trigram and
 * full-text GIN indexes held a worker's event loop past the 90 s watchdog on a loaded CI machine
 * (test/watchdog-setup.ts), which then killed a worker that was only slow. In batches the loop turns
 * between statements; the rows, and so the plans under test, are the same.
 */
export async function insertSeries(
  db: Database,
  total: number,
  build: (from: number, to: number) => string,
  batch = BATCH,
) {
  for (let from = 1; from <= total; from += batch) {
    await db.execute(sql.raw(build(from, Math.min(total, from + batch - 1))));
  }
}
