import fs from 'node:fs';
import negotiate from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';

/** The build's .br and .gz siblings (apps/web/vite.config.ts), in the order they are preferred. */
const SIBLINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * `/assets/<name>`: the build's hashed files, answered from the folder's names as read at start-up.
 *
 * @fastify/static's wildcard route, which serves the rest of the build, lists every folder of a
 * path on every request, to refuse a name that reaches a file under another spelling (a
 * case-insensitive disk). With the build's ~740 files in /assets, that listing took 0.5 ms a
 * request, more than the rest of sending the file, and over a fifth of the server's CPU in a browser
 * journey run (8 of 36 CPU-seconds). The build does not change while the server runs (a release restarts it), so the
 * names read once answer the same question for the files it started with. Any other name goes to
 * @fastify/static as before, and a source map to the not-found handler.
 */
export function registerHashedAssets(app: FastifyInstance, assetsDir: string, cacheControl: string): void {
  if (!fs.existsSync(assetsDir)) return;
  const names = new Set(fs.readdirSync(assetsDir));
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/assets/:name',
    schema: { hide: true },
    handler: async (request, reply) => {
      const { name } = request.params;
      // Source maps hold the original sources: kept on the server for debugging, never served.
      if (/\.map$/i.test(name)) return reply.callNotFound();
      if (!names.has(name)) {
        // Not in the build the server started with: no such file, or a build written since, which
        // @fastify/static finds (listing the folder, as it does for the rest of the build).
        if (/[\\/]/.test(name) || name === '..') return reply.callNotFound();
        return reply.sendFile(`assets/${name}`);
      }
      const encoding = chooseEncoding(request.headers['accept-encoding'], name, names);
      const file = encoding ? `${name}${encoding[1]}` : name;
      // send takes a URL path; the name is a plain file name from the listing.
      const sent = await send(request.raw, `/${encodeURIComponent(file)}`, { root: assetsDir, index: false });
      if (sent.type === 'error') {
        // As @fastify/static answers: a file gone since start-up goes to the not-found handler; a
        // range past the end or a failed precondition is answered with its own status.
        const error: Error & { code?: string; status?: number } = sent.metadata.error;
        if (error.code === 'ENOENT' || error.status === 404) return reply.callNotFound();
        return reply.send(error);
      }
      if (sent.type !== 'file') return reply.callNotFound();
      void reply.code(sent.statusCode).headers(sent.headers);
      void reply.header('cache-control', cacheControl);
      // A shared cache must not give a compressed copy to a browser that did not ask for one, nor
      // the plain file to one that did.
      void reply.header('vary', 'accept-encoding');
      if (encoding) {
        void reply.header('content-type', contentTypeOf(name));
        void reply.header('content-encoding', encoding[0]);
      }
      return reply.send(sent.stream);
    },
  });
}

function chooseEncoding(
  header: string | undefined,
  name: string,
  names: ReadonlySet<string>,
): (typeof SIBLINGS)[number] | undefined {
  if (!header) return undefined;
  const offered = SIBLINGS.filter(([, extension]) => names.has(`${name}${extension}`));
  if (offered.length === 0) return undefined;
  // "*" (no preference) counts as gzip, as @fastify/static reads it.
  const chosen = negotiate(
    header.toLowerCase().replace(/\*/g, 'gzip'),
    offered.map(([encoding]) => encoding),
  );
  return offered.find(([encoding]) => encoding === chosen);
}

/** The type of the file itself, not of its compressed copy (as @fastify/static sends it). */
function contentTypeOf(name: string): string {
  const type = send.mime.getType(name) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}
