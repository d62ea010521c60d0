import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { backupManifestSchema, type BackupManifest } from '@app/domain';

/**
 * One backup is one `.tar.gz`:
 *   manifest.json   what it holds and which schema (always the first entry, so it is read cheaply)
 *   database.tar    PGlite's dumpDataDir of the whole database
 *   media/<key>     every uploaded file, when uploads are on local disk
 */
const MANIFEST = 'manifest.json';
const DATABASE = 'database.tar';
const MEDIA = 'media/';

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

/**
 * Writes the archive beside `file` and renames it into place once complete, so an archive under its
 * final name is never a half-written one (a crash or full disk leaves only a `.partial`).
 */
export async function writeBackupArchive(
  file: string,
  parts: { manifest: BackupManifest; database: Blob; mediaRoot: string; mediaKeys: string[] },
): Promise<number> {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(
    pack,
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(partial, { flags: 'wx' }),
  );
  try {
    await addEntry(pack, MANIFEST, Buffer.from(JSON.stringify(parts.manifest, null, 2)));
    await addEntry(pack, DATABASE, Buffer.from(await parts.database.arrayBuffer()));
    for (const key of parts.mediaKeys) {
      const source = path.join(parts.mediaRoot, key);
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
    pack.finalize();
    await written;
    await fsp.rename(partial, file);
    return (await fsp.stat(file)).size;
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

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
export async function readBackupManifest(file: string): Promise<BackupManifest> {
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

async function readManifest(entry: AsyncIterable<unknown>): Promise<BackupManifest> {
  const parsed = backupManifestSchema.safeParse(JSON.parse((await collect(entry)).toString('utf8')));
  if (!parsed.success) throw new Error(`The backup's ${MANIFEST} is not one this release can read`);
  return parsed.data;
}

async function collect(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Unpacks the uploads into `mediaRoot` and answers the manifest and the database dump. */
export async function extractBackupArchive(
  file: string,
  mediaRoot: string,
): Promise<{ manifest: BackupManifest; database: Buffer }> {
  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  const root = path.resolve(mediaRoot);
  for await (const entry of entries(file)) {
    const name = entry.header.name;
    if (name === MANIFEST) manifest = await readManifest(entry);
    else if (name === DATABASE) database = await collect(entry);
    else if (name.startsWith(MEDIA) && entry.header.type === 'file') {
      const target = path.resolve(root, name.slice(MEDIA.length));
      // A crafted archive must not write outside the media folder.
      if (!target.startsWith(root + path.sep)) throw new Error(`Refusing the archive entry ${name}`);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry, fs.createWriteStream(target));
    } else entry.resume();
  }
  if (!manifest || !database) throw new Error(`${file} is not a complete backup (no manifest or database)`);
  return { manifest, database };
}
