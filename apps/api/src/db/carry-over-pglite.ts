import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { differencesBetween } from '../modules/backups/compare-copies.js';
import { describeDatabase, selectOf, withPgSnapshot } from '../modules/backups/database-snapshot.js';
import { importDatabase, RestoreRefused } from '../modules/backups/logical-import.js';
import { openPgliteAtCurrentSchema, withPgliteSnapshot, type PgliteOrigin } from './pglite-source.js';

/**
 * Releases before decision 049 kept the embedded database in PGlite's folder `DATA_DIR/db`; this
 * release runs PostgreSQL in `DATA_DIR/pg`. The first start on such a DATA_DIR carries the rows
 * over (decision 050): the same table-by-table COPY as a backup and its restore, then a comparison
 * of both sides, and only then a marker in the old folder, so that it is not carried again. The old
 * folder's files are never changed: PGlite opens a copy of them.
 */
export const CARRIED_MARKER = 'MOVED-TO-POSTGRESQL';

export interface CarryOverLog {
  info(message: string): void;
}

export type CarryOverResult =
  | { carried: false; reason: 'no-pglite-folder' | 'already-carried' }
  | { carried: true; tables: number; rows: number; ms: number };

/**
 * Loads a PGlite database into the empty database of `targetPool` and checks the copy against it.
 * A target already holding exactly these rows (a carry-over that stopped before its marker) counts
 * as carried; any other non-empty target is refused.
 */
export async function carryOverPglite(
  origin: PgliteOrigin,
  targetPool: pg.Pool,
): Promise<{ tables: number; rows: number }> {
  const pglite = await openPgliteAtCurrentSchema(origin);
  try {
    return await withPgliteSnapshot(pglite, async (reader) => {
      const contents = await describeDatabase(reader);
      let refused: RestoreRefused | undefined;
      try {
        await importDatabase(targetPool, { ...contents, appVersion: 'PGlite' }, async (feed) => {
          for (const table of contents.tables) await feed(table.name, await reader.copyOut(selectOf(table)));
        });
      } catch (error) {
        if (!(error instanceof RestoreRefused)) throw error;
        refused = error;
      }
      const differences = await withPgSnapshot(targetPool, (target) => differencesBetween(reader, target));
      if (differences.length > 0) {
        throw (
          refused ??
          new Error(
            `The PostgreSQL copy differs from the PGlite database: ${differences.slice(0, 3).join('; ')}`,
          )
        );
      }
      return {
        tables: contents.tables.length,
        rows: contents.tables.reduce((sum, t) => sum + t.rows, 0),
      };
    });
  } finally {
    await pglite.close();
  }
}

/**
 * Carries `DATA_DIR/db` (an earlier release's PGlite folder) over into the database of `targetPool`,
 * once. Call it before that database is seeded or serves: it must be empty (migrated or not, with
 * reference data or not). Answers what it did; throws, leaving the old folder as it was, when the
 * copy fails or does not compare equal.
 */
export async function carryOverPgliteFolder(
  dataDir: string,
  targetPool: pg.Pool,
  log: CarryOverLog,
): Promise<CarryOverResult> {
  const folder = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) return { carried: false, reason: 'no-pglite-folder' };
  const marker = path.join(folder, CARRIED_MARKER);
  if (fs.existsSync(marker)) return { carried: false, reason: 'already-carried' };

  const started = performance.now();
  log.info(`Carrying the database of an earlier release (PGlite, ${folder}) over to PostgreSQL`);
  // PGlite writes to the folder it opens (its log, a checkpoint on close): it opens a copy, so the
  // old folder stays as the earlier release left it, for going back to that release.
  const staging = path.join(dataDir, `db-carry-over-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(folder, staging, { recursive: true });
  try {
    const { tables, rows } = await carryOverPglite({ folder: staging }, targetPool);
    const ms = Math.round(performance.now() - started);
    fs.writeFileSync(
      marker,
      `Carried over to PostgreSQL on ${new Date().toISOString()}: ${tables} tables, ${rows} rows, ` +
        'compared equal (decision 050). This folder is no longer read; delete it once the server ' +
        'runs well, or keep it to go back to the release that wrote it.\n',
    );
    log.info(
      `Carried ${rows} rows of ${tables} tables over to PostgreSQL in ${ms} ms; ${folder} is kept as it was`,
    );
    return { carried: true, tables, rows, ms };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
