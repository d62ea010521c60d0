import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { appShellFile } from '../lib/html-head.js';
import { registerHashedAssets } from './hashed-assets.js';

/**
 * Serves the built web app (null when it is not built). Hashed assets are cached for a year;
 * index.html is revalidated so a new release is picked up at once. Any other GET outside /api and
 * /media gets index.html, so deep links into the single-page app work.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<WebAppPages | null> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`Web app not built (${indexFile} missing): run "npm run build". Serving the API only.`);
    return null;
  }
  const hasLanding = fs.existsSync(path.join(webDist, 'landing.html'));
  // index.html announces the landing page's chunks; every path but `/` boots the router app.
  const appShell = appShellFile(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    // One route that looks a file up when asked, not one route per file found at start-up: the
    // build's ~600 files made ~840 routes, and registering them was most of the app's start-up
    // (0.4-0.9 s on a busy 2-core machine; bench/README.md, "Start-up"). A path that is no file
    // falls through to the not-found handler below, as before.
    wildcard: true,
    index: false,
    // The web build writes .br and .gz siblings (apps/web/vite.config.ts); send them when accepted.
    preCompressed: true,
    // Source maps hold the original sources; they stay on the server for debugging, never served.
    allowedPath: (pathName) => !/\.map$/i.test(pathName),
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  // The hashed files by a route of their own, from the names listed at start-up (hashed-assets.ts).
  registerHashedAssets(app, path.join(webDist, 'assets'), HASHED_ASSET_CACHE);
  // The root is a folder, which the wildcard route refuses (403): it is the landing page.
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.sendFile(hasLanding ? 'landing.html' : 'index.html'),
  );
  return {
    // `/` gets the landing page rendered at build time (apps/web/scripts/prerender-landing.mjs), so
    // it paints before its JavaScript arrives; every other path renders in the browser.
    fileFor: (url) =>
      url.split('?', 1)[0] === '/' ? (hasLanding ? 'landing.html' : 'index.html') : appShell,
  };
}

/**
 * CSP sources for the inline scripts of the prerendered landing page (its boot script, which loads
 * the app after the first paint). Allowing them by hash keeps 'unsafe-inline' out of script-src:
 * an injected script still cannot run.
 */
export function landingScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'landing.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  const sha256 = (code: string) => createHash('sha256').update(code).digest('base64');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${sha256(code ?? '')}'`,
  );
}

export interface WebAppPages {
  /** The HTML file that answers a web app path. */
  fileFor(url: string): string;
}

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Hashed build output never changes under its name; index.html names the current build, so the
 * browser asks every time (and gets a 304 while it is unchanged); anything else may be a minute old.
 */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return HASHED_ASSET_CACHE;
  // The path of what is sent: a browser accepting brotli gets landing.html.br, which must be
  // revalidated as landing.html is (it was cached for 5 minutes, so a deploy went unseen).
  if (/\.html(\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  // The service worker and the manifest name the current build like index.html does: a release is
  // seen at the next visit, not five minutes later.
  if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(filePath)) return 'no-cache';
  return 'public, max-age=300';
}

export function isWebAppPath(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !/^\/(api|media)(\/|$|\?)/.test(url);
}
