import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';

/** How long a browser (and, when public, a shared cache) may reuse an answer without asking. */
export interface HttpCachePolicy {
  maxAge: number;
  /** For answers that depend on who asks; kept out of shared caches. */
  private?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read that changes rarely: strong ETag, Cache-Control, and 304 on If-None-Match. */
    httpCache?: HttpCachePolicy;
  }
}

/** Strong validator: the same bytes give the same tag in every process and after a restart. */
export function strongEtag(body: string | Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/**
 * The tag in If-None-Match that names this body, if any. Weak comparison (RFC 9110 13.1.2); the
 * content-coding suffix the compression plugin adds ("tag-br") names the same body.
 */
export function matchingEtag(ifNoneMatch: string | undefined, etag: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  // What a browser sends back most often: the very tag it was given, with nothing to parse.
  if (ifNoneMatch === etag) return etag;
  if (ifNoneMatch.trim() === '*') return etag;
  const bare = etag.slice(1, -1);
  for (const raw of ifNoneMatch.split(',')) {
    const candidate = raw.trim();
    const tag = candidate.replace(/^W\//, '').slice(1, -1);
    if (tag === bare || tag.replace(/-(br|gzip)$/, '') === bare) return candidate;
  }
  return undefined;
}

/**
 * HTTP revalidation for public reads, as a route option:
 *
 *   app.get('/path', { config: { httpCache: { maxAge: 300 } }, schema: {...} }, handler)
 *
 * A 200 answer of such a route gets `ETag` (a hash of its body) and `Cache-Control`; a request whose
 * If-None-Match holds that tag gets `304` with no body. The handler runs as usual (the answer
 * must exist to know its tag), so keep the handler itself cheap: read through a cache.
 *
 * Serialization is remembered per answer object: a handler that returns the very same object as
 * before (a cached value) skips the response schema check and JSON.stringify. Such objects must
 * never be changed in place; build a new one instead.
 */
export const httpCachePlugin = fp(
  async (app: FastifyInstance) => {
    // Tags of recent bodies. A remembered body is the same string object each time, so the lookup
    // costs no hashing of its text. The map holds the bodies, so it is bounded by their total size.
    const etags = new Map<string, string>();
    let heldChars = 0;
    const MAX_HELD_CHARS = 4_000_000;
    const etagOf = (body: string) => {
      let etag = etags.get(body);
      if (etag === undefined) {
        etag = strongEtag(body);
        etags.set(body, etag);
        heldChars += body.length;
        while (heldChars > MAX_HELD_CHARS) {
          const oldest = etags.keys().next().value as string;
          etags.delete(oldest);
          heldChars -= oldest.length;
        }
      }
      return etag;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.httpCache) return;
      const compile = (route.serializerCompiler ??
        serializerCompiler) as unknown as FastifySerializerCompiler<unknown>;
      route.serializerCompiler = (definition) => {
        const serialize = compile(definition);
        const remembered = new WeakMap<object, string>();
        return (data: unknown) => {
          if (typeof data !== 'object' || data === null) return serialize(data);
          let json = remembered.get(data);
          if (json === undefined) {
            json = serialize(data);
            remembered.set(data, json);
          }
          return json;
        };
      };
    });

    app.addHook(
      'onSend',
      (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (e: null, p: unknown) => void,
      ) => {
        const policy = request.routeOptions.config.httpCache;
        if (!policy || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
        const etag = etagOf(payload);
        reply.header('cache-control', `${policy.private ? 'private' : 'public'}, max-age=${policy.maxAge}`);
        const matched = matchingEtag(request.headers['if-none-match'], etag);
        if (matched) {
          // The client's own tag goes back: it may name the compressed form it holds.
          reply.code(304).header('etag', matched);
          return done(null, '');
        }
        reply.header('etag', etag);
        done(null, payload);
      },
    );
  },
  { name: 'http-cache' },
);
