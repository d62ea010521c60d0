import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { IMAGE_VARIANT_FORMATS, imageVariantUrl, type ImageVariantFormat } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import * as repo from './media.repository.js';
import { renderVariants, UnreadableImage } from './variant-encoding.js';

export { renderVariants } from './variant-encoding.js';

const MIME: Record<ImageVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

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

interface Variant {
  width: number;
  format: ImageVariantFormat;
  body: Buffer;
}
type Encode = (original: Buffer) => AsyncIterable<Variant> | Promise<Variant[]>;

/** Stores every copy of `key` next to it; returns the widths made. */
export async function makeVariants(
  storage: StorageProvider,
  key: string,
  original: Buffer,
  encode: Encode = renderVariants,
): Promise<number[]> {
  const widths = new Set<number>();
  for await (const variant of await encode(original)) {
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

/** The encoder's entry: bundled next to the server, or the source file under tsx and Vitest. */
function encoderEntry(): { file: string; execArgv: string[] } | undefined {
  const js = fileURLToPath(new URL('./variant-encoder.js', import.meta.url));
  if (fs.existsSync(js)) return { file: js, execArgv: [] };
  const ts = fileURLToPath(new URL('./variant-encoder.ts', import.meta.url));
  if (fs.existsSync(ts)) return { file: ts, execArgv: ['--import', 'tsx'] };
  return undefined;
}

interface EncoderReply {
  id: number;
  variants?: Variant[];
  error?: string;
  unreadable?: boolean;
}

/**
 * Encodes in a child process started on the first image and ended when the queue is empty, so
 * the memory libvips and the AVIF encoder take (100-200 MB at their peak, mostly kept by the
 * allocator afterwards) goes back to the system; in this process when no child can be started.
 */
export function childEncoder(log: VariantLog) {
  let child: ChildProcess | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (v: Variant[]) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  function start(): ChildProcess | undefined {
    const entry = encoderEntry();
    if (!entry) return undefined;
    const started = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    started.on('message', (reply: EncoderReply) => {
      const job = waiting.get(reply.id);
      if (!job) return;
      waiting.delete(reply.id);
      if (reply.variants) job.resolve(reply.variants.map((v) => ({ ...v, body: Buffer.from(v.body) })));
      else job.reject(reply.unreadable ? new UnreadableImage(reply.error ?? '') : new Error(reply.error));
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = undefined;
      if (waiting.size > 0) failAll(new Error(`The image encoder stopped (${signal ?? code})`));
    });
    started.on('error', (error) => {
      log.warn({ err: error }, 'Image encoder process failed');
      if (child === started) child = undefined;
      failAll(error);
    });
    return started;
  }
  return {
    encode(original: Buffer): Promise<Variant[]> | AsyncIterable<Variant> {
      child ??= start();
      const running = child;
      if (!running?.connected) return renderVariants(original);
      const id = ++next;
      return new Promise<Variant[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.send({ id, original }, (error) => {
          if (!error) return;
          waiting.delete(id);
          reject(error);
        });
      });
    },
    /** Ends the child: its memory goes back to the system. */
    stop(): void {
      const running = child;
      child = undefined;
      if (running?.connected) running.disconnect();
    },
  };
}

/**
 * Makes the copies of uploaded images in a child process (childEncoder), one image at a time, after the upload has
 * answered. The queue lives in the database (`media.variants = 'pending'`), so a restart finds
 * unfinished work again (`resume`); this in-memory queue only orders what is known now.
 */
export function createVariantWorker(
  db: Database,
  storage: StorageProvider,
  log: VariantLog,
  options: VariantWorkerOptions = {},
) {
  const encoder = childEncoder(log);
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
      const widths = await makeVariants(storage, key, original, (o) => encoder.encode(o));
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
      else encoder.stop();
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
      encoder.stop();
    },
  };
}

export type VariantWorker = ReturnType<typeof createVariantWorker>;
