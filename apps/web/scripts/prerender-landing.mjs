// Writes dist/landing.html: index.html with the landing page rendered into #root and its
// stylesheets inlined in the head, so `/` paints before its JavaScript arrives (LCP). The API
// serves it for `/` (apps/api/src/plugins/static-web.ts); main.tsx hydrates it.
// Runs after `vite build` and `vite build --ssr src/app/landing-prerender.tsx --outDir dist-ssr`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, 'dist-ssr');

const { render } = await import(pathToFileURL(path.join(ssrDir, 'landing-prerender.js')).href);
let body = render();
let html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// React writes the page's <title> into the markup; it belongs in the head, in place of the default.
const title = /<title>[^<]*<\/title>/.exec(body);
if (title) {
  body = body.replace(title[0], '');
  html = html.replace(/<title>[^<]*<\/title>/, title[0]);
}

// Link previews (WhatsApp, X, Facebook) run no JavaScript: the page's title and description go into
// Open Graph and Twitter tags too (issue 39). No og:url or image: those must be absolute, and the
// build does not know the address it will be served at.
const attr = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unescape = (text) =>
  text.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
const pageTitle = unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? 'Revuhub');
const pageDescription = unescape(/<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '');
const previewTags = [
  ['property', 'og:type', 'website'],
  ['property', 'og:site_name', 'Revuhub'],
  ['property', 'og:title', pageTitle],
  ['property', 'og:description', pageDescription],
  ['name', 'twitter:card', 'summary'],
  ['name', 'twitter:title', pageTitle],
  ['name', 'twitter:description', pageDescription],
]
  .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${attr(value)}" />`)
  .join('\n    ');
html = html.replace('</head>', `\n    ${previewTags}\n  </head>`);

// The page's stylesheets (about 10 KB) go inline: the first paint then needs the HTML alone, not
// three more round trips. (When the landing chunk runs, Vite adds its stylesheets again as links:
// after the paint, a few kilobytes.)
html = html.replace(
  /<link rel="(?:stylesheet|preload" as="style)"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  (_tag, href) => {
    const css = fs.readFileSync(path.join(dist, href), 'utf8').replaceAll('</style', '<\\/style');
    return `<style>${css}</style>`;
  },
);

// The HTML is the content now; the scripts only add the headline animation, the menu toggle, the
// latest reviews and the app links. They are requested after the first paint, by a small inline
// script at the end of the body, so they never compete with it for the phone's bandwidth. The API
// allows that script by its hash (apps/api/src/plugins/static-web.ts), not with 'unsafe-inline'.
const scripts = [];
html = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src) => {
  scripts.push(src);
  return '';
});
const preloads = [];
html = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href) => {
  if (!preloads.includes(href)) preloads.push(href);
  return '';
});
if (scripts.length !== 1)
  throw new Error(`dist/index.html should load one entry script, found ${scripts.length}`);
// The links go in four to a task: appending a page's forty-odd `modulepreload` links in one task
// held a slow phone's main thread for over 100 ms (Lighthouse's Total Blocking Time).
const boot =
  "(()=>{const d=document,b=d.currentScript.dataset,add=(e)=>d.head.append(e),hs=b.preload.split(' ').filter(Boolean);" +
  "const more=()=>{for(const h of hs.splice(0,4)){const l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;add(l)}if(hs.length)setTimeout(more)};" +
  'requestAnimationFrame(()=>setTimeout(()=>{' +
  "const s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=b.src;add(s);more()}))})()";
const bootTag = `<script data-src="${scripts[0]}" data-preload="${preloads.join(' ')}">${boot}</script>`;

if (!html.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
// The boot script goes after #root, where the whole page has been parsed before it runs.
html = html.replace('<div id="root"></div>', `<div id="root">${body}</div>${bootTag}`);

const out = path.join(dist, 'landing.html');
fs.writeFileSync(out, html);
// The same pre-compressed siblings the rest of the build has (vite.config.ts, precompress).
fs.writeFileSync(`${out}.gz`, zlib.gzipSync(html, { level: 9 }));
fs.writeFileSync(
  `${out}.br`,
  zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
);
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered / into ${path.relative(webRoot, out)} (${(html.length / 1024).toFixed(1)} KB)`);
