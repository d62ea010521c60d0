import type { PGlite } from '@electric-sql/pglite';
import { COPY_SETTINGS, type DatabaseReader } from '../modules/backups/database-snapshot.js';
import { migrationsFolder } from './client.js';

/**
 * Releases before decision 049 kept their database in PGlite (PostgreSQL in WebAssembly). What is
 * left of it here only reads such a database, to carry it over: its modules load only when one is
 * found, as the earlier releases loaded them.
 */

/** A PGlite data folder, or the tarball of one (`dumpDataDir`, as format-1 backups hold it). */
export type PgliteOrigin = { folder: string } | { dump: Buffer };

/** Opens it with the contrib extensions its migrations created, and brings it to this release's schema. */
export async function openPgliteAtCurrentSchema(origin: PgliteOrigin): Promise<PGlite> {
  const [
    { PGlite: Engine },
    { btree_gist },
    { cube },
    { earthdistance },
    { pg_trgm },
    { drizzle },
    { migrate },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const pglite = await Engine.create('folder' in origin ? origin.folder : undefined, {
    extensions: { btree_gist, cube, earthdistance, pg_trgm },
    ...('dump' in origin ? { loadDataDir: new Blob([new Uint8Array(origin.dump)]) } : {}),
  });
  try {
    // An older database is migrated as its own release's next start would have done, on PGlite,
    // so that what is carried over is already at this release's schema.
    await migrate(drizzle(pglite), { migrationsFolder: migrationsFolder() });
    return pglite;
  } catch (error) {
    await pglite.close();
    throw error;
  }
}

/** PGlite answers COPY with the whole table in one Blob; it is handed on in slices. */
const SLICE_BYTES = 1024 * 1024;

async function* slices(blob: Blob | undefined): AsyncGenerator<Uint8Array> {
  if (!blob) return;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
}

/** Runs `read` in one REPEATABLE READ, READ ONLY transaction of the PGlite database. */
export async function withPgliteSnapshot<T>(
  pglite: PGlite,
  read: (reader: DatabaseReader) => Promise<T>,
): Promise<T> {
  await pglite.query('begin isolation level repeatable read, read only');
  try {
    for (const setting of COPY_SETTINGS) await pglite.query(setting);
    const result = await read({
      rows: async <R>(text: string, params?: unknown[]) => (await pglite.query<R>(text, params)).rows,
      copyOut: async (select: string) => slices((await pglite.query(`copy (${select}) to '/dev/blob'`)).blob),
    });
    await pglite.query('commit');
    return result;
  } catch (error) {
    await pglite.query('rollback').catch(() => undefined);
    throw error;
  }
}
