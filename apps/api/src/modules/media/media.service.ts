import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import {
  ANONYMOUS_UPLOAD_LIMIT,
  MAX_UPLOAD_BYTES,
  UNSUPPORTED_UPLOAD_MESSAGE,
  UPLOAD_LIMITS,
  uploadTooLargeMessage,
  type Media,
  type MediaType,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { SpooledFile, StorageProvider } from '../../providers/storage/storage.js';
import { sniffMedia, uploadLimitFor } from './media-sniff.js';
import { declaredDimensions } from './image-dimensions.js';
import * as repo from './media.repository.js';
import { imageWorkOwner, variantKeys } from './image-variants.js';
import { reencodeUpload, TooManyPixels, UnreadableImage, type Reencoded } from './variant-encoding.js';
import { stripPdfMetadata } from './pdf-metadata.js';
import type { Spool } from './upload-spool.js';
import { blankBoxes, findVideoMetadata } from './video-metadata.js';

/** Who is uploading: an account, or a visitor known only by address. */
export interface Uploader {
  userId: string | null;
  ip: string;
}

/** How much of a body this uploader may send; decided before the body is read. */
export interface UploadPolicy {
  maxBytes: number;
  limitFor: (head: Buffer) => number;
}

export interface UploadInput {
  spool: Spool;
  originalName: string;
  /** What the form expects; IMAGE and VIDEO must match the content, FILE (invoices) takes any. */
  hint: MediaType | undefined;
  uploader: Uploader;
}

export interface MediaServiceOptions {
  dailyFiles: number;
  dailyBytes: number;
  anonymousPerDay: number;
  now?: () => Date;
  /** Told of each stored image once its upload has answered; makes its smaller copies. */
  variants?: { enqueue(key: string, owner: string): void };
  /**
   * Re-encodes an upload, in the image child process in `owner`'s turn (app.ts, image-variants.ts);
   * in this process otherwise.
   */
  reencode?: Reencode;
}

/** `owner`: whose turn at the image encoder this is (imageWorkOwner). */
type Reencode = (file: string, maxPixels: number, owner: string) => Promise<Reencoded>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement by the purge, so one run never holds a long lock. */
const PURGE_BATCH = 200;

/**
 * Decoding is the expensive step, and a PNG of a single colour packs a huge picture in a few
 * kilobytes, so sharp refuses from the header alone anything above these budgets. 50 MP is the
 * full resolution of 48 and 50 MP phone cameras (about 0.24 s of CPU for a flat PNG, against 0.43 s
 * at the old 120 MP cap); visitors send images the browser has already shrunk to 1920 px, so 24 MP
 * leaves room for a photo whose compression failed and no more.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const ANONYMOUS_MAX_INPUT_PIXELS = 24_000_000;
/**
 * And at most this many pixels a side: a 1 × 24,000,000 PNG is within 24 MP yet took 10-16 s to
 * decode (issue 40). A 200 MP phone camera's picture is 16,320 px wide, panoramas aside, and
 * 12,000 px leaves every 50 MP camera's room.
 */
export const MAX_INPUT_SIDE = 12_000;

const ORIGINAL_NAME_MAX = 200;
const MB = 1024 * 1024;

const HINT_MESSAGES: Record<Exclude<MediaType, 'FILE'>, string> = {
  IMAGE: 'Unsupported file type: upload an image (JPEG, PNG, WebP)',
  VIDEO: 'Unsupported file type: upload a video (MP4, MOV)',
};

export const ANONYMOUS_TYPE_MESSAGE =
  'Please log in to upload videos; without an account upload images or PDF files';
export const ANONYMOUS_SIZE_MESSAGE = `File is too large: the limit is ${ANONYMOUS_UPLOAD_LIMIT / MB} MB without an account`;

interface Prepared {
  body: Buffer | SpooledFile;
  bytes: number;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/**
 * Refuses, from the header alone and in this process, an image larger than its uploader may send:
 * the image process, which every upload waits for, never sees it.
 */
async function refuseOversized(file: string, maxPixels: number) {
  const declared = await declaredDimensions(file);
  if (!declared) return;
  if (declared.width > MAX_INPUT_SIDE || declared.height > MAX_INPUT_SIDE) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The image is too large: the limit is ${MAX_INPUT_SIDE.toLocaleString('en-IN')} pixels a side`,
    );
  }
  if (declared.width * declared.height > maxPixels) throw tooManyPixels(maxPixels);
}

/** One answer whether the header read here or sharp's own limit found the pixels too many. */
const tooManyPixels = (maxPixels: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The image has too many pixels: the limit is ${maxPixels / 1_000_000} megapixels`,
  );

/** Re-encodes an uploaded image (variant-encoding.ts) and says why one cannot be stored. */
async function toWebp(reencode: Reencode, file: string, maxPixels: number, owner: string): Promise<Prepared> {
  await refuseOversized(file, maxPixels);
  try {
    const { body, width, height } = await reencode(file, maxPixels, owner);
    return { body, bytes: body.length, mime: 'image/webp', ext: 'webp', width, height };
  } catch (error) {
    if (error instanceof TooManyPixels) throw tooManyPixels(maxPixels);
    if (error instanceof UnreadableImage)
      throw new AppError('UNSUPPORTED_MEDIA', 'The image could not be read');
    throw error;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** MP4 and MOV lose their location, author and XMP boxes in place; the file is streamed to storage. */
async function cleanVideo(spool: Spool, mime: string, ext: string): Promise<Prepared> {
  const ranges = await findVideoMetadata(spool.path, spool.size);
  if (!ranges)
    throw new AppError('UNSUPPORTED_MEDIA', 'The video could not be read: upload an MP4 or MOV file');
  if (ranges.length > 0) await blankBoxes(spool.path, ranges);
  const sha256 = ranges.length > 0 ? await sha256Of(spool.path) : spool.sha256;
  const body: SpooledFile = { size: spool.size, sha256, open: () => createReadStream(spool.path) };
  return { body, bytes: spool.size, mime, ext, width: null, height: null };
}

/** PDFs (at most 10 MB) are rewritten without author, software and XMP metadata. */
async function cleanPdf(spool: Spool): Promise<Prepared> {
  const result = await stripPdfMetadata(await fs.readFile(spool.path));
  if (!result.ok) {
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      result.reason === 'encrypted'
        ? 'The PDF is password-protected: save it without a password and upload it again'
        : 'The PDF could not be read',
    );
  }
  const body = Buffer.from(result.bytes);
  return { body, bytes: body.length, mime: 'application/pdf', ext: 'pdf', width: null, height: null };
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

export function createMediaService(db: Database, storage: StorageProvider, options: MediaServiceOptions) {
  const now = options.now ?? (() => new Date());
  const dailyLimitMessage = `Daily upload limit reached: ${options.dailyFiles} files or ${Math.round(
    options.dailyBytes / MB,
  )} MB in 24 hours. Try again later`;
  /** Visitors' uploads per address in the current 24-hour window; kept in this process only. */
  const anonymous = new Map<string, { since: number; count: number }>();

  function countAnonymous(ip: string): void {
    const at = now().getTime();
    if (anonymous.size > 10_000) {
      for (const [key, entry] of anonymous) if (at - entry.since >= DAY_MS) anonymous.delete(key);
    }
    const entry = anonymous.get(ip);
    if (!entry || at - entry.since >= DAY_MS) {
      anonymous.set(ip, { since: at, count: 1 });
      return;
    }
    if (entry.count >= options.anonymousPerDay) {
      throw new AppError('RATE_LIMITED', 'Upload limit reached for today: log in to upload more');
    }
    entry.count += 1;
  }

  return {
    /** Decided before the body is read: visitors may send one small image, accounts their budget. */
    async policyFor(uploader: Uploader): Promise<UploadPolicy> {
      if (!uploader.userId) {
        countAnonymous(uploader.ip);
        return { maxBytes: ANONYMOUS_UPLOAD_LIMIT, limitFor: () => ANONYMOUS_UPLOAD_LIMIT };
      }
      const used = await repo.uploadsSince(db, uploader.userId, new Date(now().getTime() - DAY_MS));
      const left = options.dailyBytes - used.bytes;
      if (used.files >= options.dailyFiles || left <= 0) {
        throw new AppError('RATE_LIMITED', dailyLimitMessage);
      }
      return {
        maxBytes: Math.min(MAX_UPLOAD_BYTES, left),
        limitFor: (head) => Math.min(uploadLimitFor(head), left),
      };
    },

    /** Checks an upload by its content, strips what it says about its author, stores and records it. */
    async upload({ spool, originalName, hint, uploader }: UploadInput): Promise<Media> {
      try {
        if (spool.size === 0) throw new AppError('BAD_REQUEST', 'The file is empty');
        const sniffed = sniffMedia(spool.head);
        if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_UPLOAD_MESSAGE);
        const anonymousUpload = !uploader.userId;
        // A visitor's review takes its invoice (spec: the invoice input takes files): PDFs are
        // cleaned and served as downloads like anyone's, within the visitor's size and daily caps.
        if (anonymousUpload && sniffed.type === 'VIDEO') {
          throw new AppError('UNAUTHENTICATED', ANONYMOUS_TYPE_MESSAGE);
        }
        if (hint && hint !== 'FILE' && hint !== sniffed.type) {
          throw new AppError('UNSUPPORTED_MEDIA', HINT_MESSAGES[hint]);
        }
        if (spool.truncated) {
          if (anonymousUpload) throw new AppError('PAYLOAD_TOO_LARGE', ANONYMOUS_SIZE_MESSAGE);
          // Cut short below its type's limit: what was left of the day's budget ran out.
          if (spool.size < UPLOAD_LIMITS[sniffed.type]) throw new AppError('RATE_LIMITED', dailyLimitMessage);
          throw new AppError('PAYLOAD_TOO_LARGE', uploadTooLargeMessage(sniffed.type));
        }

        const owner = imageWorkOwner(uploader.userId, uploader.ip);
        let prepared: Prepared;
        if (sniffed.type === 'IMAGE') {
          prepared = await toWebp(
            options.reencode ?? reencodeUpload,
            spool.path,
            anonymousUpload ? ANONYMOUS_MAX_INPUT_PIXELS : MAX_INPUT_PIXELS,
            owner,
          );
        } else if (sniffed.type === 'VIDEO') {
          prepared = await cleanVideo(spool, sniffed.mime, sniffed.ext);
        } else {
          prepared = await cleanPdf(spool);
        }

        const key = newKey(sniffed.type, prepared.ext, now());
        const { url } = await storage.put(key, prepared.body, prepared.mime);
        try {
          await repo.insertMedia(db, {
            key,
            url,
            type: sniffed.type,
            mime: prepared.mime,
            bytes: prepared.bytes,
            width: prepared.width,
            height: prepared.height,
            originalName: cleanName(originalName),
            uploadedBy: uploader.userId,
            variants: sniffed.type === 'IMAGE' ? 'pending' : null,
          });
        } catch (error) {
          // Without its row the stored file would be an orphan nobody can find or clean up.
          await storage.delete(key).catch(() => undefined);
          throw error;
        }
        if (sniffed.type === 'IMAGE') options.variants?.enqueue(key, owner);
        return { name: key, url, type: sniffed.type };
      } finally {
        await spool.remove();
      }
    },

    /**
     * Flags uploads that a post, product or shop now names, then deletes the files and rows of
     * those still unnamed a day after upload. A file whose delete fails is logged and left: its
     * row is gone, so it is never served as part of anything.
     */
    async purgeUnreferenced(log?: { warn(obj: object, msg: string): void }) {
      const referenced = await repo.markReferencedMedia(db);
      const before = new Date(now().getTime() - DAY_MS);
      let deleted = 0;
      for (;;) {
        const rows = await repo.deleteUnreferencedMedia(db, before, PURGE_BATCH);
        for (const { key, variantWidths } of rows) {
          for (const file of [key, ...variantKeys(key, variantWidths)]) {
            await storage
              .delete(file)
              .catch((error: unknown) =>
                log?.warn({ key: file, err: error }, 'Unreferenced upload not deleted'),
              );
          }
        }
        deleted += rows.length;
        if (rows.length < PURGE_BATCH) break;
      }
      return { referenced, deleted };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
