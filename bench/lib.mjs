// What the benchmarks share: their command line, a throw-away PostgreSQL database, the embedded
// PostgreSQL of a bench's data folder, the bare Fastify yardstick in its own process, the memory
// and CPU of the server and its database, and the table they print.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { repoRoot, serverEntry } from '../scripts/built-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The flag that leaves out the embedded rows; `--skip-pglite` is its name from before decision 049. */
export const isSkipEmbedded = (arg) => arg === '--skip-embedded' || arg === '--skip-pglite';

/**
 * `--skip-embedded` sets `skipEmbedded: true`; `--some-name value` sets `someName` when `defaults`
 * has that key (a number when its default is one). Anything else is an error, so a typo never runs
 * a benchmark with the wrong settings.
 */
export function parseArgs(argv, defaults) {
  const opts = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (isSkipEmbedded(arg) && 'skipEmbedded' in opts) {
      opts.skipEmbedded = true;
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
 * The embedded PostgreSQL of a bench's DATA_DIR (the cluster the built server made there), as
 * `{exec, query}` on one connection; stopped after `fn`. Only one process may hold DATA_DIR
 * (apps/api/src/db/embedded/server-lock.ts): the server on it must be stopped first, and is started
 * again after. The engine's code comes from the API's source through tsx, as the build bundles it
 * into the server and exports nothing of it.
 */
export async function withEmbedded(dataDir, fn) {
  const { tsImport } = await import('tsx/esm/api');
  const { startEmbeddedPostgres } = await tsImport(
    '../apps/api/src/db/embedded-postgres.ts',
    import.meta.url,
  );
  const embedded = await startEmbeddedPostgres({
    dataDir,
    tuning: 'server',
    // The account the server runs it as (EMBEDDED_PG_USER, when running as root).
    account: process.env.EMBEDDED_PG_USER,
    log: (message) => console.log(`[embedded PostgreSQL] ${message}`),
  });
  try {
    return await withPg(embedded.url, fn);
  } finally {
    await embedded.stop();
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
 * Runs `bench(label, url?)` on the databases the options name, and returns its results: the
 * database of `--seed-into` (seeded now, kept) or of `--seeded` (seeded earlier), else a scratch
 * database `<scratch>_<random>` on `--postgres`'s server; then the embedded one, unless
 * `--skip-embedded` or a seeded database was named.
 */
export async function benchDatabases(opts, scratch, bench) {
  const results = [];
  if (opts.seedInto) results.push(await bench('PostgreSQL (seeded now, kept)', opts.seedInto));
  else if (opts.seeded) results.push(await bench('PostgreSQL (seeded earlier)', opts.seeded));
  else if (opts.postgres) {
    results.push(await withPostgresDatabase(opts.postgres, scratch, (url) => bench('PostgreSQL', url)));
  }
  if (!opts.skipEmbedded && !opts.seeded && !opts.seedInto) results.push(await bench('embedded'));
  return results;
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
 * The statement counter (`count-statements.mjs`, as run.mjs preloads it) for a server started with
 * startBuiltServer: `nodeArgs` and `env` to start it with, and `count(pid)`, the statements it has
 * sent so far (undefined when it does not answer), for measureWithFloor's `statements`.
 */
export function statementCounter(dataDir) {
  const file = path.join(dataDir, 'statements');
  return {
    nodeArgs: ['--import', path.join(here, 'count-statements.mjs')],
    env: { BENCH_STATEMENTS_FILE: file },
    count: (pid) => statementsSoFar(pid, file),
  };
}

/** Statements server `pid` has sent so far: the preloaded counter writes them to `file` on SIGUSR2. */
export async function statementsSoFar(pid, file) {
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i += 1) {
    if (fs.existsSync(file)) {
      const text = fs.readFileSync(file, 'utf8');
      if (text !== '') return Number(text);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

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

/** The `q` quantile (0-1) of sorted `values`, the nearest rank; 0 for none. */
function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
}

/**
 * autocannon at `connections` for `duration` s, each request made by `next()` as `{ path, body?,
 * headers? }`. Returns req/s, p50 and p99 (ms), errors and the status codes seen.
 *
 * p50 and p99 are read from every 2xx answer's own time, to the microsecond: autocannon's histogram
 * keeps whole milliseconds, so a floor's p99 of 2.4 ms read as 2 and a route's 6.6 as 7, and their
 * ratio, which the targets are written in, moved by a third between two runs of the same code.
 */
export async function loadRequests(baseURL, next, { connections, duration }) {
  const { default: autocannon } = await import('autocannon');
  const statuses = {};
  const times = [];
  const result = await new Promise((resolve, reject) => {
    const run = autocannon(
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
    // As autocannon's histogram does, only answers of 2xx count (an error is not a latency).
    run.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.entries(statuses)
      .map(([code, n]) => `${code}:${n}`)
      .join(' '),
    // Kept so that slices of one row can be joined (measureWithFloor's `slices`).
    times,
    statusCounts: statuses,
    seconds: duration,
  };
}

/** One result of several loadRequests slices of the same requests: their sums, their times' p50/p99. */
function joinSlices(results) {
  const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
  const statusCounts = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.statusCounts))
      statusCounts[code] = (statusCounts[code] ?? 0) + n;
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  const requests = sum('requests');
  return {
    rps: requests / sum('seconds'),
    requests,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    errors: sum('errors'),
    non2xx: sum('non2xx'),
    statuses: Object.entries(statusCounts)
      .map(([code, n]) => `${code}:${n}`)
      .join(' '),
    times,
    statusCounts,
    seconds: sum('seconds'),
  };
}

/**
 * Measures each route right after the floor of its own answer's size, on the same server, and the
 * bare Fastify route once first: rows `{ name, rps, p50, p99, bytes, floor }`. `routes` is
 * `[name, next]` pairs, `next()` giving `{ path, body?, headers? }`, or `[name, next, floor]` with a
 * floor of its own (`floor(next, bytes)` as floorOf; the order floor of bench/orders.mjs);
 * `bareRoute` is `[name, next]` for bare Fastify (its GET /bare by default). With the server's
 * `pid` the rows also give CPU per request of the server and of PostgreSQL (cpuSeconds: the
 * embedded one below `pid`, or an outside server's `postmaster`). With `statements` (an async
 * function giving the statements the server has sent so far, statementCounter's `count`) the rows
 * and their floors also give `statements`, per request.
 *
 * With `slices` > 1 each row and its floor take turns, `duration / slices` seconds each, and their
 * figures are the sums of the turns: on these shared machines the speed moves over seconds (the same
 * build gave 0.55 and 0.80 x floor in two runs of 10 s after 10 s), and turns put each slow spell on
 * both sides. A row then also gives `sliceRatios`, its req/s over its floor's in each turn.
 */
export async function measureWithFloor({
  server,
  bare,
  routes,
  connections,
  duration,
  warmup,
  log,
  pid,
  postmaster,
  statements,
  bareRoute = ['bare Fastify route', () => ({ path: '/bare' })],
  slices = 1,
}) {
  /** One measured stretch of `seconds`, with what the server sent and the CPU it and PostgreSQL used. */
  const measure = async (url, next, seconds, onServer) => {
    // Read outside the CPU window: the signal and the file write are not the route's cost.
    const sentBefore = statements && onServer ? await statements() : undefined;
    const before = pid ? cpuSeconds(pid, postmaster) : undefined;
    const measured = await loadRequests(url, next, { connections, duration: seconds });
    const after = before ? cpuSeconds(pid, postmaster) : undefined;
    const sentAfter = sentBefore === undefined ? undefined : await statements();
    return {
      ...measured,
      sent: sentBefore === undefined || sentAfter === undefined ? undefined : sentAfter - sentBefore,
      cpu: before
        ? { server: after.server - before.server, postgres: after.postgres - before.postgres }
        : undefined,
    };
  };
  /** The slices' sums, as figures per request. */
  const summed = (parts) => {
    const joined = parts.length === 1 ? parts[0] : joinSlices(parts);
    const { requests } = joined;
    const total = (pick) => parts.reduce((sum, part) => sum + pick(part), 0);
    const result =
      parts[0].sent === undefined || requests === 0
        ? joined
        : { ...joined, statements: total((p) => p.sent) / requests };
    if (!parts[0].cpu) return result;
    // CPU time per request, of the server process and of PostgreSQL's processes: unlike req/s it
    // holds when other work shares the machine, so the ratios to the floor are read from it too.
    const perRequest = (seconds) => (requests > 0 ? (seconds * 1e6) / requests : NaN);
    return {
      ...result,
      serverUs: perRequest(total((p) => p.cpu.server)),
      dbUs: perRequest(total((p) => p.cpu.postgres)),
    };
  };
  const warm = (url, next) =>
    warmup > 0 ? loadRequests(url, next, { connections, duration: warmup }) : undefined;
  const [bareName, bareNext] = bareRoute;
  log?.(`${bareName}: ${connections} connections for ${duration} s...`);
  await warm(bare.baseURL, bareNext);
  const bareRow = { name: bareName, ...summed([await measure(bare.baseURL, bareNext, duration, false)]) };
  const rows = [];
  const turns = Math.max(1, Math.floor(slices));
  for (const [name, next, floorFor = floorOf] of routes) {
    const bytes = await bodyBytes(server, next);
    const floorNext = floorFor(next, bytes);
    log?.(
      `floor (${Math.round(bytes)} B), then ${name}: ${connections} connections for ${duration} s` +
        (turns > 1 ? ` each, in ${turns} turns...` : '...'),
    );
    await warm(server, floorNext);
    if (turns === 1) {
      const floor = summed([await measure(server, floorNext, duration, true)]);
      await warm(server, next);
      rows.push({ name, bytes, ...summed([await measure(server, next, duration, true)]), floor });
      continue;
    }
    await warm(server, next);
    const floorParts = [];
    const parts = [];
    for (let turn = 0; turn < turns; turn += 1) {
      floorParts.push(await measure(server, floorNext, duration / turns, true));
      parts.push(await measure(server, next, duration / turns, true));
    }
    const sliceRatios = parts.map((part, i) => part.requests / Math.max(1, floorParts[i].requests));
    rows.push({ name, bytes, ...summed(parts), floor: summed(floorParts), sliceRatios });
  }
  return { bare: bareRow, rows };
}

const CLOCK_TICKS = 100; // Linux USER_HZ: /proc's CPU times are counted in these

/**
 * Children of `pid`: from the `children` file of each of its threads in /proc/<pid>/task where the
 * kernel has it (a few small reads, cheap enough to sample every 100 ms beside a load), else by
 * scanning every process's parent.
 */
function childrenOf(pid) {
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone
  }
  const children = [];
  for (const task of tasks) {
    let text;
    try {
      text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT' && task === tasks[0]) return childrenByScan(pid);
      continue; // the thread ended between the listing and the read
    }
    for (const child of text.split(' ')) if (child.trim()) children.push(Number(child));
  }
  return children;
}

/** Children of `pid` from every process's parent in /proc/<pid>/stat. */
function childrenByScan(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return children;
}

/** `pid` and every process below it. */
function withDescendants(pid) {
  const all = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    all.push(next);
    queue.push(...childrenOf(next));
  }
  return all;
}

const commOf = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/**
 * The postmaster of the embedded cluster in `dataDir`, from line 1 of its postmaster.pid, when it is
 * running; the cluster is in DATA_DIR/pg, or where DATA_DIR/pg-location says (a root server whose
 * PostgreSQL account cannot enter DATA_DIR's parents).
 */
export function postmasterPid(dataDir) {
  let home = path.join(dataDir, 'pg');
  try {
    home = fs.readFileSync(path.join(dataDir, 'pg-location'), 'utf8').split('\n')[0].trim();
  } catch {
    // No pg-location: the cluster is in DATA_DIR/pg.
  }
  try {
    const pid = Number(fs.readFileSync(path.join(home, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && commOf(pid) === 'postgres' ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Proportional set size of a process in kB (`Pss:` of /proc/<pid>/smaps_rollup); 0 once it is gone. */
function pssKb(pid) {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Resident memory (VmRSS) of a process in MB, undefined off Linux or once it is gone. */
export function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Memory of the server `serverPid` and of the embedded PostgreSQL on `dataDir`, in MB: the PSS of the
 * server and its other children (the image encoder, when it runs), and the PSS of the postmaster and
 * every process below it. PSS, not RSS: PostgreSQL's processes share its buffers and its code, which
 * RSS would count once per process. `postgres` is undefined when no embedded cluster runs there (an
 * outside PostgreSQL's memory is not this server's).
 */
export function memoryMb(serverPid, dataDir) {
  const postmaster = dataDir ? postmasterPid(dataDir) : undefined;
  const postgresPids = postmaster ? withDescendants(postmaster) : [];
  const serverPids = withDescendants(serverPid).filter((p) => !postgresPids.includes(p));
  const sum = (pids) => pids.reduce((total, p) => total + pssKb(p), 0) / 1024;
  const server = sum(serverPids);
  const postgres = postmaster ? sum(postgresPids) : undefined;
  return { server, postgres, postgresProcesses: postgresPids.length, total: server + (postgres ?? 0) };
}

/**
 * The postmaster of the PostgreSQL server at `url` when it runs on this machine (the parent of the
 * backend serving a connection, read while that connection is open), else undefined.
 */
export async function postmasterOf(url) {
  try {
    return await withPg(url, async (db) => {
      const [{ pid }] = await db.query('select pg_backend_pid() as pid');
      if (commOf(pid) !== 'postgres') return undefined; // another machine, or another pid namespace
      const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      return commOf(ppid) === 'postgres' ? ppid : undefined;
    });
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) used so far by process `pid` and by PostgreSQL: the postmaster
 * `postmaster` and every process below it (an outside server's, from postmasterOf), else the
 * server's own embedded PostgreSQL (the postmaster below `pid`), else every process named postgres
 * on the machine. Only one server's processes, because other developers' embedded servers on the
 * same machine start and stop during a measurement; the postmaster's figure includes the backends
 * it has reaped, so a connection that ends during the measurement keeps its CPU in the sum.
 */
export function cpuSeconds(pid, postmaster) {
  const fieldsOf = (p) => {
    try {
      return fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      return undefined;
    }
  };
  const ticks = (p, withReaped = false) => {
    const f = fieldsOf(p);
    if (!f) return 0;
    // utime, stime; cutime, cstime: the children it has waited for.
    return Number(f[11]) + Number(f[12]) + (withReaped ? Number(f[13]) + Number(f[14]) : 0);
  };
  const root =
    postmaster ??
    withDescendants(pid)
      .slice(1)
      .find((p) => commOf(p) === 'postgres' && commOf(Number(fieldsOf(p)?.[1])) !== 'postgres');
  let postgres = 0;
  if (root) {
    for (const p of withDescendants(root)) postgres += ticks(p, p === root);
  } else {
    for (const entry of fs.readdirSync('/proc')) {
      if (/^\d+$/.test(entry) && commOf(entry) === 'postgres') postgres += ticks(entry);
    }
  }
  return { server: ticks(pid) / CLOCK_TICKS, postgres: postgres / CLOCK_TICKS };
}

/** The load average (1, 5, 15 min) as text. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Prints measureWithFloor's rows: each beside bare Fastify and its own floor, with the ratios. */
export function floorTable({ bare, rows }) {
  const cpu = rows.some((r) => Number.isFinite(r.serverUs));
  const counted = rows.some((r) => r.statements !== undefined);
  const turns = rows.some((r) => r.sliceRatios);
  const range = (ratios) => (ratios ? `${fmt(Math.min(...ratios), 2)}-${fmt(Math.max(...ratios), 2)}` : '-');
  table(
    [
      'route',
      'req/s',
      'x bare',
      'x floor',
      // The lowest and highest x floor of the turns (measureWithFloor's `slices`).
      ...(turns ? ['x floor, turns'] : []),
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
      // Statements the server sent per request, the floor's in brackets (1: its `select 1`).
      ...(counted ? ['statements/req'] : []),
    ],
    [
      [
        bare.name,
        fmt(bare.rps),
        '1.00',
        '-',
        ...(turns ? ['-'] : []),
        fmt(bare.p50, 2),
        fmt(bare.p99, 2),
        '-',
        '-',
        '-',
        '-',
        bare.errors,
        bare.statuses,
        ...(cpu ? ['-', '-', '-', '-', '-'] : []),
        ...(counted ? ['-'] : []),
      ],
      ...rows.map((r) => [
        r.name,
        fmt(r.rps),
        fmt(r.rps / bare.rps, 3),
        fmt(r.rps / r.floor.rps, 2),
        ...(turns ? [range(r.sliceRatios)] : []),
        fmt(r.p50, 2),
        fmt(r.p99, 2),
        fmt(r.p99 / r.floor.p99, 2),
        fmt(r.floor.rps),
        fmt(r.floor.p99, 2),
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
        ...(counted ? [`${fmt(r.statements, 2)} (${fmt(r.floor.statements, 2)})`] : []),
      ]),
    ],
  );
}
