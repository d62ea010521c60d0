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

// The floor (issue 24): the API server started with BENCH_FLOOR=1 answers `/bench/floor/{bytes}`
// (GET or POST) by running one `select 1` through its own pool and sending a static JSON body of
// that many bytes. Every database route is measured beside the floor of its own answer's size, in
// the same run, on the same server: what the route costs beyond one round trip and its bytes.

/** Environment for startBuiltServer: the floor route exists only with it. */
export const FLOOR_ENV = { BENCH_FLOOR: '1' };

/**
 * A request maker answering the floor for the requests `next` makes: same method and body, a
 * static answer of `bytes` bytes.
 */
export const floorOf = (next, bytes) => () => {
  const r = next();
  return { ...r, path: `/bench/floor/${Math.round(bytes)}` };
};

/** Mean size in bytes of the bodies `next`'s requests get (`samples` of them), for the floor row. */
export async function bodyBytes(baseURL, next, samples = 30) {
  let total = 0;
  for (let i = 0; i < samples; i += 1) {
    const r = next();
    const res = await fetch(baseURL + r.path, requestInit(r));
    total += (await res.arrayBuffer()).byteLength;
  }
  return total / samples;
}

/** fetch options for `{ path, body?, headers? }` (a body means POST with JSON). */
export function requestInit(r) {
  return {
    method: r.method ?? (r.body ? 'POST' : 'GET'),
    headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
    body: r.body ? JSON.stringify(r.body) : undefined,
  };
}

/**
 * autocannon at `connections` for `duration` s, each request made by `next()` as `{ path, body?,
 * headers? }`. Returns req/s, p50 and p99 (ms), errors and the status codes seen.
 */
export async function loadRequests(baseURL, next, { connections, duration }) {
  const { default: autocannon } = await import('autocannon');
  const statuses = {};
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseURL,
        connections,
        duration,
        requests: [
          {
            setupRequest: (req) => {
              const r = next();
              const init = requestInit(r);
              return {
                ...req,
                method: init.method,
                path: r.path,
                headers: { ...req.headers, ...init.headers },
                ...(init.body ? { body: init.body } : { body: undefined }),
              };
            },
            onResponse: (status) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
            },
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
  });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.entries(statuses)
      .map(([code, n]) => `${code}:${n}`)
      .join(' '),
  };
}

/**
 * Measures each route right after the floor of its own answer's size, on the same server, and the
 * bare Fastify route once first: rows `{ name, rps, p50, p99, bytes, floor }`. `routes` is
 * `[name, next]` pairs, `next()` giving `{ path, body?, headers? }`.
 */
export async function measureWithFloor({ server, bare, routes, connections, duration, warmup, log, pid }) {
  const run = async (url, next) => {
    if (warmup > 0) await loadRequests(url, next, { connections, duration: warmup });
    const before = pid ? cpuSeconds(pid) : undefined;
    const result = await loadRequests(url, next, { connections, duration });
    if (!before) return result;
    const after = cpuSeconds(pid);
    // CPU time per request, of the server process and of every PostgreSQL process: unlike req/s it
    // holds when other work shares the machine, so the ratios to the floor are read from it too.
    const perRequest = (a, b) => (result.requests > 0 ? ((b - a) * 1e6) / result.requests : NaN);
    return {
      ...result,
      serverUs: perRequest(before.server, after.server),
      dbUs: perRequest(before.postgres, after.postgres),
    };
  };
  log?.(`bare Fastify route: ${connections} connections for ${duration} s...`);
  const bareRow = { name: 'bare Fastify route', ...(await run(bare.baseURL, () => ({ path: '/bare' }))) };
  const rows = [];
  for (const [name, next] of routes) {
    const bytes = await bodyBytes(server, next);
    log?.(`floor (${Math.round(bytes)} B), then ${name}: ${connections} connections for ${duration} s...`);
    const floor = await run(server, floorOf(next, bytes));
    rows.push({ name, bytes, ...(await run(server, next)), floor });
  }
  return { bare: bareRow, rows };
}

const CLOCK_TICKS = 100; // Linux USER_HZ: /proc's CPU times are counted in these

/** CPU seconds (user + system) used so far by process `pid` and by all PostgreSQL processes. */
export function cpuSeconds(pid) {
  const ticks = (statPath) => {
    try {
      const fields = fs.readFileSync(statPath, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        postgres += ticks(`/proc/${entry}/stat`);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { server: ticks(`/proc/${pid}/stat`) / CLOCK_TICKS, postgres: postgres / CLOCK_TICKS };
}

/** Prints measureWithFloor's rows: each beside bare Fastify and its own floor, with the ratios. */
export function floorTable({ bare, rows }) {
  const cpu = rows.some((r) => Number.isFinite(r.serverUs));
  table(
    [
      'route',
      'req/s',
      'x bare',
      'x floor',
      'p50 ms',
      'p99 ms',
      'p99 / floor p99',
      'floor req/s',
      'floor p99',
      'bytes',
      'errors',
      'statuses',
      // Server CPU per request beside the floor's; "x floor CPU" is floor / route, the share of the
      // floor's throughput the route would reach if the server's CPU were all that limited it.
      ...(cpu ? ['server µs/req', 'floor µs/req', 'x floor CPU', 'db µs/req', 'floor db µs/req'] : []),
    ],
    [
      [
        bare.name,
        fmt(bare.rps),
        '1.00',
        '-',
        fmt(bare.p50, 1),
        fmt(bare.p99, 1),
        '-',
        '-',
        '-',
        '-',
        bare.errors,
        bare.statuses,
        ...(cpu ? ['-', '-', '-', '-', '-'] : []),
      ],
      ...rows.map((r) => [
        r.name,
        fmt(r.rps),
        fmt(r.rps / bare.rps, 3),
        fmt(r.rps / r.floor.rps, 2),
        fmt(r.p50, 1),
        fmt(r.p99, 1),
        fmt(r.p99 / Math.max(r.floor.p99, 1), 1),
        fmt(r.floor.rps),
        fmt(r.floor.p99, 1),
        fmt(r.bytes),
        r.errors + r.floor.errors,
        r.statuses,
        ...(cpu
          ? [
              fmt(r.serverUs),
              fmt(r.floor.serverUs),
              fmt(r.floor.serverUs / r.serverUs, 2),
              fmt(r.dbUs),
              fmt(r.floor.dbUs),
            ]
          : []),
      ]),
    ],
  );
}
