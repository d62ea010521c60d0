import {
  MAX_IMAGE_SIDE,
  UNSUPPORTED_UPLOAD_MESSAGE,
  UPLOAD_LIMITS,
  uploadTooLargeMessage,
  type Media,
  type MediaType,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { loadSharp } from '../../lib/sharp.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import { sniffMedia } from './media-sniff.js';
import * as repo from './media.repository.js';

export interface UploadInput {
  /** The file's bytes, cut off after the limit when `truncated`. */
  data: Buffer;
  truncated: boolean;
  originalName: string;
  /** What the form expects; IMAGE and VIDEO must match the content, FILE (invoices) takes any. */
  hint: MediaType | undefined;
  uploadedBy: string | null;
}

/**
 * Decoding is the expensive and risky step, so the pixel count is capped well below sharp's
 * default (268 MP): 120 MP still admits every phone camera.
 */
const MAX_INPUT_PIXELS = 120_000_000;
const WEBP_QUALITY = 82;
const ORIGINAL_NAME_MAX = 200;

const HINT_MESSAGES: Record<Exclude<MediaType, 'FILE'>, string> = {
  IMAGE: 'Unsupported file type: upload an image (JPEG, PNG, WebP)',
  VIDEO: 'Unsupported file type: upload a video (MP4, WebM)',
};

interface Prepared {
  body: Buffer;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/**
 * Re-encodes an image: applies the EXIF orientation, fits it inside MAX_IMAGE_SIDE and writes WebP.
 * sharp writes no metadata unless asked, so EXIF (GPS, camera serials), XMP and IPTC are dropped.
 */
async function toWebp(data: Buffer): Promise<Prepared> {
  const sharp = await loadSharp();
  try {
    const { data: body, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { body, mime: 'image/webp', ext: 'webp', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The image has too many pixels: the limit is 120 megapixels');
    }
    throw new AppError('UNSUPPORTED_MEDIA', 'The image could not be read');
  }
}

const FOLDERS: Record<MediaType, string> = { IMAGE: 'images', VIDEO: 'videos', FILE: 'files' };

/** `images/2026/11/<24 hex>.webp`: random, so a key never points at different bytes. */
function newKey(type: MediaType, ext: string, now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${FOLDERS[type]}/${now.getUTCFullYear()}/${month}/${newId()}.${ext}`;
}

/** The last path segment without control characters, as browsers may send a full path. */
function cleanName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, ORIGINAL_NAME_MAX);
}

export function createMediaService(db: Database, storage: StorageProvider) {
  return {
    /** Checks an upload by its content, normalises images, stores it and records it. */
    async upload(input: UploadInput): Promise<Media> {
      if (input.data.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty');
      const sniffed = sniffMedia(input.data);
      if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_UPLOAD_MESSAGE);
      if (input.hint && input.hint !== 'FILE' && input.hint !== sniffed.type) {
        throw new AppError('UNSUPPORTED_MEDIA', HINT_MESSAGES[input.hint]);
      }
      if (input.truncated || input.data.length > UPLOAD_LIMITS[sniffed.type]) {
        throw new AppError('PAYLOAD_TOO_LARGE', uploadTooLargeMessage(sniffed.type));
      }

      const prepared: Prepared =
        sniffed.type === 'IMAGE'
          ? await toWebp(input.data)
          : { body: input.data, mime: sniffed.mime, ext: sniffed.ext, width: null, height: null };
      const key = newKey(sniffed.type, prepared.ext, new Date());
      const { url } = await storage.put(key, prepared.body, prepared.mime);
      try {
        await repo.insertMedia(db, {
          key,
          url,
          type: sniffed.type,
          mime: prepared.mime,
          bytes: prepared.body.length,
          width: prepared.width,
          height: prepared.height,
          originalName: cleanName(input.originalName),
          uploadedBy: input.uploadedBy,
        });
      } catch (error) {
        // Without its row the stored file would be an orphan nobody can find or clean up.
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return { name: key, url, type: sniffed.type };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
