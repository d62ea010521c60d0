// What the benchmarks share: their command line, a throw-away PostgreSQL database, the bare
// Fastify yardstick in its own process, and the table they print.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { repoRoot, serverEntry } from '../scripts/built-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `--skip-pglite` sets `pglite: false`; `--some-name value` sets `someName` when `defaults` has
 * that key (a number when its default is one). Anything else is an error, so a typo never runs a
 * benchmark with the wrong settings.
 */
export function parseArgs(argv, defaults) {
  const opts = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--skip-pglite' && 'pglite' in opts) {
      opts.pglite = false;
      continue;
    }
    const key = arg.replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!arg.startsWith('--') || !(key in opts)) throw new Error(`unknown argument ${arg}`);
    const value = argv[(i += 1)];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    opts[key] = typeof defaults[key] === 'number' ? Number(value) : value;
  }
  return opts;
}

/** Builds the app once when `npm run build` has not been run yet. */
export function ensureBuilt() {
  if (fs.existsSync(serverEntry)) return;
  const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/**
 * A PGlite database on disk, as `{exec, query}`; closed after `fn`. With the extensions the app
 * loads (apps/api/src/db/client.ts): the store locator's triggers call them on every write to shops
 * and products.
 */
export async function withPglite(dir, fn) {
  const db = await PGlite.create(dir, { extensions: { cube, earthdistance, btree_gist, pg_trgm } });
  try {
    return await fn({ exec: (q) => db.exec(q), query: (q) => db.query(q).then((r) => r.rows) });
  } finally {
    await db.close();
  }
}

/** One PostgreSQL connection, as `{exec, query}`; closed after `fn`. */
export async function withPg(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn({ exec: (q) => client.query(q), query: (q) => client.query(q).then((r) => r.rows) });
  } finally {
    await client.end();
  }
}

/** A fresh database `<prefix>_<random>` on the server of `serverUrl`, dropped after `fn(url)`. */
export async function withPostgresDatabase(serverUrl, prefix, fn) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withPg(serverUrl, (db) => db.exec(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await withPg(serverUrl, (db) => db.exec(`drop database if exists ${name} with (force)`));
  }
}

/**
 * The yardstick: `bare-server.mjs` (GET, a small JSON object) or `bare-fastify.mjs` (POST /bare,
 * echoing a JSON body) in its own process, as the app runs in its own. With `env.DATABASE_URL`
 * it also serves the floor route `/bare-pg` (one `select 1`).
 */
export function startBare(script = 'bare-server.mjs', env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, script)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    child.stdout.once('data', (d) => {
      const said = String(d).trim();
      resolve({ child, baseURL: /^\d+$/.test(said) ? `http://127.0.0.1:${said}` : said });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

export const fmt = (n, digits = 0) =>
  n === undefined
    ? '-'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A plain-text table; the first `textColumns` columns are left-aligned, the rest right-aligned. */
export function table(headers, rows, textColumns = 1) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i < textColumns ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
