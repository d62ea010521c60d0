// Benchmarks of the built app: cold start, throughput and latency of two public reads, memory after
// load, and the gzipped JavaScript the home page loads. Usage:
//   npm run bench                                    embedded PGlite database
//   npm run bench -- -- --postgres postgres://...    also on PostgreSQL (a fresh database on that server)
//   node bench/run.mjs --duration 5 --connections 20
// (The root script forwards to the workspace, hence the second `--` when going through npm.)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot as root, serverEntry, startBuiltServer, stopServer } from '../scripts/built-server.mjs';

const webIndex = path.join(root, 'apps/web/dist/index.html');

const ENDPOINTS = ['/api/states/getAllStates', '/api/category/getAllParentCategory'];

function parseArgs(argv) {
  const opts = { postgres: undefined, duration: 10, warmup: 2, connections: 50 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const v = argv[(i += 1)];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--postgres') opts.postgres = value();
    else if (arg === '--duration') opts.duration = Number(value());
    else if (arg === '--warmup') opts.warmup = Number(value());
    else if (arg === '--connections') opts.connections = Number(value());
    else if (arg === '--help' || arg === '-h') {
      console.log('npm run bench -- [--postgres URL] [--duration s] [--warmup s] [--connections n]');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

/** Production server on a fresh port; the rate limit is lifted so the load is not refused. */
function startServer({ dataDir, databaseUrl }) {
  return startBuiltServer({
    dataDir,
    databaseUrl,
    admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
    env: { RATE_LIMIT_PER_MINUTE: '100000000' },
    captureOutput: true,
  });
}

function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined; // not Linux
  }
}

function load(url, { connections, duration }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measureEndpoints(baseURL, opts) {
  const rows = [];
  for (const endpoint of ENDPOINTS) {
    const url = baseURL + endpoint;
    const probe = await fetch(url);
    if (probe.status !== 200) {
      rows.push({ endpoint, note: `GET answered ${probe.status}; skipped` });
      continue;
    }
    if (opts.warmup > 0) await load(url, { connections: opts.connections, duration: opts.warmup });
    const r = await load(url, { connections: opts.connections, duration: opts.duration });
    rows.push({
      endpoint,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      total: r.requests.total,
    });
  }
  return rows;
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

async function withPostgresDatabase(serverUrl, fn) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  try {
    console.log(`\n[${label}] first start on an empty database (migrations + demo seed)...`);
    const first = await startServer({ dataDir, databaseUrl });
    await stopServer(first.child);

    console.log(`[${label}] second start on the same database...`);
    const server = await startServer({ dataDir, databaseUrl });
    try {
      console.log(
        `[${label}] load: ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s per endpoint...`,
      );
      const endpoints = await measureEndpoints(server.baseURL, opts);
      const rss = rssMb(server.child.pid);
      return { label, firstStartMs: first.startMs, secondStartMs: server.startMs, endpoints, rss };
    } finally {
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n, digits = 0) =>
  n === undefined
    ? '-'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The first `textColumns` columns are left-aligned, the figures after them right-aligned. */
function table(headers, rows, textColumns = 1) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i < textColumns ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(serverEntry) || !fs.existsSync(webIndex)) {
    console.log('No build found; running `npm run build`...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }

  const results = [await benchDatabase('PGlite', opts)];
  if (opts.postgres) {
    results.push(await withPostgresDatabase(opts.postgres, (url) => benchDatabase('PostgreSQL', opts, url)));
  }

  console.log(
    `\nRevuhub benchmark: ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log('\nCold start (spawn -> first 200 from /api/health)');
  table(
    ['database', 'first start (empty: migrate + seed)', 'second start', 'RSS after load'],
    results.map((r) => [
      r.label,
      `${fmt(r.firstStartMs)} ms`,
      `${fmt(r.secondStartMs)} ms`,
      r.rss === undefined ? '-' : `${fmt(r.rss, 1)} MB`,
    ]),
  );

  console.log(
    `\nThroughput (${opts.connections} connections, ${opts.duration} s after ${opts.warmup} s warm-up)`,
  );
  table(
    ['database', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
    results.flatMap((r) =>
      r.endpoints.map((e) =>
        e.note
          ? [r.label, e.endpoint, e.note, '', '', '', '']
          : [r.label, e.endpoint, fmt(e.rps), fmt(e.p50, 1), fmt(e.p99, 1), fmt(e.errors), fmt(e.non2xx)],
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
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
