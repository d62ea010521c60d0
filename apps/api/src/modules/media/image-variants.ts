import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { IMAGE_VARIANT_FORMATS, imageVariantUrl, type ImageVariantFormat } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import { createFairQueue, type FairQueue } from './fair-queue.js';
import * as repo from './media.repository.js';
import {
  reencodeUpload,
  renderVariants,
  TooManyPixels,
  UnreadableImage,
  type Reencoded,
} from './variant-encoding.js';

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
  /** The child process shared with the uploads' re-encode (app.ts); one of its own otherwise. */
  encoder?: ImageEncoder;
  /** The turns at that encoder, shared with the uploads' re-encode (app.ts); its own otherwise. */
  work?: FairQueue;
}

/**
 * The turns at the image encoder (fair-queue.ts), for the uploads' re-encode and the copies alike.
 * One upload an account at a time, so a second account's upload starts at once however many photos
 * the first has queued; one image's copies at a time, which nobody waits for, as decision 042
 * measured the encoder's memory for, and which never hold up an upload (their owner's included).
 * Three places in all: two uploads and the copies, on the machine's two cores; before, every upload
 * went to the encoder at once.
 */
export function createImageWork(): FairQueue {
  return createFairQueue({ concurrency: 3, perOwner: 1, background: 1 });
}

/**
 * Whose image work it is: an account, or a visitor by address (as the visitors' daily cap); the
 * visitors together for their images found pending after a restart, whose address is not kept.
 */
export function imageWorkOwner(userId: string | null, ip?: string): string {
  if (userId) return `user:${userId}`;
  return ip === undefined ? 'visitors' : `ip:${ip}`;
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
  upload?: Reencoded;
  error?: string;
  unreadable?: boolean;
  tooManyPixels?: boolean;
}

/**
 * How long an idle child waits for more work before it exits: a seller adding photos one by one,
 * a few seconds apart, then starts it once, not once a photo (a start is 0.2-0.3 s of the upload's
 * answer, more under tsx in tests). Its memory is the child's, not the server's, meanwhile.
 */
const CHILD_LINGER_MS = 30_000;

/**
 * The server's image work in a child process (variant-encoder.ts): each upload's re-encode and
 * the copies of stored originals. Started on the first image and ended once it has been idle for
 * CHILD_LINGER_MS, so the memory libvips and the AVIF encoder take (100-200 MB at their peak,
 * mostly kept by the allocator afterwards) goes back to the system instead of staying in the
 * server; in this process when no child can be started.
 */
export function childEncoder(log: VariantLog) {
  let child: ChildProcess | undefined;
  let next = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const ready = new WeakMap<ChildProcess, Promise<void>>();
  // Each job remembers its child: one that exits fails only its own jobs, not a successor's.
  const waiting = new Map<
    number,
    { owner: ChildProcess; resolve: (reply: EncoderReply) => void; reject: (e: Error) => void }
  >();
  const failJobsOf = (owner: ChildProcess, error: Error) => {
    for (const [id, job] of waiting) {
      if (job.owner !== owner) continue;
      waiting.delete(id);
      job.reject(error);
    }
  };
  function stop(): void {
    clearTimeout(idleTimer);
    const running = child;
    child = undefined;
    if (running?.connected) running.disconnect();
  }
  function stopWhenIdle(): void {
    clearTimeout(idleTimer);
    if (waiting.size > 0) return;
    idleTimer = setTimeout(() => waiting.size === 0 && stop(), CHILD_LINGER_MS);
    idleTimer.unref();
  }
  function start(): ChildProcess | undefined {
    const entry = encoderEntry();
    if (!entry) return undefined;
    const started = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    // The child says when it listens (after loading sharp); a job sent before would be lost.
    ready.set(
      started,
      new Promise<void>((resolve) => {
        const onReady = (message: { ready?: boolean }) => {
          if (!message?.ready) return;
          started.off('message', onReady);
          resolve();
        };
        started.on('message', onReady);
      }),
    );
    started.on('message', (reply: EncoderReply) => {
      const job = waiting.get(reply.id);
      if (!job) return;
      waiting.delete(reply.id);
      stopWhenIdle();
      if (reply.error === undefined) job.resolve(reply);
      else if (reply.unreadable) job.reject(new UnreadableImage(reply.error));
      else if (reply.tooManyPixels) job.reject(new TooManyPixels(reply.error));
      else job.reject(new Error(reply.error));
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = undefined;
      failJobsOf(started, new Error(`The image encoder stopped (${signal ?? code})`));
    });
    started.on('error', (error) => {
      log.warn({ err: error }, 'Image encoder process failed');
      if (child === started) child = undefined;
      failJobsOf(started, error);
    });
    return started;
  }
  /** Sends a job to the child; undefined when no child can be started (the caller works here). */
  function send(job: object): Promise<EncoderReply> | undefined {
    clearTimeout(idleTimer);
    child ??= start();
    const running = child;
    if (!running?.connected) return undefined;
    const id = ++next;
    return new Promise<EncoderReply>((resolve, reject) => {
      waiting.set(id, { owner: running, resolve, reject });
      // A child that exits before it is ready fails this job through its exit handler.
      void ready.get(running)?.then(() =>
        running.send({ id, ...job }, (error) => {
          if (!error) return;
          waiting.delete(id);
          stopWhenIdle();
          reject(error);
        }),
      );
    });
  }
  return {
    encode(original: Buffer): Promise<Variant[]> | AsyncIterable<Variant> {
      const reply = send({ original });
      if (!reply) return renderVariants(original);
      return reply.then(({ variants = [] }) => variants.map((v) => ({ ...v, body: Buffer.from(v.body) })));
    },
    /** An upload's re-encode (reencodeUpload), in the child. */
    async reencode(file: string, maxPixels: number): Promise<Reencoded> {
      const reply = send({ upload: { file, maxPixels } });
      if (!reply) return reencodeUpload(file, maxPixels);
      const { upload } = await reply;
      if (!upload) throw new Error('The image encoder answered without the image');
      return { ...upload, body: Buffer.from(upload.body) };
    },
    /** Ends the child now: its memory goes back to the system. */
    stop,
  };
}

export type ImageEncoder = ReturnType<typeof childEncoder>;

/**
 * Makes the copies of uploaded images in a child process (childEncoder), after the upload has
 * answered, in its owner's turn at the encoder (createImageWork: one image's copies at a time). The
 * queue lives in the database (`media.variants = 'pending'`), so a restart finds unfinished work
 * again (`resume`); the in-memory turns only order what is known now.
 */
export function createVariantWorker(
  db: Database,
  storage: StorageProvider,
  log: VariantLog,
  options: VariantWorkerOptions = {},
) {
  const encoder = options.encoder ?? childEncoder(log);
  const work = options.work ?? createImageWork();
  const maxAttempts = options.maxAttempts ?? 3;
  const retryMs = options.retryMs ?? 60_000;
  const queued = new Set<string>();
  const jobs = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function makeOne(key: string, owner: string): Promise<void> {
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
          enqueue(key, owner);
        }, retryMs);
        timer.unref();
        timers.add(timer);
      }
    }
  }

  /** Queues the copies of `key` in its owner's line (imageWorkOwner). */
  function enqueue(key: string, owner = imageWorkOwner(null)): void {
    if (closed || queued.has(key)) return;
    queued.add(key);
    const job = work
      .run(
        owner,
        async () => {
          // Let the upload's answer go out first.
          await new Promise((resolve) => setImmediate(resolve));
          if (!closed) await makeOne(key, owner);
        },
        { background: true },
      )
      .catch((error: unknown) => {
        log.warn({ key, err: error }, 'Image variants not made: will retry at the next resume');
      })
      .finally(() => {
        queued.delete(key);
        jobs.delete(job);
      });
    jobs.add(job);
  }

  return {
    enqueue,
    /** Queues the images still waiting for their copies (after a restart, or retries); how many. */
    async resume(limit = 500): Promise<number> {
      const rows = await repo.pendingVariantKeys(db, limit);
      for (const { key, uploadedBy } of rows) {
        enqueue(key, imageWorkOwner(uploadedBy));
      }
      if (rows.length > 0) log.info({ images: rows.length }, 'Making image variants left from before');
      return rows.length;
    },
    /** Resolves when the queue is empty. */
    async idle(): Promise<void> {
      while (jobs.size > 0) await Promise.all(jobs);
    },
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Jobs not started yet find the worker closed and end at once.
      await Promise.all(jobs);
      encoder.stop();
    },
  };
}

export type VariantWorker = ReturnType<typeof createVariantWorker>;
