import fs from 'node:fs/promises';
import { createFile, Log, MP4BoxBuffer, type Box } from 'mp4box';

// mp4box prints what it cannot parse, bytes of the uploaded file included, straight to stderr,
// outside the JSON log; a failed parse is reported through onError and exceptions instead.
Log.error = () => undefined;

/**
 * Boxes of MP4 and QuickTime files that carry who, where and with what a video was made: `udta`
 * (QuickTime `©xyz` location, `©ART` author, camera make), `meta` (iTunes and `mdta` keys such as
 * com.apple.quicktime.location.ISO6709) and `uuid` (XMP). None is needed to play the video.
 */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid']);
/** Fragments carry their own `uuid` boxes (sample encryption, timing) that players do need. */
const KEEP_INSIDE = new Set(['moof', 'traf']);

const READ_CHUNK = 1024 * 1024;

export interface BoxRange {
  type: string;
  start: number;
  size: number;
}

function collect(boxes: Box[] | undefined, out: BoxRange[]): void {
  for (const box of boxes ?? []) {
    if (box.start === undefined) continue;
    if (METADATA_BOXES.has(box.type)) out.push({ type: box.type, start: box.start, size: box.size });
    else if (!KEEP_INSIDE.has(box.type)) collect(box.boxes, out);
  }
}

/**
 * Parses the box tree with mp4box, reading from disk a megabyte at a time and skipping media data,
 * and returns the metadata boxes. Null when the file is not a playable MP4/QuickTime movie.
 */
export async function findVideoMetadata(file: string, size: number): Promise<BoxRange[] | null> {
  const iso = createFile(false);
  let failed = false;
  iso.onError = () => {
    failed = true;
  };
  const handle = await fs.open(file, 'r');
  try {
    let position = 0;
    while (position < size && !failed) {
      const chunk = new ArrayBuffer(Math.min(READ_CHUNK, size - position));
      const { bytesRead } = await handle.read(new Uint8Array(chunk), 0, chunk.byteLength, position);
      if (bytesRead === 0) break;
      const next = iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk.slice(0, bytesRead), position));
      // mp4box names the next offset it needs, past any media data it has no use for.
      position = typeof next === 'number' && next > position ? next : position + bytesRead;
    }
    iso.flush();
  } catch {
    failed = true;
  } finally {
    await handle.close();
  }
  if (failed || !iso.moov || iso.moov.traks.length === 0) return null;
  // A movie is a run of boxes from the first byte to the last; anything else is not one.
  let end = 0;
  for (const box of iso.boxes) {
    if (box.start !== end || box.size < 8) return null;
    end += box.size;
  }
  if (end !== size) return null;
  const ranges: BoxRange[] = [];
  collect(iso.boxes, ranges);
  // A box that claims to run past the end of the file cannot be blanked safely.
  if (ranges.some((r) => r.size < 8 || r.start + r.size > size)) return null;
  return ranges;
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
