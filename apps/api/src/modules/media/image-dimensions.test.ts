import { describe, expect, it } from 'vitest';
import { loadSharp } from '../../lib/sharp.js';
import { dimensionsFromHead } from './image-dimensions.js';

// Issue 40: oversized images are refused from what their header declares, before any decoding.
describe('dimensionsFromHead', () => {
  it('reads the size each format declares, as sharp encodes it', async () => {
    const sharp = await loadSharp();
    const picture = sharp({ create: { width: 321, height: 123, channels: 3, background: '#7a3' } });
    const encoded = {
      png: await picture.clone().png().toBuffer(),
      jpeg: await picture.clone().jpeg().toBuffer(),
      gif: await picture.clone().gif().toBuffer(),
      'webp lossy': await picture.clone().webp().toBuffer(),
      'webp lossless': await picture.clone().webp({ lossless: true }).toBuffer(),
      'webp with alpha': await sharp({
        create: { width: 321, height: 123, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } },
      })
        .webp()
        .toBuffer(),
      avif: await picture.clone().avif({ effort: 0 }).toBuffer(),
    };
    for (const [format, bytes] of Object.entries(encoded)) {
      expect(dimensionsFromHead(bytes), format).toEqual({ width: 321, height: 123 });
    }
  });

  it('finds a JPEG frame header after a large EXIF block', async () => {
    const sharp = await loadSharp();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const app1 = Buffer.alloc(4 + 60_000);
    app1.set([0xff, 0xe1], 0);
    app1.writeUInt16BE(60_002, 2);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(dimensionsFromHead(withExif)).toEqual({ width: 40, height: 30 });
  });

  it('says nothing for what it cannot read', () => {
    expect(dimensionsFromHead(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(dimensionsFromHead(Buffer.alloc(0))).toBeUndefined();
    expect(dimensionsFromHead(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });
});
