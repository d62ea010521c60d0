import { MAX_UPLOAD_BYTES, UPLOAD_LIMITS, type MediaType } from '@app/domain';

export interface SniffedMedia {
  type: MediaType;
  mime: string;
  /** File extension for the stored original (images are re-encoded to WebP regardless). */
  ext: string;
}

/** Bytes needed to recognise every supported format. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** ISO-BMFF brands of still images; any other `ftyp` brand is taken as a video (MP4, MOV, M4V, 3GP). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

function sniffFtyp(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 12);
  if (HEIF_BRANDS.has(brand)) {
    const avif = brand === 'avif' || brand === 'avis';
    return { type: 'IMAGE', mime: avif ? 'image/avif' : 'image/heic', ext: avif ? 'avif' : 'heic' };
  }
  if (!/^[\x20-\x7e]{4}$/.test(brand)) return null;
  if (brand === 'qt  ') return { type: 'VIDEO', mime: 'video/quicktime', ext: 'mov' };
  return { type: 'VIDEO', mime: 'video/mp4', ext: 'mp4' };
}

/** Recognises an upload by its first bytes; the client's mime type and file name are never trusted. */
export function sniffMedia(head: Uint8Array): SniffedMedia | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: 'IMAGE', mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { type: 'IMAGE', mime: 'image/png', ext: 'png' };
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { type: 'IMAGE', mime: 'image/webp', ext: 'webp' };
  }
  if (head.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6))) {
    return { type: 'IMAGE', mime: 'image/gif', ext: 'gif' };
  }
  const ftyp = sniffFtyp(head);
  if (ftyp) return ftyp;
  // WebM is not taken: no parser here can strip its tags, and no form needs video (spec: product
  // video input disabled, review posts fixed to IMAGE).
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-')
    return { type: 'FILE', mime: 'application/pdf', ext: 'pdf' };
  return null;
}

/** How many bytes of an upload starting with `head` may be read: its type's limit, or the largest. */
export function uploadLimitFor(head: Uint8Array): number {
  const sniffed = sniffMedia(head);
  return sniffed ? UPLOAD_LIMITS[sniffed.type] : MAX_UPLOAD_BYTES;
}
