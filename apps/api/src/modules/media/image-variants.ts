import type { Readable } from 'node:stream';
import {
  IMAGE_VARIANT_FORMATS,
  imageVariantUrl,
  imageVariantWidths,
  type ImageVariantFormat,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { loadSharp } from '../../lib/sharp.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import * as repo from './media.repository.js';

/** Stored originals are at most 1920 px a side (MAX_IMAGE_SIDE); anything far larger is not ours. */
const VARIANT_MAX_INPUT_PIXELS = 4_000_000;
const AVIF = { quality: 50, effort: 2 } as const;
const WEBP = { quality: 75, effort: 3 } as const;
const MIME: Record<ImageVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** The original cannot be decoded: trying again would fail the same way. */
class UnreadableImage extends Error {}

export interface VariantLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface VariantWorkerOptions {
  /** Tries per image when storage or the database fail; an unreadable image fails at once. */
  maxAttempts?: number;
  retryMs?: number;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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

/** Stores every copy of `key` next to it; returns the widths made. */
export async function makeVariants(
  storage: StorageProvider,
  key: string,
  original: Buffer,
): Promise<number[]> {
  const widths = new Set<number>();
  for await (const variant of renderVariants(original)) {
    await storage.put(
      imageVariantUrl(key, variant.width, variant.format),
      variant.body,
      MIME[variant.format],
    );
    widths.add(variant.width);
  }
  return [...widths];
}

/** Every storage key of the copies of `key`. */
export function variantKeys(key: string, widths: readonly number[]): string[] {
  return widths.flatMap((w) => IMAGE_VARIANT_FORMATS.map((f) => imageVariantUrl(key, w, f)));
}

/**
 * Makes the copies of uploaded images in this process, one image at a time, after the upload has
 * answered. The queue lives in the database (`media.variants = 'pending'`), so a restart finds
 * unfinished work again (`resume`); this in-memory queue only orders what is known now.
 */
export function createVariantWorker(
  db: Database,
  storage: StorageProvider,
  log: VariantLog,
  options: VariantWorkerOptions = {},
) {
  const maxAttempts = options.maxAttempts ?? 3;
  const retryMs = options.retryMs ?? 60_000;
  const queue: string[] = [];
  const queued = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let running: Promise<void> | undefined;
  let closed = false;

  async function makeOne(key: string): Promise<void> {
    const row = await repo.findPendingVariants(db, key);
    if (!row) return;
    try {
      const original = await readAll(await storage.open(key));
      const widths = await makeVariants(storage, key, original);
      await repo.finishVariants(db, key, widths);
    } catch (error) {
      const attempts = row.variantAttempts + 1;
      const failed = error instanceof UnreadableImage || attempts >= maxAttempts;
      await repo.failVariants(db, key, attempts, failed).catch(() => undefined);
      log.warn(
        { key, attempts, err: error },
        failed
          ? 'Image variants not made: the original is served alone'
          : 'Image variants not made yet: will retry',
      );
      if (!failed && !closed) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          enqueue(key);
        }, retryMs);
        timer.unref();
        timers.add(timer);
      }
    }
  }

  async function drain(): Promise<void> {
    // Let the upload's answer go out first.
    await new Promise((resolve) => setImmediate(resolve));
    while (!closed) {
      const key = queue.shift();
      if (key === undefined) break;
      try {
        await makeOne(key);
      } catch (error) {
        log.warn({ key, err: error }, 'Image variants not made: will retry at the next resume');
      } finally {
        queued.delete(key);
      }
    }
  }

  function start(): void {
    running ??= drain().finally(() => {
      running = undefined;
      if (queue.length > 0 && !closed) start();
    });
  }

  function enqueue(key: string): void {
    if (closed || queued.has(key)) return;
    queued.add(key);
    queue.push(key);
    start();
  }

  return {
    enqueue,
    /** Queues the images still waiting for their copies (after a restart, or retries); how many. */
    async resume(limit = 500): Promise<number> {
      const keys = await repo.pendingVariantKeys(db, limit);
      for (const key of keys) enqueue(key);
      if (keys.length > 0) log.info({ images: keys.length }, 'Making image variants left from before');
      return keys.length;
    },
    /** Resolves when the queue is empty. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
}

export type VariantWorker = ReturnType<typeof createVariantWorker>;
