import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { anyBackupManifestSchema, type AnyBackupManifest, type BackupManifest } from '@app/domain';

/**
 * One backup is one `.tar.gz`:
 *   manifest.json                     what it holds and which schema (always the first entry, so it
 *                                     is read cheaply)
 *   database/<table>/<piece>.copy     each table's rows in COPY's text format, tables in load order,
 *                                     cut in pieces because a tar entry states its size up front
 *   media/<key>                       every uploaded file, when uploads are on local disk
 * Format 1, written before the embedded database was PostgreSQL, has `database.tar` (PGlite's data
 * folder) in place of `database/`.
 */
const MANIFEST = 'manifest.json';
const DATABASE = 'database/';
const PGLITE_DATABASE = 'database.tar';
const MEDIA = 'media/';

const pieceName = (table: string, piece: number) =>
  `${DATABASE}${table}/${String(piece).padStart(6, '0')}.copy`;

/** Uploaded files under the media folder; dot-files are uploads still being written (local-storage.ts). */
export async function listMediaFiles(mediaRoot: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) keys.push(`${prefix}${entry.name}`);
    }
  };
  await walk(mediaRoot, '');
  return keys;
}

/** Adds one piece of a table's rows to the archive; resolves once the archive has taken it. */
export type PutTablePiece = (table: string, piece: number, data: Buffer) => Promise<void>;

export interface BackupArchiveWriter {
  /** The first entry, before anything else. */
  addManifest(manifest: BackupManifest): Promise<void>;
  putTablePiece: PutTablePiece;
  addMedia(mediaRoot: string, keys: string[]): Promise<void>;
  /** Completes the archive under its final name and answers its size in bytes. */
  finish(): Promise<number>;
  /** Leaves nothing behind after a failure. */
  abort(): Promise<void>;
}

/**
 * Writes the archive beside `file` and renames it into place once complete, so an archive under its
 * final name is never a half-written one (a crash or full disk leaves only a `.partial`).
 */
export function startBackupArchive(file: string): BackupArchiveWriter {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(
    pack,
    zlib.createGzip({ level: 6 }),
    // Readable by the server's account only, like the folder (backups.service.ts).
    fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
  );
  // Seen (and rethrown) where `written` is awaited; until then a failed disk must not crash the process.
  written.catch(() => undefined);
  return {
    addManifest: (manifest) => addEntry(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2))),
    putTablePiece: (table, piece, data) => addEntry(pack, pieceName(table, piece), data),
    async addMedia(mediaRoot, keys) {
      for (const key of keys) {
        const source = path.join(mediaRoot, key);
        // A file deleted since it was listed (its post removed meanwhile) is simply not in the backup.
        const stat = await fsp.stat(source).catch(() => undefined);
        if (!stat) continue;
        await new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name: `${MEDIA}${key}`, size: stat.size, mtime: stat.mtime }, (error) =>
            error ? reject(error) : resolve(),
          );
          fs.createReadStream(source).on('error', reject).pipe(entry);
        });
      }
    },
    async finish() {
      pack.finalize();
      await written;
      await fsp.rename(partial, file);
      return (await fsp.stat(file)).size;
    },
    async abort() {
      pack.destroy();
      await written.catch(() => undefined);
      await fsp.rm(partial, { force: true });
    },
  };
}

/** Resolves once the pack has passed the bytes on, so a slow disk holds the database's COPY back. */
function addEntry(pack: tar.Pack, name: string, body: Buffer) {
  return new Promise<void>((resolve, reject) =>
    pack.entry({ name, size: body.length }, body, (error) => (error ? reject(error) : resolve())),
  );
}

function entries(file: string) {
  const extract = tar.extract();
  fs.createReadStream(file)
    .on('error', (error) => extract.destroy(error))
    .pipe(zlib.createGunzip())
    .on('error', (error) => extract.destroy(error))
    .pipe(extract);
  return extract;
}

/** The manifest alone, read from the archive's first entry; throws for anything not a backup. */
export async function readBackupManifest(file: string): Promise<AnyBackupManifest> {
  const extract = entries(file);
  for await (const entry of extract) {
    if (entry.header.name !== MANIFEST) break;
    const manifest = await readManifest(entry);
    extract.destroy();
    return manifest;
  }
  extract.destroy();
  throw new Error(`${file} is not a backup archive (it does not start with ${MANIFEST})`);
}

async function readManifest(entry: AsyncIterable<unknown>): Promise<AnyBackupManifest> {
  const parsed = anyBackupManifestSchema.safeParse(JSON.parse((await collect(entry)).toString('utf8')));
  if (!parsed.success) throw new Error(`The backup's ${MANIFEST} is not one this release can read`);
  return parsed.data;
}

async function collect(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ArchiveReaders {
  /** Called with the manifest before any other entry is read. */
  manifest(manifest: AnyBackupManifest): Promise<void>;
  /** One piece of a table's rows, in the archive's order (tables in load order, pieces in turn). */
  tablePiece(table: string, data: AsyncIterable<Buffer>): Promise<void>;
  /** Format 1: PGlite's data folder, as its `dumpDataDir` wrote it. */
  pgliteDatabase(dump: Buffer): Promise<void>;
}

/**
 * Reads the archive once from start to end: the manifest and the database go to `readers` as they
 * come, the uploads are written under `mediaRoot`. Nothing is held in memory but the piece being read.
 */
export async function readBackupArchive(file: string, mediaRoot: string, readers: ArchiveReaders) {
  const root = path.resolve(mediaRoot);
  let first = true;
  for await (const entry of entries(file)) {
    const name = entry.header.name;
    if (first) {
      if (name !== MANIFEST)
        throw new Error(`${file} is not a backup archive (it does not start with ${MANIFEST})`);
      first = false;
      await readers.manifest(await readManifest(entry));
    } else if (name.startsWith(DATABASE) && name.endsWith('.copy')) {
      await readers.tablePiece(
        name.slice(DATABASE.length, name.lastIndexOf('/')),
        entry as AsyncIterable<Buffer>,
      );
      // Whatever the reader left unread, so that the next entry starts where it should.
      for await (const _ of entry) void _;
    } else if (name === PGLITE_DATABASE) await readers.pgliteDatabase(await collect(entry));
    else if (name.startsWith(MEDIA) && entry.header.type === 'file') {
      const target = path.resolve(root, name.slice(MEDIA.length));
      // A crafted archive must not write outside the media folder.
      if (!target.startsWith(root + path.sep)) throw new Error(`Refusing the archive entry ${name}`);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry, fs.createWriteStream(target));
    } else entry.resume();
  }
  if (first) throw new Error(`${file} is empty`);
}
