import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SpooledFile } from '../../providers/storage/storage.js';
import { SNIFF_BYTES } from './media-sniff.js';

/** An upload written to a temporary file as it arrived; `remove` deletes that file. */
export interface Spool extends SpooledFile {
  path: string;
  /** The first bytes, enough to recognise the format. */
  head: Buffer;
  /** The body was longer than the limit; only the limit was kept. */
  truncated: boolean;
  remove(): Promise<void>;
}

/**
 * Writes a stream of chunks to a new file under `dir`, one chunk at a time, so memory holds at most
 * a chunk however large the body. `limitFor` is asked once the first bytes are known; past that
 * limit the rest is read and dropped, so the client gets an answer rather than a reset socket.
 */
export async function spoolToFile(
  chunks: AsyncIterable<Buffer>,
  dir: string,
  limitFor: (head: Buffer) => number,
): Promise<Spool> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `upload-${randomBytes(12).toString('hex')}`);
  const handle = await fs.open(file, 'wx', 0o600);
  const remove = () => fs.rm(file, { force: true });
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  let limit: number | null = null;
  let truncated = false;
  try {
    for await (const chunk of chunks) {
      if (truncated) continue;
      if (headSize < SNIFF_BYTES) {
        headParts.push(chunk.subarray(0, SNIFF_BYTES - headSize));
        headSize += Math.min(chunk.length, SNIFF_BYTES - headSize);
      }
      if (limit === null && headSize >= SNIFF_BYTES) limit = limitFor(Buffer.concat(headParts));
      let part = chunk;
      if (limit !== null && size + part.length > limit) {
        part = part.subarray(0, limit - size);
        truncated = true;
      }
      await handle.write(part);
      hash.update(part);
      size += part.length;
    }
    const head = Buffer.concat(headParts);
    // A body shorter than SNIFF_BYTES never asked for its limit.
    if (limit === null && size > limitFor(head)) truncated = true;
    return {
      path: file,
      head,
      size,
      sha256: hash.digest('hex'),
      truncated,
      open: () => createReadStream(file),
      remove,
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await remove();
    throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
