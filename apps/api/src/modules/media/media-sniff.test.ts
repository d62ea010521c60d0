import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMITS } from '@app/domain';
import { sniffMedia, uploadLimitFor } from './media-sniff.js';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMedia', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe1]), 'IMAGE', 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'IMAGE', 'image/png'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'IMAGE', 'image/webp'],
    ['GIF', bytes('GIF89a'), 'IMAGE', 'image/gif'],
    ['AVIF', bytes([0, 0, 0, 0x20], 'ftypavif'), 'IMAGE', 'image/avif'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic'), 'IMAGE', 'image/heic'],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypmp42'), 'VIDEO', 'video/mp4'],
    ['MOV', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'VIDEO', 'video/quicktime'],
    ['PDF', bytes('%PDF-1.7\n'), 'FILE', 'application/pdf'],
  ])('recognises %s', (_name, head, type, mime) => {
    expect(sniffMedia(head)).toMatchObject({ type, mime });
  });

  it.each([
    ['text', bytes('hello')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html>')],
    // No parser here can strip WebM tags, so WebM is refused like any other unknown format.
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm')],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['ZIP', bytes('PK', [3, 4])],
    ['an empty file', bytes()],
    ['a bare ftyp with a binary brand', bytes([0, 0, 0, 0x18], 'ftyp', [0, 1, 2, 3])],
  ])('rejects %s', (_name, head) => {
    expect(sniffMedia(head)).toBeNull();
  });

  it('allows each type its own size, and the largest while the type is unknown', () => {
    expect(uploadLimitFor(bytes('%PDF-1.4'))).toBe(UPLOAD_LIMITS.FILE);
    expect(uploadLimitFor(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBe(UPLOAD_LIMITS.VIDEO);
    expect(uploadLimitFor(bytes('??'))).toBe(MAX_UPLOAD_BYTES);
  });
});
