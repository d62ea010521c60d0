// Benchmarks of the built app against a bare Fastify server started in the same run: cold start,
// throughput and latency of public reads (each also as a fraction of bare Fastify's requests/s),
// statements sent to the database per request, resident memory at rest and after load, and the
// gzipped JavaScript the home page loads. Usage:
//   npm run bench                                    the embedded PostgreSQL (the server's own, decision 049)
//   npm run bench -- -- --postgres postgres://...    also on an outside PostgreSQL (a fresh database on it)
//   node bench/run.mjs --duration 5 --connections 20
//   node bench/run.mjs --profile .test-output/cpu     write a CPU profile of each server (node --cpu-prof)
// (The root script forwards to the workspace, hence the second `--` when going through npm.)
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { repoRoot as root, serverEntry, startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import {
  cpuSeconds,
  fmt,
  memoryMb,
  parseArgs,
  rssMb,
  statementsSoFar,
  table,
  withPostgresDatabase,
} from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webIndex = path.join(root, 'apps/web/dist/index.html');

/**
 * What is measured on each database. `revalidate` sends the ETag of a first answer back in
 * If-None-Match, as a browser does on a reload; `gzip` asks for a compressed answer like a browser.
 */
const ENDPOINTS = [
  { name: '/api/health', path: '/api/health' },
  { name: '/api/states/getAllStates', path: '/api/states/getAllStates' },
  { name: '/api/category/getAllParentCategory', path: '/api/category/getAllParentCategory' },
  {
    name: '/api/category/getAllParentCategory (gzip)',
    path: '/api/category/getAllParentCategory',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  { name: '/api/states/getAllStates (If-None-Match)', path: '/api/states/getAllStates', revalidate: true },
  { name: '/api/site/settings', path: '/api/site/settings' },
  ...appEntryEndpoint(),
];

/**
 * The web app's entry script as a browser fetches it on a first visit, brotli accepted: one of the
 * build's hashed files (apps/api/src/plugins/hashed-assets.ts). None when the web app is not built.
 */
function appEntryEndpoint() {
  if (!fs.existsSync(webIndex)) return [];
  const html = fs.readFileSync(webIndex, 'utf8');
  const src = /<script\b[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) return [];
  return [
    { name: '/assets/<entry>.js (br)', path: src, headers: { 'accept-encoding': 'gzip, deflate, br' } },
  ];
}

/**
 * Production server on a fresh port, with the statement counter preloaded; the global rate limit
 * is lifted so the load (one client address) is not refused.
 */
function startServer({ dataDir, databaseUrl, statementsFile, profileDir }) {
  const nodeArgs = ['--import', path.join(here, 'count-statements.mjs')];
  if (profileDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', profileDir);
  return startBuiltServer({
    dataDir,
    databaseUrl,
    admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
    // Logging at production's level, so its cost is in the figures.
    env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'info', BENCH_STATEMENTS_FILE: statementsFile },
    captureOutput: true,
    nodeArgs,
  });
}

/** The bare Fastify yardstick, in its own process like the app. */
async function startBareFastify() {
  const child = fork(path.join(here, 'bare-fastify.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function load(url, { connections, duration, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function summary(r) {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    statuses: ['2xx', '3xx', '4xx', '5xx'].filter((k) => r[k] > 0).join('+') || '-',
    total: r.requests.total,
    bytes: r.throughput.total / Math.max(1, r.requests.total),
  };
}

/**
 * `load` of process `pid`, with the CPU time (user + system, from /proc) it cost that process per
 * request: on a shared machine req/s moves with whatever else runs, CPU per request much less.
 */
async function loadWithCpu(pid, url, opts) {
  const before = cpuSeconds(pid).server;
  const r = await load(url, opts);
  const cpuUs = ((cpuSeconds(pid).server - before) * 1e6) / Math.max(1, r.requests.total);
  return { ...summary(r), cpuUs };
}

/**
 * Bare Fastify is measured again right before each endpoint, so each ratio compares two runs a few
 * seconds apart: on a shared machine the load from other work changes by the minute.
 */
async function measureEndpoints(server, opts, statementsFile) {
  const bare = await startBareFastify();
  try {
    const bareUrl = `${bare.baseURL}/health`;
    if (opts.warmup > 0) await load(bareUrl, { ...opts, duration: opts.warmup });
    const rows = [];
    for (const endpoint of ENDPOINTS) {
      const yardstick = await loadWithCpu(bare.pid, bareUrl, { ...opts, duration: opts.bareDuration });
      rows.push({ ...(await measureEndpoint(server, endpoint, opts, statementsFile)), bare: yardstick });
    }
    return rows;
  } finally {
    await bare.stop();
  }
}

async function measureEndpoint(server, endpoint, opts, statementsFile) {
  const url = server.baseURL + endpoint.path;
  const headers = { ...endpoint.headers };
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) {
    return { endpoint: endpoint.name, note: `GET answered ${probe.status}; skipped` };
  }
  if (endpoint.revalidate) {
    const etag = probe.headers.get('etag');
    if (!etag) {
      return { endpoint: endpoint.name, note: 'no ETag sent; skipped' };
    }
    headers['if-none-match'] = etag;
  }
  if (opts.warmup > 0) await load(url, { ...opts, headers, duration: opts.warmup });
  const before = await statementsSoFar(server.child.pid, statementsFile);
  const r = await loadWithCpu(server.child.pid, url, { ...opts, headers });
  const after = await statementsSoFar(server.child.pid, statementsFile);
  const statements = before === undefined || after === undefined ? undefined : after - before;
  return {
    endpoint: endpoint.name,
    ...r,
    perRequest: statements === undefined ? undefined : statements / r.total,
  };
}

/** gzip -9 size of every script and modulepreload the built index.html references. */
function homeJavaScriptSize() {
  if (!fs.existsSync(webIndex)) return undefined;
  const html = fs.readFileSync(webIndex, 'utf8');
  const assets = new Set();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (src) assets.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/\srel="modulepreload"/.test(tag)) continue;
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href) assets.add(href);
  }
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const asset of assets) {
    if (/^https?:/.test(asset)) continue;
    const file = path.join(path.dirname(webIndex), asset.replace(/^\//, ''));
    const body = fs.readFileSync(file);
    const zipped = zlib.gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += zipped;
    files.push({ asset, gzip: zipped });
  }
  return { raw, gzip, files };
}

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const statementsFile = path.join(dataDir, 'statements');
  try {
    console.log(`\n[${label}] first start on an empty database (migrations + demo seed)...`);
    const first = await startServer({ dataDir, databaseUrl, statementsFile });
    await stopServer(first.child);

    console.log(`[${label}] second start on the same database (cold start)...`);
    const profileDir = opts.profile && path.join(opts.profile, label.toLowerCase());
    const server = await startServer({ dataDir, databaseUrl, statementsFile, profileDir });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      // The server's RSS as before; on the embedded rows also the PSS of its PostgreSQL (lib.mjs).
      const pgDir = databaseUrl ? undefined : dataDir;
      const rssAtRest = rssMb(server.child.pid);
      const postgresAtRest = pgDir && memoryMb(server.child.pid, pgDir).postgres;
      console.log(
        `[${label}] load: ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s per endpoint...`,
      );
      const endpoints = await measureEndpoints(server, opts, statementsFile);
      const rssAfterLoad = rssMb(server.child.pid);
      const postgresAfterLoad = pgDir && memoryMb(server.child.pid, pgDir).postgres;
      return {
        label,
        firstStartMs: first.startMs,
        firstReadyMs: first.readyMs,
        secondStartMs: server.startMs,
        secondReadyMs: server.readyMs,
        endpoints,
        rssAtRest,
        rssAfterLoad,
        postgresAtRest,
        postgresAfterLoad,
      };
    } finally {
      await stopServer(server.child);
      if (profileDir) console.log(`[${label}] CPU profile written to ${profileDir}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'npm run bench -- [--postgres URL] [--skip-embedded] [--duration s] [--warmup s] [--bare-duration s] [--connections n] [--profile dir] [--hot-reads on|off] [--embedded on|off] [--posts n] [--stores n]',
    );
    return;
  }
  const opts = parseArgs(process.argv.slice(2), {
    postgres: undefined,
    // `--skip-embedded` (or `--skip-pglite`): only the outside PostgreSQL's rows (with --postgres).
    skipEmbedded: false,
    duration: 5,
    warmup: 1,
    bareDuration: 3,
    connections: 50,
    profile: undefined,
    // With --postgres: the hot reads (issue 24) beside their floor routes, at these sizes.
    hotReads: 'on',
    // The embedded default's start and memory bench (bench/embedded.mjs) at the end; `off` skips it
    // (independent of --skip-embedded, which leaves out the embedded rows of the tables above).
    embedded: 'on',
    posts: 1_000_000,
    stores: 1_000_000,
  });
  if (opts.profile) opts.profile = path.resolve(opts.profile);
  if (!fs.existsSync(serverEntry) || !fs.existsSync(webIndex)) {
    console.log('No build found; running `npm run build`...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }

  const startedAt = performance.now();
  const results = opts.skipEmbedded ? [] : [await benchDatabase('embedded', opts)];
  if (opts.postgres) {
    results.push(
      await withPostgresDatabase(opts.postgres, 'bench', (url) => benchDatabase('PostgreSQL', opts, url)),
    );
  }

  console.log(
    `\nRevuhub benchmark: ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}, ` +
      `${fmt((performance.now() - startedAt) / 1000)} s`,
  );
  console.log(
    "\nCold start (spawn -> first 200 from /api/health / from /api/ready, the app serving), the server's " +
      "resident memory (VmRSS) and, on the embedded rows, its PostgreSQL's (PSS of the postmaster and its children)",
  );
  const mb = (n) => (n === undefined ? '-' : `${fmt(n, 1)} MB`);
  table(
    [
      'database',
      'first start (empty: migrate + seed)',
      'start on existing data',
      'RSS at rest',
      'RSS after load',
      'PostgreSQL PSS at rest',
      'after load',
    ],
    results.map((r) => [
      r.label,
      `${fmt(r.firstStartMs)} / ${fmt(r.firstReadyMs)} ms`,
      `${fmt(r.secondStartMs)} / ${fmt(r.secondReadyMs)} ms`,
      mb(r.rssAtRest),
      mb(r.rssAfterLoad),
      mb(r.postgresAtRest),
      mb(r.postgresAfterLoad),
    ]),
  );

  console.log(
    `\nThroughput (${opts.connections} connections, ${opts.duration} s after ${opts.warmup} s warm-up). ` +
      `"bare" is bare Fastify GET /health measured for ${opts.bareDuration} s just before each row, ` +
      'in the same run; "of bare" is the row\'s req/s as a fraction of it. "µs/req" is the CPU time each request ' +
      "cost the server process (bare Fastify's beside it), and \"x bare CPU\" bare's µs over the row's: steadier " +
      'than req/s when other work shares the machine.',
  );
  table(
    [
      'database',
      'endpoint',
      'req/s',
      'bare',
      'of bare',
      'p50 ms',
      'p99 ms',
      'bytes',
      'status',
      'errors',
      'stmts/req',
      'µs/req',
      'bare µs/req',
      'x bare CPU',
    ],
    results.flatMap((r) =>
      r.endpoints.map((e) =>
        e.note
          ? [r.label, e.endpoint, e.note, '', '', '', '', '', '', '', '', '', '', '']
          : [
              r.label,
              e.endpoint,
              fmt(e.rps),
              fmt(e.bare.rps),
              `${fmt((100 * e.rps) / e.bare.rps)}%`,
              fmt(e.p50, 1),
              fmt(e.p99, 1),
              fmt(e.bytes),
              e.statuses,
              fmt(e.errors),
              e.perRequest === undefined ? '-' : fmt(e.perRequest, 2),
              fmt(e.cpuUs),
              fmt(e.bare.cpuUs),
              fmt(e.bare.cpuUs / e.cpuUs, 2),
            ],
      ),
    ),
    2,
  );

  const size = homeJavaScriptSize();
  console.log('\nJavaScript loaded by / (scripts + modulepreloads in apps/web/dist/index.html, gzip -9)');
  if (!size) console.log('apps/web/dist/index.html not found');
  else {
    table(
      ['asset', 'gzip'],
      [
        ...size.files.map((f) => [f.asset, `${fmt(f.gzip / 1024, 1)} kB`]),
        ['total', `${fmt(size.gzip / 1024, 1)} kB (raw ${fmt(size.raw / 1024, 1)} kB)`],
      ],
    );
  }

  // The embedded default's start times and memory under a minute of mixed load (bench/embedded.mjs).
  if (opts.embedded !== 'off') {
    const embedded = spawnSync(process.execPath, [path.join(here, 'embedded.mjs'), '--starts', '1'], {
      stdio: 'inherit',
    });
    if (embedded.status !== 0) throw new Error('bench/embedded.mjs failed');
  }

  // The hot reads on PostgreSQL, each row beside bare Fastify and the floor route of its own size
  // (bench/lib.mjs): the catalogue and product reads, the feed and Similar Responses at `--posts`,
  // the nearby searches at `--stores` (10 clients) and the header search. Seeding a million rows
  // takes minutes; `--hot-reads off` skips them, smaller `--posts`/`--stores` shorten them.
  if (opts.postgres && opts.hotReads !== 'off') {
    const child = (args) => {
      const ran = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
      if (ran.status !== 0) throw new Error(`${args.join(' ')} failed`);
    };
    const pg = ['--skip-embedded', '--postgres', opts.postgres];
    const timing = ['--duration', String(opts.duration), '--warmup', String(opts.warmup)];
    child([path.join(here, 'catalogue.mjs'), ...pg, ...timing, '--connections', String(opts.connections)]);
    child([
      path.join(here, 'posts.mjs'),
      ...pg,
      ...timing,
      '--posts',
      String(opts.posts),
      '--connections',
      String(opts.connections),
      '--only',
      'feed page 1,Similar',
    ]);
    child([
      path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(here, 'locator.mjs'),
      ...pg,
      ...timing,
      '--stores',
      String(opts.stores),
    ]);
    child([path.join(here, 'search.mjs'), ...pg, ...timing, '--only', 'one word,two words,Similar']);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
