import { open } from 'node:fs/promises';

export interface Dimensions {
  width: number;
  height: number;
}

/** Enough of the file for any header we read: a JPEG's frame header may follow 64 KB of EXIF. */
const HEAD_BYTES = 256 * 1024;

/**
 * The width and height an image's header declares, read from its first bytes without decoding
 * anything (issue 40: a 46 KB PNG of 1 × 24,000,000 pixels took 10-16 s to decode, in the one
 * image process everybody's uploads wait for). PNG, GIF, WebP, JPEG, and HEIC/AVIF (their `ispe`
 * box). Undefined when the header says nothing readable: the decoder's own pixel limit still holds.
 */
export async function declaredDimensions(file: string): Promise<Dimensions | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return dimensionsFromHead(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function dimensionsFromHead(b: Buffer): Dimensions | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF') {
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return webpDimensions(b);
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegDimensions(b);
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') return ispeDimensions(b);
  return undefined;
}

function webpDimensions(b: Buffer): Dimensions | undefined {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** Walks the JPEG's segments to its frame header (SOF0-15, not DHT, JPG or DAC). */
function jpegDimensions(b: Buffer): Dimensions | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * HEIC and AVIF declare each image's size in an `ispe` property; the largest is the picture (the
 * others are thumbnails or tiles).
 */
function ispeDimensions(b: Buffer): Dimensions | undefined {
  let found: Dimensions | undefined;
  for (let at = b.indexOf('ispe', 0, 'latin1'); at !== -1; at = b.indexOf('ispe', at + 4, 'latin1')) {
    // size (4) 'ispe' (4) version and flags (4) width (4) height (4)
    if (at + 16 > b.length) break;
    const width = b.readUInt32BE(at + 8);
    const height = b.readUInt32BE(at + 12);
    if (!found || width * height > found.width * found.height) found = { width, height };
  }
  return found;
}
