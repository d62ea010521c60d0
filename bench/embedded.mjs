// The embedded default (issue 24): the built server as `npm start` runs it (its node flags, the
// PostgreSQL 18 it starts itself on DATA_DIR/pg (decision 049), demo data) on a fresh data folder.
// Prints
//   - first start: spawning the node command on an empty folder -> first 200 of /api/health (the
//     server listens before its database opens), and -> first 200 of /api/ready (the app serves);
//   - restart: the same on the folder the first start left;
//   - memory, the server's plus PostgreSQL's (PSS of the server and of the postmaster and all its
//     children, sampled every 250 ms), during and after a minute of mixed load: catalogue pages,
//     products by id, the feed, the header search, nearby stores, shared product and store pages
//     (drawn on the server) and anonymous orders;
//   - the load average at the start, and each figure beside its target (judged on a quiet machine).
//   npm run bench:embedded
//   node bench/embedded.mjs --duration 60 --connections 10 --starts 3
import { randomUUID, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import { ensureBuilt, fmt, loadAverage, memoryMb, parseArgs, table } from './lib.mjs';

const ADMIN = { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' };

// The targets (issue 24, decision 049), on a quiet machine: spawn -> first 200 of /api/ready, and
// the server's memory plus its PostgreSQL's after a minute of mixed load.
const TARGET = { firstReadyMs: 1500, restartReadyMs: 1000, memoryMb: 250 };
/** Below this 1-minute load average the machine counts as quiet and the targets are judged. */
const QUIET_LOAD = 0.5;

// The demo seed's ids (apps/api/src/db/seed/demo-data.ts: stableId of a slug).
const stableId = (...parts) => createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 24);
const SELLERS = ['kaveri-handlooms', 'stride-lab', 'nimbus-audio', 'tulsi-naturals'].map((s) =>
  stableId('demo-user', s),
);
const PRODUCTS = [
  'kaveri-mysore-silk-saree',
  'kaveri-handloom-cotton-kurta',
  'kaveri-kalamkari-dupatta',
  'stride-lab-tempo-2',
  'stride-lab-trail-x',
  'stride-lab-glide-slides',
  'nimbus-buds-air',
  'nimbus-boom-20',
  'nimbus-studio-anc',
  'tulsi-neem-face-wash',
  'tulsi-bhringraj-hair-oil',
  'tulsi-sandalwood-sunscreen',
].map((s) => stableId('demo-product', s));
const WORDS = ['silk', 'shoes', 'kurta', 'speaker', 'neem', 'nimbus', 'saree', 'trail', 'oil', 'buds'];
const CATEGORIES = ['Ethnic Wear', 'Sports Shoes', 'Audio & Headphones', 'Skincare', "Women's Clothing"];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const near = () => ({ lat: 12.97 + (Math.random() - 0.5) * 0.2, long: 77.59 + (Math.random() - 0.5) * 0.2 });

/** The reads, one after another on each connection, as a browsing visitor makes them. */
const READS = [
  () => ({ method: 'GET', path: `/api/products/getProductOnUserId/${pick(SELLERS)}/1/20` }),
  () => ({ method: 'GET', path: `/api/products/getProductOnId/${pick(PRODUCTS)}` }),
  () => ({ method: 'GET', path: '/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/20' }),
  () => ({ method: 'GET', path: `/api/search?q=${pick(WORDS)}` }),
  () => ({
    method: 'POST',
    path: '/api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter',
    body: JSON.stringify({ ...near(), childCategoryName: pick(CATEGORIES), brand: '' }),
  }),
  // Shared pages as a link opens them: HTML drawn on the server (its renderer's memory counts too).
  () => ({ method: 'GET', path: `/product/${pick(PRODUCTS)}` }),
  () => ({ method: 'GET', path: `/viewstore/true/${pick(SELLERS)}` }),
];

/** An anonymous buyer with a contact of their own, from an address of their own (one proxy hop). */
function orderRequest() {
  const n = Math.floor(Math.random() * 1e9);
  return {
    method: 'POST',
    path: '/api/euOrder/saveOrder2',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      productId: pick(PRODUCTS),
      quantity: 1,
      address: {
        firstName: 'Bench',
        lastName: 'Buyer',
        houseNo: '1',
        street: 'MG Road',
        landmark: 'Metro',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pinCode: '560001',
        email: `bench-${n}@example.com`,
        mobile: String(9_000_000_000 + (n % 999_999_999)),
      },
    }),
  };
}

/**
 * Starts the built server; `ms` is spawn -> first 200 of /api/health, `readyMs` the same for
 * /api/ready (requests made before it wait for the app), `memory` the server's and its PostgreSQL's
 * then.
 */
async function startAndWaitReady(dataDir, env) {
  const server = await startBuiltServer({ dataDir, admin: ADMIN, env, captureOutput: true });
  return {
    server,
    figures: {
      ms: server.startMs,
      readyMs: server.readyMs,
      memory: memoryMb(server.child.pid, dataDir),
      load: loadAverage(),
    },
  };
}

/** The PostgreSQL major of the cluster the server made in `dataDir` (its PG_VERSION). */
function majorOf(dataDir) {
  try {
    return fs.readFileSync(path.join(dataDir, 'pg', 'data', 'PG_VERSION'), 'utf8').trim();
  } catch {
    return undefined; // kept outside DATA_DIR (pg-location), or not made
  }
}

/** `server + PostgreSQL = total MB` of a memoryMb sample. */
const memoryText = (m) => (m ? `${fmt(m.server, 1)} + ${fmt(m.postgres, 1)} = ${fmt(m.total, 1)} MB` : '-');

/** A figure beside its target: met or missed, or not judged when the machine was not quiet. */
const verdict = (value, target, quiet) =>
  value === undefined ? '-' : `${value <= target ? 'met' : 'missed'}${quiet ? '' : ' (not a quiet machine)'}`;

/** autocannon with a request maker; statuses counted. `overallRate` paces the whole instance. */
function load(baseURL, makers, { connections, duration, overallRate }) {
  const statuses = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseURL,
        connections,
        duration,
        ...(overallRate ? { overallRate } : {}),
        requests: makers.map((make) => ({
          setupRequest: (req) => {
            const r = make();
            return {
              ...req,
              method: r.method,
              path: r.path,
              body: r.body,
              headers: { ...req.headers, 'content-type': 'application/json', ...r.headers },
            };
          },
        })),
      },
      (error, result) => (error ? reject(error) : resolve({ result, statuses })),
    );
    instance.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

const statusText = (s) =>
  Object.entries(s)
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');

async function main() {
  const opts = parseArgs(process.argv.slice(2), {
    duration: 60,
    connections: 10,
    ordersPerSecond: 20,
    starts: 3,
  });
  ensureBuilt();
  const loadAtStart = os.loadavg()[0];
  console.log(
    `load average at the start: ${loadAverage()}` +
      (loadAtStart < QUIET_LOAD
        ? ' (quiet)'
        : ` (not quiet: the targets are judged below a 1-minute load average of ${QUIET_LOAD})`),
  );
  const env = {
    LOG_LEVEL: 'info',
    // One client address makes all the reads, and the orders come from many made-up ones.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000000',
    TRUST_PROXY: '1',
  };
  const firsts = [];
  const restarts = [];
  let measured;
  let postgresVersion = '?';
  for (let i = 0; i < opts.starts; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-embedded-'));
    try {
      const first = await startAndWaitReady(dataDir, env);
      firsts.push(first.figures);
      postgresVersion = majorOf(dataDir) ?? postgresVersion;
      await stopServer(first.server.child);
      const { server, figures } = await startAndWaitReady(dataDir, env);
      restarts.push(figures);
      if (i < opts.starts - 1) {
        await stopServer(server.child);
        continue;
      }
      try {
        measured = await mixedLoad(server, dataDir, opts);
      } finally {
        await stopServer(server.child);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const quiet = loadAtStart < QUIET_LOAD;
  console.log(
    `\nEmbedded default (PostgreSQL ${postgresVersion} started by the server, demo data, npm start's node flags): ` +
      `${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}; ` +
      `load average at the start ${loadAtStart.toFixed(2)}${quiet ? ' (quiet)' : ` (not quiet, >= ${QUIET_LOAD})`}`,
  );
  console.log(
    `\nStart: spawning the node command -> first 200 of /api/health, and -> first 200 of /api/ready (the app ` +
      `answering; targets: first start <= ${fmt(TARGET.firstReadyMs)} ms, restart <= ${fmt(TARGET.restartReadyMs)} ms), ` +
      'and the memory then: PSS of the server + of PostgreSQL (the postmaster and all its children)',
  );
  table(
    [
      'run',
      'first start: health',
      'ready',
      'target',
      'memory then',
      'restart: health',
      'ready',
      'target',
      'memory then',
      'load average (1, 5, 15 min)',
    ],
    firsts.map((f, i) => [
      String(i + 1),
      `${fmt(f.ms)} ms`,
      `${fmt(f.readyMs)} ms`,
      verdict(f.readyMs, TARGET.firstReadyMs, quiet),
      memoryText(f.memory),
      `${fmt(restarts[i].ms)} ms`,
      `${fmt(restarts[i].readyMs)} ms`,
      verdict(restarts[i].readyMs, TARGET.restartReadyMs, quiet),
      memoryText(restarts[i].memory),
      `${f.load} / ${restarts[i].load}`,
    ]),
  );
  const m = measured;
  console.log(
    `\nMixed load after the restart: ${opts.connections} connections of reads (catalogue page, product by id, ` +
      `feed page 1, search, nearby, product and store pages) and ${opts.ordersPerSecond} anonymous orders/s, ${opts.duration} s; ` +
      'memory (PSS of the server + of PostgreSQL, the postmaster and all its children) sampled every 250 ms ' +
      `(target: ${TARGET.memoryMb} MB after ${opts.duration} s of load${opts.duration < 60 ? '; judged after 60 s only' : ''})`,
  );
  table(
    ['', 'value'],
    [
      ['reads/s', fmt(m.reads.result.requests.average)],
      ['read p99', `${fmt(m.reads.result.latency.p99, 1)} ms`],
      ['read answers', statusText(m.reads.statuses)],
      ['orders/s', fmt(m.orders.result.requests.average)],
      ['order p99', `${fmt(m.orders.result.latency.p99, 1)} ms`],
      ['order answers', statusText(m.orders.statuses)],
      ['memory before load (server + PostgreSQL)', memoryText(m.before)],
      ['peak memory (each part at its own peak; total)', memoryText(m.peak)],
      ['memory at the end of the load', memoryText(m.end)],
      ['memory 5 s after the load', memoryText(m.after)],
      [
        `target: <= ${TARGET.memoryMb} MB at the end of the load`,
        opts.duration < 60
          ? `not judged (${opts.duration} s of load, not 60)`
          : verdict(m.end?.total, TARGET.memoryMb, quiet),
      ],
      ['PostgreSQL processes at the end', String(m.end?.postgresProcesses ?? '-')],
      ['load average before / after', `${m.loadBefore} / ${m.loadAfter}`],
    ],
  );
}

async function mixedLoad(server, dataDir, opts) {
  const pid = server.child.pid;
  await new Promise((r) => setTimeout(r, 1000));
  const before = memoryMb(pid, dataDir);
  const loadBefore = loadAverage();
  const peak = { server: before.server, postgres: before.postgres ?? 0, total: before.total };
  const sampler = setInterval(() => {
    const now = memoryMb(pid, dataDir);
    peak.server = Math.max(peak.server, now.server);
    peak.postgres = Math.max(peak.postgres, now.postgres ?? 0);
    peak.total = Math.max(peak.total, now.total);
  }, 250);
  console.log(`mixed load for ${opts.duration} s (load average ${loadBefore})...`);
  try {
    const [reads, orders] = await Promise.all([
      load(server.baseURL, READS, opts),
      load(server.baseURL, [orderRequest], {
        connections: 2,
        duration: opts.duration,
        overallRate: opts.ordersPerSecond,
      }),
    ]);
    const end = memoryMb(pid, dataDir);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      // Its figures would mean nothing: say why it ended.
      console.error(
        `the server ended during the load (${server.child.signalCode ?? server.child.exitCode}):`,
      );
      console.error(server.output().slice(-4000));
    }
    await new Promise((r) => setTimeout(r, 5000));
    return {
      reads,
      orders,
      before,
      peak,
      end,
      after: memoryMb(pid, dataDir),
      loadBefore,
      loadAfter: loadAverage(),
    };
  } finally {
    clearInterval(sampler);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
