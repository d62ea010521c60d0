import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * The `<head>` of pages the server renders for crawlers and link previews (posts, stores, products):
 * WhatsApp, search engines and social apps run no JavaScript, so a page's title, description,
 * canonical address, preview image and structured data must be in the HTML it is served with.
 */

export const SITE_NAME = 'Revuhub';
const DESCRIPTION_MAX = 200;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line of at most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** An absolute address for a stored file's URL ('/media/…' or already absolute). */
export function absoluteUrl(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, base).toString();
  } catch {
    return undefined;
  }
}

export interface PageHead {
  title: string;
  description: string;
  /** The absolute canonical address of the page. */
  canonical: string;
  /** Open Graph type: `article` for posts, `website` for stores, `product` for products. */
  type: 'article' | 'website' | 'product';
  image?: string | undefined;
  /** Pages search engines must leave out (pending stores, private or held posts). */
  noindex?: boolean;
  /** schema.org objects, written as JSON-LD. */
  structuredData?: object[];
}

/**
 * JSON-LD inside `<script>`: `<` is written as its escape so no text a user typed can close the
 * script element (`</script>`) or open a comment; JSON parsers read the escape back.
 */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(data))}</script>`;
}

/** JSON text that can sit inside a `<script>` element: `<` and the JavaScript line separators escaped. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The HTML file every path but `/` boots from: app.html announces the router app's chunks
 * (apps/web/scripts/write-app-shell.mjs); index.html where the build has none.
 */
export function appShellFile(webDist: string): 'app.html' | 'index.html' {
  return fs.existsSync(path.join(webDist, 'app.html')) ? 'app.html' : 'index.html';
}

/** Title, description, canonical, Open Graph and Twitter tags and JSON-LD; every value escaped. */
export function headTags(head: PageHead): string {
  const title = clip(head.title, 120);
  const description = clip(head.description, DESCRIPTION_MAX);
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', head.type],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', head.canonical],
    ['name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (head.image) tags.push(['property', 'og:image', head.image], ['name', 'twitter:image', head.image]);
  if (head.noindex) tags.push(['name', 'robots', 'noindex']);
  return [
    `<title>${escapeHtml(`${title} | ${SITE_NAME}`)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(head.structuredData ?? []).map(jsonLdScript),
  ].join('\n    ');
}

/** The head of a page that does not exist or must not be previewed: a title, and no indexing. */
export function notFoundHead(title: string): string {
  return `<title>${escapeHtml(`${title} | ${SITE_NAME}`)}</title>\n    <meta name="robots" content="noindex" />`;
}

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body></body></html>';

/**
 * The built web app's index.html without its own title, description and canonical, which each
 * page's tags replace; a bare document when the web app is not built (the API alone, in tests).
 */
export function loadShell(webDist: string): string {
  const file = path.join(webDist, appShellFile(webDist));
  if (!fs.existsSync(file)) return FALLBACK_SHELL;
  return fs
    .readFileSync(file, 'utf8')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace(/<link\s+rel="canonical"[\s\S]*?\/?>/, '');
}

/** A page drawn on the server (modules/site/page-boot.ts): #root's markup, and what follows #root. */
export interface DrawnRoot {
  markup: string;
  after: string;
}

/**
 * Sends the web app with `head` in it; the app then takes over in the browser. Like index.html
 * (plugins/static-web.ts) it is revalidated on every visit, by an ETag of the page: a deploy or an
 * edit shows at once, and an unchanged page costs a 304.
 */
export function sendPage(reply: FastifyReply, shell: string, head: string, status = 200, root?: DrawnRoot) {
  let body = shell.replace('</head>', `  ${head}\n  </head>`);
  // A replacer function, so a `$` in the markup is taken as it is.
  if (root)
    body = body.replace('<div id="root"></div>', () => `<div id="root">${root.markup}</div>${root.after}`);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (status !== 200) return reply.status(status).send(body);
  reply.header('etag', etag);
  const asked = reply.request.headers['if-none-match'];
  if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.status(200).send(body);
}
