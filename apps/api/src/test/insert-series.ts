import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Rows per statement: a fraction of a second of work, so that no statement holds a test long. */
const BATCH = 5_000;

/**
 * Runs a set-based insert over `generate_series(1, total)` in statements of at most `batch` rows.
 * `build(from, to)` returns the statement for rows `from..to` (its `generate_series(from, to) s`).
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
