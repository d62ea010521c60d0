import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { spoolToFile } from './upload-spool.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-spool-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CHUNK = 64 * 1024;
const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1')]);

/** The file being written: there is exactly one in `dir` while a spool runs. */
function sizeOnDisk(): number {
  const [name] = fs.readdirSync(dir).filter((n) => n.startsWith('upload-'));
  return name ? fs.statSync(path.join(dir, name)).size : -1;
}

describe('spoolToFile (finding 2: whole files were buffered in memory)', () => {
  it('writes each chunk to disk before the next one is read, so memory holds one chunk', async () => {
    const chunks = 480; // 30 MB, three times the old whole-file buffer of an image
    const seen: number[] = [];
    const hash = createHash('sha256');
    async function* body() {
      for (let i = 0; i < chunks; i += 1) {
        // Before producing chunk i, every earlier chunk must already be on disk.
        if (i > 0) seen.push(sizeOnDisk());
        const chunk = Buffer.alloc(CHUNK, i % 251);
        if (i === 0) mp4Head.copy(chunk);
        hash.update(chunk);
        yield chunk;
      }
    }
    const spool = await spoolToFile(body(), dir, () => 100 * 1024 * 1024);
    expect(seen).toEqual(Array.from({ length: chunks - 1 }, (_, i) => (i + 1) * CHUNK));
    expect(spool).toMatchObject({ size: chunks * CHUNK, truncated: false, sha256: hash.digest('hex') });
    expect(spool.head.subarray(0, 12).equals(mp4Head)).toBe(true);
    await spool.remove();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('keeps no more than the limit and reads the rest without storing it', async () => {
    async function* body() {
      for (let i = 0; i < 40; i += 1) yield Buffer.alloc(CHUNK, 1);
    }
    const spool = await spoolToFile(body(), dir, () => 5 * CHUNK + 10);
    expect(spool.truncated).toBe(true);
    expect(spool.size).toBe(5 * CHUNK + 10);
    expect(fs.statSync(spool.path).size).toBe(5 * CHUNK + 10);
    await spool.remove();
  });
});
