// Writes dist/app.html and dist/page-assets.json from Vite's manifest (dist/.vite/manifest.json).
//
// index.html announces the landing page's chunks (vite.config.ts, preloadLandingChunks), which only
// `/` runs. Every other path boots the router app, whose chunks were found one level at a time:
// main.tsx, then router-entry, then the data routes, then the page, then the page's own imports.
// On a phone (150 ms a round trip) that chain was most of a shared page's time to first content.
//
// - app.html is index.html announcing the router app's chunks instead; the API serves it for every
//   path but `/` (apps/api/src/plugins/static-web.ts).
// - page-assets.json lists, for each page people share (a post, a store, a product), the chunks and
//   stylesheets its route loads beyond the router app's; the API announces them in that page's
//   HTML (apps/api/src/modules/site/shared-pages.ts), so the whole chain downloads at once.
//
// Runs after `vite build` (which writes the manifest); removes the manifest when done.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

/** @type {Record<string, { file: string, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The chunks and stylesheets a module needs before it runs: itself and its static imports. */
function closure(/** @type {string[]} */ keys) {
  const scripts = new Set();
  const styles = new Set();
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { scripts, styles };
}

const entry = closure(['index.html']);
// router-entry.tsx starts the app's modules one group at a time (each a dynamic import): all of
// them are announced at once, so the browser fetches them together.
// (data-routes.tsx is a page's, announced with the page's own chunks below.)
const routerEntry = 'src/app/router-entry.tsx';
const routerApp = closure([
  routerEntry,
  ...(manifest[routerEntry]?.dynamicImports ?? []).filter((key) => key !== 'src/app/data-routes.tsx'),
]);
const minus = (/** @type {Set<string>} */ set, /** @type {Set<string>} */ known) =>
  [...set].filter((item) => !known.has(item));

// The pages the API renders a head for, each with the data-routes layout (TanStack Query) above it.
const sharedPages = {
  post: 'src/features/reviews/pages/post-page.tsx',
  store: 'src/features/sellers/pages/view-store-page.tsx',
  product: 'src/features/catalogue/pages/product-page.tsx',
  question: 'src/features/queries/pages/question-page.tsx',
};
const known = new Set([...entry.scripts, ...entry.styles, ...routerApp.scripts, ...routerApp.styles]);
const pageAssets = Object.fromEntries(
  Object.entries(sharedPages).map(([name, source]) => {
    const page = closure(['src/app/data-routes.tsx', source]);
    return [name, { scripts: minus(page.scripts, known), styles: minus(page.styles, known) }];
  }),
);

// app.html: index.html without the landing page's hints, with the router app's.
let html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const before = html.length;
html = html
  .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
  .replace(/\s*<link rel="preload" as="style" crossorigin href="[^"]+">/g, '');
if (html.length === before) throw new Error('dist/index.html announces no landing chunks any more');
const hints = [
  ...minus(routerApp.scripts, entry.scripts).map(
    (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
  ),
  ...minus(routerApp.styles, entry.styles).map(
    (href) => `<link rel="preload" as="style" crossorigin href="${href}">`,
  ),
];
html = html.replace('</head>', `  ${hints.join('\n    ')}\n  </head>`);

const write = (/** @type {string} */ name, /** @type {string} */ body) => {
  const file = path.join(dist, name);
  fs.writeFileSync(file, body);
  // The same pre-compressed siblings the rest of the build has (vite.config.ts, precompress).
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
};
write('app.html', html);
fs.writeFileSync(path.join(dist, 'page-assets.json'), `${JSON.stringify(pageAssets, null, 2)}\n`);
// Only this script reads the manifest; it is not served.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
console.log(
  `wrote app.html (${hints.length} hints) and page-assets.json (${Object.entries(pageAssets)
    .map(([name, a]) => `${name}: ${a.scripts.length} scripts, ${a.styles.length} styles`)
    .join('; ')})`,
);
