import fs from 'node:fs/promises';
import type * as Mp4boxModule from 'mp4box';
import type { Box } from 'mp4box';

/** mp4box is loaded with the first video, not at start. */
let mp4box: Promise<typeof Mp4boxModule> | undefined;
const loadMp4box = () =>
  (mp4box ??= import('mp4box').then((lib) => {
    // mp4box prints what it cannot parse, bytes of the uploaded file included, straight to stderr,
    // outside the JSON log; a failed parse is reported through onError and exceptions instead.
    lib.Log.error = () => undefined;
    return lib;
  }));

/**
 * Boxes of MP4 and QuickTime files that carry who, where and with what a video was made: `udta`
 * (QuickTime `©xyz` location, `©ART` author, camera make), `meta` (iTunes and `mdta` keys such as
 * com.apple.quicktime.location.ISO6709) and `uuid` (XMP). None is needed to play the video.
 */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid']);
/** Fragments carry their own `uuid` boxes (sample encryption, timing) that players do need. */
const KEEP_INSIDE = new Set(['moof', 'traf']);

/**
 * The movie header holds the sample tables, about 10 KB a minute of video; far more than any
 * accepted video needs, and read into memory whole.
 */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

export interface BoxRange {
  type: string;
  start: number;
  size: number;
}

function collect(boxes: Box[] | undefined, shift: number, out: BoxRange[]): void {
  for (const box of boxes ?? []) {
    if (box.start === undefined) continue;
    if (METADATA_BOXES.has(box.type)) out.push({ type: box.type, start: box.start + shift, size: box.size });
    else if (!KEEP_INSIDE.has(box.type)) collect(box.boxes, shift, out);
  }
}

/**
 * The top-level boxes, from their headers alone: a movie is a run of boxes from its first byte to
 * its last. Null when it is not; the media data in between is never read.
 */
async function topLevelBoxes(handle: fs.FileHandle, size: number): Promise<BoxRange[] | null> {
  const boxes: BoxRange[] = [];
  const head = Buffer.alloc(16);
  for (let at = 0; at < size;) {
    if (boxes.length >= 1000) return null;
    const { bytesRead } = await handle.read(head, 0, 16, at);
    if (bytesRead < 8) return null;
    let boxSize = head.readUInt32BE(0);
    let header = 8;
    if (boxSize === 1) {
      // A 64-bit size follows the type.
      if (bytesRead < 16) return null;
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(size)) return null;
      boxSize = Number(large);
      header = 16;
    } else if (boxSize === 0) {
      boxSize = size - at; // "to the end of the file"
    }
    if (boxSize < header || at + boxSize > size) return null;
    boxes.push({ type: head.toString('latin1', 4, 8), start: at, size: boxSize });
    at += boxSize;
  }
  return boxes;
}

async function readRange(handle: fs.FileHandle, range: BoxRange): Promise<Buffer> {
  const bytes = Buffer.alloc(range.size);
  const { bytesRead } = await handle.read(bytes, 0, range.size, range.start);
  return bytes.subarray(0, bytesRead);
}

/**
 * Finds the metadata boxes of an MP4 or QuickTime file. The top level is walked by its headers;
 * the movie header (`moov`) is parsed with mp4box, which refuses one whose tracks are not
 * well-formed. Null when the file is not such a movie.
 */
export async function findVideoMetadata(file: string, size: number): Promise<BoxRange[] | null> {
  const handle = await fs.open(file, 'r');
  try {
    const top = await topLevelBoxes(handle, size);
    const ftyp = top?.[0];
    const moovs = top?.filter((b) => b.type === 'moov') ?? [];
    const moov = moovs[0];
    if (!top || ftyp?.type !== 'ftyp' || !moov || moovs.length > 1 || moov.size > MAX_MOOV_BYTES) return null;

    // mp4box reads from offset 0, so it gets ftyp and moov side by side; positions inside moov
    // are shifted back to where they are in the file.
    const header = Buffer.concat([await readRange(handle, ftyp), await readRange(handle, moov)]);
    const { createFile, MP4BoxBuffer } = await loadMp4box();
    const iso = createFile(false);
    let failed = false;
    iso.onError = () => {
      failed = true;
    };
    try {
      const buffer = header.buffer.slice(header.byteOffset, header.byteOffset + header.length);
      iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(buffer, 0));
      iso.flush();
    } catch {
      failed = true;
    }
    const parsed = iso.boxes.find((b) => b.type === 'moov');
    if (failed || !iso.moov || iso.moov.traks.length === 0 || parsed?.size !== moov.size) return null;

    const ranges = top.filter((b) => METADATA_BOXES.has(b.type));
    collect(parsed.boxes, moov.start - (parsed.start ?? ftyp.size), ranges);
    // A box that claims to run past the end of its parent cannot be blanked safely.
    if (ranges.some((r) => r.size < 8 || r.start + r.size > size)) return null;
    return ranges;
  } finally {
    await handle.close();
  }
}

const FREE = Buffer.from('free', 'latin1');
const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Turns each range into a `free` box of the same size with nothing in it. Sizes and offsets stay
 * as they were, so the sample tables that point into the media data stay right.
 */
export async function blankBoxes(file: string, ranges: BoxRange[]): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    for (const range of ranges) {
      const sizeField = Buffer.alloc(4);
      await handle.read(sizeField, 0, 4, range.start);
      // A size of 1 means a 64-bit size follows the type.
      const header = sizeField.readUInt32BE(0) === 1 ? 16 : 8;
      await handle.write(FREE, 0, 4, range.start + 4);
      for (let at = range.start + header; at < range.start + range.size; at += ZEROS.length) {
        await handle.write(ZEROS, 0, Math.min(ZEROS.length, range.start + range.size - at), at);
      }
    }
  } finally {
    await handle.close();
  }
}
