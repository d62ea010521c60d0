// Bundles the API into one ESM file for `npm start`. npm dependencies stay external (they are
// installed next to it); the workspace package @app/domain is bundled because it ships .ts source.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const domainEntry = path.resolve(here, '../../packages/domain/src/index.ts');

/** `packages: 'external'` would also externalise @app/domain; resolve it to its source instead. */
const bundleWorkspaceDomain = {
  name: 'bundle-workspace-domain',
  setup(b) {
    b.onResolve({ filter: /^@app\/domain$/ }, () => ({ path: domainEntry }));
  },
};

fs.rmSync(outdir, { recursive: true, force: true });

try {
  await build({
    // The server, and `npm run backup` / `npm run restore` (decision 039).
    // make-template: what a first start copies (decision 035); run below, then removed.
    entryPoints: {
      server: path.join(here, 'src/server.ts'),
      'backup-cli': path.join(here, 'src/backup-cli.ts'),
      // The child process that encodes image variants (decision 042), next to server.js.
      'variant-encoder': path.join(here, 'src/modules/media/variant-encoder.ts'),
      'make-template': path.join(here, 'src/db/make-template.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // server.js itself holds only what listening takes; the rest loads in chunks after (server.ts).
    splitting: true,
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    plugins: [bundleWorkspaceDomain],
    // Some CommonJS dependencies call require(); ESM output has none unless we make one.
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
} catch {
  // esbuild has already printed the errors with their source locations.
  process.exit(1);
}

// db/client.ts looks for `<dir of bundle>/migrations/meta/_journal.json`.
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });

// modules/lookups/pincode-directory.ts reads `<dir of bundle>/pincodes.json` on first use.
fs.copyFileSync(path.join(here, 'src/modules/lookups/pincodes.json'), path.join(outdir, 'pincodes.json'));

// What a first start copies instead of making (decisions 035, 049): the migrated empty cluster of the
// embedded PostgreSQL (db/client.ts looks for `<dir of bundle>/pg-template`) and the demo images
// (seed/demo-images.ts).
const made = spawnSync(
  process.execPath,
  [path.join(outdir, 'make-template.js'), path.join(outdir, 'pg-template'), path.join(outdir, 'demo-images')],
  { stdio: 'inherit' },
);
if (made.status !== 0) process.exit(1);
for (const file of ['make-template.js', 'make-template.js.map']) fs.rmSync(path.join(outdir, file));

const size = fs.statSync(path.join(outdir, 'server.js')).size;
console.log(`apps/api/dist/server.js ${(size / 1024).toFixed(1)} kB (+ migrations)`);
