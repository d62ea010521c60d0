import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageCallKey, type PageCall } from '@app/domain';
import { escapeHtml, scriptSafeJson } from '../../lib/html-head.js';

/**
 * What lets a shared page (a post, a store, a product) draw on a phone without a chain of round
 * trips: the page's own chunks announced in its head, and the answers to the calls it makes on
 * opening sent inside the HTML. (Before, a slow 4G phone asked for main.tsx, then the router app,
 * then the page's chunk, then its imports, then the API: about 6 s before the post's title showed.)
 */

export type SharedPageName = 'post' | 'store' | 'product';
type PageAssets = Record<SharedPageName, { scripts: string[]; styles: string[] }>;

/** The chunks and stylesheets each shared page loads beyond the router app (apps/web/scripts/write-app-shell.mjs). */
export function loadPageAssets(webDist: string): Partial<PageAssets> {
  const file = path.join(webDist, 'page-assets.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PageAssets;
}

/** `<link>` hints for a page's chunks, fetched beside the router app's rather than after it. */
export function assetHints(assets: Partial<PageAssets>, page: SharedPageName): string {
  const found = assets[page];
  if (!found) return '';
  return [
    ...found.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ...found.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}

/**
 * The answers to `calls`, asked of this server as the visitor's browser would ask them (no session,
 * English, from the visitor's address, so they count against the visitor's own rate budget), as a
 * JSON data block the web app reads (apps/web/src/lib/preloaded-answers.ts). A call that does not
 * answer 200 is left out: the browser makes it and shows its error as before.
 */
export async function preloadedAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: PageCall[],
): Promise<string> {
  const answered = await Promise.all(
    calls.map(async (call) => {
      const response = await app.inject({
        method: call.method,
        url: `/api${call.path}`,
        remoteAddress: request.ip,
        headers: {
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
      });
      if (response.statusCode !== 200) return undefined;
      return [pageCallKey(call.method, call.path, call.body), response.body] as const;
    }),
  );
  const parts = answered.flatMap((entry) => (entry ? [`${JSON.stringify(entry[0])}:${entry[1]}`] : []));
  if (parts.length === 0) return '';
  // The bodies are JSON already: joined, not parsed and written again. `<` is escaped so no text a
  // user typed can end the data block (`</script>`).
  const json = scriptSafeJson(`{${parts.join(',')}}`);
  return `<script type="application/json" id="preloaded-answers">${json}</script>`;
}
