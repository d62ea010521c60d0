import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes a brotli and a gzip copy next to every text file of the build; the API's static plugin
 * sends them to browsers that accept them (`preCompressed`), so pages load compressed bytes
 * without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    // Not for the build-time render of the landing page (`--ssr`), which is never served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * main.tsx imports the landing bootstrap dynamically, so by default its chunks are only requested
 * after the entry (React, the largest file) has downloaded and run. Announcing them in index.html
 * lets the browser fetch them in parallel, which is most of the landing page's time to first paint.
 * Other paths fetch these few kilobytes without using them; the CSP forbids an inline script that
 * could add the hints for `/` only.
 */
function preloadLandingChunks(): Plugin {
  return {
    name: 'preload-landing-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const landing = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId?.endsWith('/src/app/landing-entry.tsx'),
        );
        if (!landing || landing.type !== 'chunk') return [];
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const item = bundle[fileName];
          if (!item || item.type !== 'chunk' || scripts.has(fileName) || fileName === entry.fileName) return;
          scripts.add(fileName);
          for (const css of item.viteMetadata?.importedCss ?? []) styles.add(css);
          item.imports.forEach(visit);
        };
        visit(landing.fileName);
        return [
          ...[...scripts].map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          })),
          ...[...styles].map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}

const icon192 = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

/** The web app manifest: English, as installed from an English page. */
const englishManifest = {
  // One app in both languages: the Hindi manifest has the same id, so installing from a Hindi
  // page is the same app, only named and described in Hindi.
  id: '/',
  name: 'Revuhub',
  short_name: 'Revuhub',
  description:
    'Ask about brands, stores, creators and service providers, read honest reviews, find nearby stores and buy what was reviewed.',
  lang: 'en-IN',
  dir: 'ltr' as const,
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  theme_color: '#1f4e96',
  background_color: '#ffffff',
  icons: [
    icon192,
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Ask',
      short_name: 'Ask',
      description: 'Ask a question about a brand, store or service',
      url: '/askquery',
      icons: [icon192],
    },
    {
      name: 'Store Locator',
      short_name: 'Stores',
      description: 'Find stores near you',
      url: '/storelocator',
      icons: [icon192],
    },
  ],
};

/**
 * The same manifest in Hindi (issue 26, decision 044), written beside it as
 * manifest-hi.webmanifest; src/lib/i18n/language.ts points `<link rel="manifest">` at it while the
 * page is in Hindi, so a Hindi reader installs "Revuhub" with Hindi description and shortcuts. The
 * start URL stays `/`: the app opens in the language last chosen, which the browser remembers.
 */
function hindiManifest(): Plugin {
  const [ask, stores] = englishManifest.shortcuts;
  const manifest = {
    ...englishManifest,
    description:
      'ब्रांड, स्टोर, क्रिएटर और सर्विस देने वालों के बारे में पूछें, सच्ची समीक्षाएँ पढ़ें, पास के स्टोर ढूँढें और समीक्षा में दिखा सामान ख़रीदें।',
    lang: 'hi-IN',
    shortcuts: [
      { ...ask, name: 'पूछें', short_name: 'पूछें', description: 'किसी ब्रांड, स्टोर या सर्विस के बारे में सवाल पूछें' },
      { ...stores, name: 'स्टोर लोकेटर', short_name: 'स्टोर', description: 'अपने पास के स्टोर ढूँढें' },
    ],
  };
  return {
    name: 'hindi-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest-hi.webmanifest',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

/**
 * The web app manifest and the service worker (src/service-worker/sw.ts, with Workbox): installable,
 * hashed assets precached, pages network-first with an offline page. Registered by
 * src/lib/service-worker.ts, which offers a new build with an "Update" banner.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: englishManifest,
    injectManifest: {
      // Hashed assets and the offline page; pages themselves are cached as they are visited.
      globPatterns: ['assets/**/*.{js,css,woff2,svg,png,webp}', 'offline.html', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['**/*.map', '**/*.gz', '**/*.br'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    preloadLandingChunks(),
    precompress(),
    ...(isSsrBuild ? [] : [installableApp(), hindiManifest()]),
  ],
  // The server-side render of shared pages (src/app/shared-page-render.tsx) runs inside the API's
  // process: it is built with its libraries in it, as the browser's build is, and as React's
  // production build whatever the API's NODE_ENV (the development build renders several times
  // slower). Unbundled, i18next-icu's default import of the CommonJS intl-messageformat was not its
  // class in Node either, and every ICU message stayed unformatted.
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  // The server-side build is code, not a site: the public folder is not copied into it.
  ...(isSsrBuild ? { publicDir: false as const } : {}),
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    outDir: 'dist',
    // Maps are written for debugging a build but not linked from the bundles, and the server refuses
    // to send *.map (apps/api/src/plugins/static-web.ts): the original sources are not public.
    sourcemap: isSsrBuild ? false : 'hidden',
    // Read by scripts/write-app-shell.mjs (which chunks each page needs), then removed.
    manifest: !isSsrBuild,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // zod's core and its classic API in chunks of their own, evaluated in two turns on a page
        // drawn on the server (src/app/announced-chunks.ts): as one chunk with the schemas of the
        // API client, its evaluation alone was a long task on a phone.
        codeSplitting: {
          groups: [
            { name: 'zod-core', test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/, priority: 2 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
      treeshake: {
        // The shared domain package only declares schemas and constants. Marking it free of side
        // effects lets a page that needs one constant skip every zod schema (and zod itself).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
