import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Below this a compressed answer saves less than the work costs (and often fits one packet anyway). */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The better coding the client accepts (q=0 means "not this one"), if any. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let gzipOk = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (q !== undefined && Number(q) === 0) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : undefined;
}

/**
 * Compresses JSON answers of 1 KB or more for clients that accept br or gzip. An answer with an
 * ETag (see http-cache.ts) is compressed once, at the best level, and kept by its tag, so a cached
 * read costs no compression after the first; any other is compressed per request at a fast level,
 * off the main thread. Small answers are left alone. Static files are not touched: the web build
 * ships them pre-compressed.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    const kept = new Map<string, Buffer>();
    let keptBytes = 0;
    const MAX_KEPT_BYTES = 8 * 1024 * 1024;

    function keep(key: string, body: Buffer) {
      kept.set(key, body);
      keptBytes += body.length;
      while (keptBytes > MAX_KEPT_BYTES) {
        const [oldKey, oldBody] = kept.entries().next().value as [string, Buffer];
        kept.delete(oldKey);
        keptBytes -= oldBody.length;
      }
    }

    async function compress(body: string, encoding: Encoding, once: boolean): Promise<Buffer> {
      if (encoding === 'br') {
        const quality = once ? zlib.constants.BROTLI_MAX_QUALITY : 4;
        return brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
          },
        });
      }
      return gzip(body, { level: once ? 9 : 6 });
    }

    // Callback style: most answers leave at the first checks, without a promise per request.
    app.addHook(
      'onSend',
      (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (error: Error | null, payload?: unknown) => void,
      ) => {
        if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return done(null, payload);
        if (reply.statusCode === 304 || reply.hasHeader('content-encoding')) return done(null, payload);
        const type = reply.getHeader('content-type');
        if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);

        reply.header('vary', 'accept-encoding');
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (!encoding) return done(null, payload);

        const send = (body: Buffer) => {
          reply.header('content-encoding', encoding);
          reply.removeHeader('content-length');
          done(null, body);
        };
        const etag = reply.getHeader('etag');
        if (typeof etag !== 'string') {
          compress(payload, encoding, false).then(send, done);
          return;
        }
        // A strong tag names one exact representation, so the compressed one gets its own.
        reply.header('etag', `${etag.slice(0, -1)}-${encoding}"`);
        const key = `${etag}:${encoding}`;
        const hit = kept.get(key);
        if (hit) return send(hit);
        compress(payload, encoding, true).then((body) => {
          keep(key, body);
          send(body);
        }, done);
      },
    );
  },
  { name: 'compression' },
);
