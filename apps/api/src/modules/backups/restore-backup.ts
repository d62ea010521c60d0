import type pg from 'pg';
import type { AnyBackupManifest } from '@app/domain';
import { carryOverPglite } from '../../db/carry-over-pglite.js';
import { readBackupArchive, readBackupManifest } from './backup-archive.js';
import { refusalToRestore } from './backups.service.js';
import { importDatabase, RestoreRefused } from './logical-import.js';

const unexpected = (what: string) => async () => {
  throw new Error(`The archive holds ${what}, which its manifest's format does not`);
};

/**
 * Restores an archive into the empty database of `pool` and its uploads into `mediaRoot`, reading
 * the archive once. A format-1 archive (PGlite's folder, from releases before decision 049) is
 * opened in PGlite and carried over as an old data folder would be. Refused, before anything is
 * written, for a migration this release does not know or a database that is not empty.
 */
export async function restoreBackup(
  file: string,
  pool: pg.Pool,
  mediaRoot: string,
): Promise<AnyBackupManifest> {
  const manifest = await readBackupManifest(file);
  const refusal = refusalToRestore(manifest);
  if (refusal) throw new RestoreRefused(refusal);
  const skipManifest = async () => undefined;
  if (manifest.format === 1) {
    await readBackupArchive(file, mediaRoot, {
      manifest: skipManifest,
      tablePiece: unexpected('rows of tables'),
      pgliteDatabase: async (dump) => void (await carryOverPglite({ dump }, pool)),
    });
    return manifest;
  }
  await importDatabase(pool, manifest, (feed) =>
    readBackupArchive(file, mediaRoot, {
      manifest: skipManifest,
      tablePiece: feed,
      pgliteDatabase: unexpected('a PGlite database'),
    }),
  );
  return manifest;
}
