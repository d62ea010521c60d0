import {
  IMAGE_VARIANT_FORMATS,
  imageVariantWidths,
  MAX_IMAGE_SIDE,
  type ImageVariantFormat,
} from '@app/domain';
import { loadSharp } from '../../lib/sharp.js';

/** Stored originals are at most 1920 px a side (MAX_IMAGE_SIDE); anything far larger is not ours. */
const VARIANT_MAX_INPUT_PIXELS = 4_000_000;
const AVIF = { quality: 50, effort: 2 } as const;
const WEBP = { quality: 75, effort: 3 } as const;

/** The original cannot be decoded: trying again would fail the same way. */
export class UnreadableImage extends Error {}

/** An upload with more pixels than its uploader may send. */
export class TooManyPixels extends Error {}

/** Quality of the stored original (the copies are smaller, so they take less). */
const UPLOAD_WEBP_QUALITY = 82;

export interface Reencoded {
  body: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image: applies the EXIF orientation, fits it inside MAX_IMAGE_SIDE and
 * writes WebP. sharp writes no metadata unless asked, so EXIF (GPS, camera serials), XMP and IPTC
 * are dropped.
 */
export async function reencodeUpload(file: string, maxPixels: number): Promise<Reencoded> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(file, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: UPLOAD_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw /pixel limit/i.test(message) ? new TooManyPixels(message) : new UnreadableImage(message);
  }
}

/** Encodes one copy; sharp decodes the (small) original again for each, which keeps one image in memory. */
async function encode(input: Buffer, width: number, format: ImageVariantFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(input, { limitInputPixels: VARIANT_MAX_INPUT_PIXELS }).resize({
      width,
      withoutEnlargement: true,
    });
    return await (format === 'avif' ? pipeline.avif(AVIF) : pipeline.webp(WEBP)).toBuffer();
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
}

/** The copies of one image, as storage keys and bytes, made one after the other. */
export async function* renderVariants(
  original: Buffer,
): AsyncGenerator<{ width: number; format: ImageVariantFormat; body: Buffer }> {
  const sharp = await loadSharp();
  let width: number;
  try {
    const meta = await sharp(original, { limitInputPixels: VARIANT_MAX_INPUT_PIXELS }).metadata();
    if (!meta.width) throw new Error('no width');
    // EXIF orientations 5-8 swap the sides; stored originals are already upright (rotate()).
    width = (meta.orientation ?? 1) >= 5 ? (meta.height ?? meta.width) : meta.width;
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
  for (const w of imageVariantWidths(width)) {
    for (const format of IMAGE_VARIANT_FORMATS)
      yield { width: w, format, body: await encode(original, w, format) };
  }
}
