import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, pageCallKey, SERVER_QUERY_STATE_ID, type PageCall } from '@app/domain';
import { escapeHtml, scriptSafeJson, type DrawnRoot } from '../../lib/html-head.js';
import type { PageRenderer } from './page-render.js';

/**
 * What lets a shared page (a post, a store, a product) draw on a phone without a chain of round
 * trips: the page's own chunks announced in its head, and the answers to the calls it makes on
 * opening sent inside the HTML. (Before, a slow 4G phone asked for main.tsx, then the router app,
 * then the page's chunk, then its imports, then the API: about 6 s before the post's title showed.)
 */

export type SharedPageName = 'post' | 'store' | 'product' | 'question';
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
 * English, from the visitor's address, so they count against the visitor's own rate budget), keyed
 * by `pageCallKey`, as JSON text. A call that does not answer 200 is left out: the browser makes it
 * and shows its error as before.
 */
export async function pageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: PageCall[],
): Promise<Map<string, string>> {
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
  return new Map(answered.filter((entry) => entry !== undefined));
}

/** The answers as a JSON data block the web app reads (apps/web/src/lib/preloaded-answers.ts). */
function answersBlock(answers: Map<string, string>): string {
  if (answers.size === 0) return '';
  const parts = [...answers].map(([key, body]) => `${JSON.stringify(key)}:${body}`);
  // The bodies are JSON already: joined, not parsed and written again. `<` is escaped so no text a
  // user typed can end the data block (`</script>`).
  return `<script type="application/json" id="preloaded-answers">${scriptSafeJson(`{${parts.join(',')}}`)}</script>`;
}

/** What a shared page adds to the app's HTML: hints and data in its head, its markup in #root. */
export interface PageBoot {
  head: string;
  /** The page's markup, drawn on the server; undefined when it goes out for the browser to draw. */
  root: DrawnRoot | undefined;
}

/**
 * The app's HTML for a page drawn on the server. Like the landing page's (apps/web/scripts/
 * prerender-landing.mjs) its stylesheets are inline, so the first paint needs the HTML alone, and its
 * scripts are requested after that paint by the landing page's boot script (the CSP allows that
 * script by its hash): a phone on a slow network paints the page instead of first downloading the
 * app (about 250 KB) the markup does not need. Undefined without a built landing page.
 */
export interface RenderedShell {
  html: string;
  /** The boot script, requesting the app's entry and these chunks besides the shell's. */
  boot(scripts: string[]): string;
  /** These stylesheets inline. */
  styles(hrefs: string[]): string;
}

export function loadRenderedShell(shell: string, webDist: string): RenderedShell | undefined {
  const landing = path.join(webDist, 'landing.html');
  if (!fs.existsSync(landing)) return undefined;
  const bootCode = /<script data-src="[^"]*" data-preload="[^"]*">([\s\S]*?)<\/script>/.exec(
    fs.readFileSync(landing, 'utf8'),
  )?.[1];
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (bootCode === undefined || !entry?.[1]) return undefined;
  const css = new Map<string, string>();
  // Read once per stylesheet; only the build's own files (hrefs come from the build's manifest).
  const inline = (href: string) => {
    let text = css.get(href);
    if (text === undefined) {
      const file = path.join(webDist, path.normalize(href));
      const found = file.startsWith(webDist) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      text = found.replaceAll('</style', '<\\/style');
      css.set(href, text);
    }
    return `<style>${text}</style>`;
  };
  const preloads: string[] = [];
  const html = shell
    // Marks a page drawn here: its controls wait for the app (apps/web/src/app/global.css).
    .replace('<html lang="en">', '<html lang="en" data-drawn>')
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(
      /<link rel="(?:stylesheet|preload" as="style)"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
      (_tag, href: string) => inline(href),
    );
  return {
    html,
    boot: (scripts) =>
      `<script data-src="${escapeHtml(entry[1] ?? '')}" data-preload="${escapeHtml([...preloads, ...scripts].join(' '))}">${bootCode}</script>`,
    styles: (hrefs) => hrefs.map(inline).join(''),
  };
}

/** Whether the browser reads English (or has not said): pages are drawn on the server in English. */
function readsEnglish(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie ?? '';
  const said = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return said === undefined || said === 'en';
}

/**
 * The page drawn on the server from its answers (page-render.ts) into the rendered shell, with the
 * answers as TanStack Query's state, which the browser hydrates the markup with. Without a render:
 * its chunks announced and its answers sent for the browser's first render.
 */
export async function pageBoot(
  request: FastifyRequest,
  {
    page,
    answers,
    assets,
    render,
    rendered: shell,
    url,
  }: {
    page: SharedPageName;
    /** The page's calls answered (pageAnswers). */
    answers: Map<string, string>;
    assets: Partial<PageAssets>;
    render: PageRenderer;
    rendered: RenderedShell | undefined;
    url: string;
  },
): Promise<PageBoot> {
  const drawn = shell && readsEnglish(request) ? await render(url, answers) : undefined;
  if (!shell || !drawn) {
    return { head: [assetHints(assets, page), answersBlock(answers)].join('\n    '), root: undefined };
  }
  const found = assets[page];
  const head = [
    shell.styles(found?.styles ?? []),
    `<script type="application/json" id="${SERVER_QUERY_STATE_ID}">${scriptSafeJson(drawn.queryState)}</script>`,
  ].join('\n    ');
  // React writes a page's <title> where the page renders it; the head has the page's title already.
  const markup = drawn.html.replace(/<title>[^<]*<\/title>/g, '');
  return { head, root: { markup, after: shell.boot(found?.scripts ?? []) } };
}
