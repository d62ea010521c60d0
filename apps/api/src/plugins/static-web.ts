import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated so a
 * new release is picked up at once. Any other GET outside /api and /media gets index.html, so deep
 * links into the single-page app work.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`Web app not built (${indexFile} missing): run "npm run build". Serving the API only.`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz siblings (apps/web/vite.config.ts); send them when accepted.
    preCompressed: true,
    // Source maps hold the original sources; they stay on the server for debugging, never served.
    allowedPath: (pathName) => !/\.map$/i.test(pathName),
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  return true;
}

/**
 * Hashed build output never changes under its name; index.html names the current build, so the
 * browser asks every time (and gets a 304 while it is unchanged); anything else may be a minute old.
 */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (filePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=300';
}

export function isWebAppPath(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !/^\/(api|media)(\/|$|\?)/.test(url);
}
