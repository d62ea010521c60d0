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
 *
 * A kept answer is also kept uncompressed, as bytes: sent as a string, every request measured its
 * UTF-8 length and encoded it again (a cached list of states is 4 KB).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    /** The forms of one answer, by the answer's ETag: its bytes, and each coding with its own tag. */
    interface Kept {
      bytes: number;
      identity?: Buffer;
      br?: { body: Buffer; etag: string };
      gzip?: { body: Buffer; etag: string };
    }
    const kept = new Map<string, Kept>();
    let keptBytes = 0;
    const MAX_KEPT_BYTES = 8 * 1024 * 1024;

    function keep<F extends 'identity' | Encoding>(etag: string, form: F, value: NonNullable<Kept[F]>) {
      let forms = kept.get(etag);
      if (!forms) {
        forms = { bytes: 0 };
        kept.set(etag, forms);
      }
      forms[form] = value;
      const size = Buffer.isBuffer(value) ? value.length : (value as { body: Buffer }).body.length;
      forms.bytes += size;
      keptBytes += size;
      while (keptBytes > MAX_KEPT_BYTES) {
        const [oldest, old] = kept.entries().next().value as [string, Kept];
        kept.delete(oldest);
        keptBytes -= old.bytes;
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
        const etag = reply.getHeader('etag');
        if (typeof etag !== 'string') {
          if (!encoding) return done(null, payload);
          compress(payload, encoding, false).then((body) => {
            reply.header('content-encoding', encoding);
            reply.removeHeader('content-length');
            done(null, body);
          }, done);
          return;
        }

        const forms = kept.get(etag);
        if (!encoding) {
          let bytes = forms?.identity;
          if (!bytes) {
            bytes = Buffer.from(payload);
            keep(etag, 'identity', bytes);
          }
          return done(null, bytes);
        }
        // A strong tag names one exact representation, so the compressed one gets its own.
        const send = ({ body, etag: tag }: { body: Buffer; etag: string }) => {
          reply.header('etag', tag);
          reply.header('content-encoding', encoding);
          reply.removeHeader('content-length');
          done(null, body);
        };
        const hit = forms?.[encoding];
        if (hit) return send(hit);
        compress(payload, encoding, true).then((body) => {
          const form = { body, etag: `${etag.slice(0, -1)}-${encoding}"` };
          keep(etag, encoding, form);
          send(form);
        }, done);
      },
    );
  },
  { name: 'compression' },
);
