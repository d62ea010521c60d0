import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Rows per statement: a few seconds of work even for a Vitest worker on a loaded two-core machine. */
const BATCH = 2_000;

/**
 * Runs a set-based insert over `generate_series(1, total)` in statements of at most BATCH rows.
 * `build(from, to)` returns the statement for rows `from..to` (its `generate_series(from, to) s`).
 *
 * Why: a PGlite statement runs synchronously, so one 30,000-row insert into tables with trigram and
 * full-text GIN indexes held a worker's event loop past the 90 s watchdog on a loaded CI machine
 * (test/watchdog-setup.ts), which then killed a worker that was only slow. In batches the loop turns
 * between statements; the rows, and so the plans under test, are the same.
 */
export async function insertSeries(db: Database, total: number, build: (from: number, to: number) => string) {
  for (let from = 1; from <= total; from += BATCH) {
    await db.execute(sql.raw(build(from, Math.min(total, from + BATCH - 1))));
  }
}
