// Store catalogue benchmark: seeds 100 stores x 1,000 products, then loads the two public reads a
// buyer makes most, a 20-product catalogue page and a product by id, on the embedded PostgreSQL
// (the built server's own, decision 049) and, with --postgres, an outside PostgreSQL. Every figure is
// also given as a fraction of a bare Fastify route and of the floor route (the same server answering
// one `select 1` and a body of the route's size; lib.mjs) measured in the same run, and memory is
// sampled under load (the server's RSS; on the embedded rows also the PSS of the server and of its
// PostgreSQL). Query plans of the reads are printed.
//   npm run bench:catalogue
//   npm run bench:catalogue -- -- --postgres postgres://postgres@127.0.0.1:5432/test
//   node bench/catalogue.mjs --duration 10 --connections 50 [--skip-embedded] [--only 'page, spread'] [--cpu-prof DIR]
//     [--node-args "--max-old-space-size=96"]  (more flags for the server, after npm start's own)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import {
  ensureBuilt,
  FLOOR_ENV,
  floorTable,
  fmt,
  measureWithFloor,
  memoryMb,
  parseArgs,
  postmasterOf,
  requestInit,
  rssMb,
  startBare,
  withEmbedded,
  withPg,
  withPostgresDatabase,
} from './lib.mjs';

const STORES = 100;
const PER_STORE = 1000;
const PAGE = 20;

// Ids are 24 hex characters like the app's own: a kind prefix and a zero-padded number.
const userId = (s) => `b0${s.toString(16).padStart(22, '0')}`;
const productId = (s, p) => `c0${(s * PER_STORE + p).toString(16).padStart(22, '0')}`;
const hexId = (prefix, expr) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;

/** Set-based inserts: the same SQL runs on the embedded and an outside PostgreSQL. */
const SEED_SQL = [
  `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
   select ${hexId('b0', 's')}, 'bench' || s || '@example.com', 'Bench Owner ' || s, 'SELLER', true, s % 2 = 0, 'x'
   from generate_series(1, ${STORES}) s`,
  `insert into shops (id, user_id, name, city, state, country, area, address, pin_code)
   select ${hexId('a0', 's')}, ${hexId('b0', 's')}, 'Bench Store ' || lpad(s::text, 3, '0'), 'Bengaluru', 'Karnataka',
          'India', 'Indiranagar', s || ', 100 Feet Road', '560038'
   from generate_series(1, ${STORES}) s`,
  `insert into products (id, user_id, prdct_name, brand, model, colour, size, gender, parent_category_name,
      child_category_name, original_price, dsct_price, dsct_percent, retail_original_price, retail_dsct_price,
      retail_dsct_percent, description, media, seller_sku, dispatch_time, tags, is_active)
   select ${hexId('c0', `s * ${PER_STORE} + p`)}, ${hexId('b0', 's')},
          'Bench Brand ' || s || ' Model ' || (p / 8), 'Bench Brand ' || s, 'Model ' || (p / 8),
          (array['Black','Navy','Maroon','Olive'])[(p / 4) % 4 + 1], (array['S','M','L','XL'])[p % 4 + 1],
          (array['Men','Women','Kids','Universal'])[s % 4 + 1], 'Fashion', 'Ethnic Wear',
          1000 + p, 900 + p, 10, 2000 + p, 1500 + p, 25,
          'A sturdy everyday product for the benchmark catalogue, number ' || p,
          '[{"type":"IMAGE","url":"/media/demo/bench.webp","thumbnail":""}]'::jsonb,
          'SKU-' || s || '-' || p, '1-2 Days', array['bench','catalogue'], p % 50 <> 49
   from generate_series(1, ${STORES}) s, generate_series(0, ${PER_STORE - 1}) p`,
  // A signed-in session per seller, token `bench-token-{store}` (only its SHA-256 is stored).
  `insert into sessions (id, user_id, token_hash, expires_at)
   select ${hexId('d0', 's')}, ${hexId('b0', 's')}, encode(sha256(convert_to('bench-token-' || s, 'UTF8')), 'hex'),
          now() + interval '1 day'
   from generate_series(1, ${STORES}) s`,
  // Autovacuum would do this soon after a bulk load; the reads are measured right after it.
  'vacuum analyze products',
  'vacuum analyze sessions',
];

// The SQL the two routes run (what Drizzle sends, with the parameters filled in), for EXPLAIN.
const catalogueSql = (uid) =>
  `select products.* from products inner join (
     select id as page_id from products where user_id = '${uid}' and is_active
     order by brand, gender, model, colour, size, id limit ${PAGE + 1} offset ${PAGE * 10}) page
   on page.page_id = products.id order by brand, gender, model, colour, size, id`;
const byIdSql = (pid) => `select * from products where id = '${pid}' limit 1`;
const ownPageSql = (uid) =>
  `select * from products where user_id = '${uid}'
   order by brand, gender, model, colour, size, id limit ${PAGE + 1} offset ${PAGE * 10}`;

async function seedAndExplain(db) {
  const started = performance.now();
  for (const statement of SEED_SQL) await db.exec(statement);
  const seedMs = performance.now() - started;
  const plans = {};
  for (const [name, sql] of [
    ['catalogue page', catalogueSql(userId(37))],
    ['product by id', byIdSql(productId(37, 500))],
    ["seller's own catalogue page", ownPageSql(userId(37))],
  ]) {
    const rows = await db.query(`explain (analyze, costs off, timing off, summary off) ${sql}`);
    plans[name] = rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  return { seedMs, plans };
}

const rand = (n) => Math.floor(Math.random() * n);
const own = () => 1 + rand(STORES);
// "cache miss": any page of any store, any of the 100,000 products, so nearly every request misses
// the server's 2-second read cache and reaches the database. "hot": the first pages of 10 stores
// and 1,000 products, as when buyers follow shared links; mostly served from that cache. The
// seller's own page (disabled products too) is never cached: each request is a signed-in seller
// (one of 100 sessions) reading a page of their own store.
const ROUTES = [
  [
    'catalogue page, cache miss',
    () => ({ path: `/api/products/getProductOnUserId/${userId(1 + rand(STORES))}/${1 + rand(48)}/${PAGE}` }),
  ],
  [
    'catalogue page, hot',
    () => ({ path: `/api/products/getProductOnUserId/${userId(1 + rand(10))}/${1 + rand(3)}/${PAGE}` }),
  ],
  [
    "seller's own catalogue page, signed in",
    () => {
      const s = own();
      return {
        path: `/api/products/getAllProductOnUserId/${userId(s)}/true/${1 + rand(48)}/${PAGE}`,
        headers: { authorization: `Bearer bench-token-${s}` },
      };
    },
  ],
  [
    'product by id, cache miss',
    () => ({ path: `/api/products/getProductOnId/${productId(1 + rand(STORES), rand(PER_STORE))}` }),
  ],
  [
    'product by id, hot',
    () => ({ path: `/api/products/getProductOnId/${productId(1 + rand(10), rand(100))}` }),
  ],
];

/**
 * Peak RSS of `pid` (sampled every 200 ms while `fn` runs), and on the embedded rows the peak PSS
 * of the server plus its PostgreSQL (`dataDir`'s cluster; every 1 s).
 */
async function withPeakRss(pid, dataDir, fn) {
  let peak = 0;
  let peakPostgres;
  let peakTotal;
  let tick = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
    // PSS once a second: reading smaps_rollup of every process costs a few ms, which at 200 ms
    // would take CPU from the load being measured.
    tick += 1;
    if (!dataDir || tick % 5 !== 0) return;
    const m = memoryMb(pid, dataDir);
    if (m.postgres === undefined) return;
    peakPostgres = Math.max(peakPostgres ?? 0, m.postgres);
    peakTotal = Math.max(peakTotal ?? 0, m.total);
  }, 200);
  try {
    return { ...(await fn()), rss: peak, postgresPss: peakPostgres, totalPss: peakTotal };
  } finally {
    clearInterval(timer);
  }
}

async function measure(opts, label, server, bare, { dataDir, postmaster }) {
  const routes = ROUTES.filter(([name]) => !opts.only || name.includes(opts.only));
  for (const [name, next] of routes) {
    const r = next();
    const probe = await fetch(server.baseURL + r.path, requestInit(r));
    if (probe.status !== 200) throw new Error(`${name}: GET answered ${probe.status}`);
  }
  return withPeakRss(server.child.pid, dataDir, () =>
    measureWithFloor({
      server: server.baseURL,
      pid: server.child.pid,
      postmaster,
      bare,
      routes,
      connections: opts.connections,
      duration: opts.duration,
      warmup: opts.warmup,
      log: (line) => console.log(`[${label}] ${line}`),
    }),
  );
}

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-'));
  try {
    console.log(`\n[${label}] migrating and seeding ${STORES} stores x ${PER_STORE} products...`);
    const first = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
      env: { SEED_DEMO: 'false' },
      captureOutput: true,
    });
    await stopServer(first.child);
    const seeded = databaseUrl
      ? await withPg(databaseUrl, seedAndExplain)
      : await withEmbedded(dataDir, seedAndExplain);

    const server = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
      env: { RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false', ...FLOOR_ENV },
      captureOutput: true,
      // A V8 CPU profile of the measured server, written when it stops (open it in Chrome DevTools).
      nodeArgs: [
        ...(opts.nodeArgs ? opts.nodeArgs.split(' ') : []),
        ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProf)}`] : []),
      ],
    });
    const bare = await startBare();
    try {
      const measured = await measure(
        opts,
        label,
        server,
        bare,
        databaseUrl ? { postmaster: await postmasterOf(databaseUrl) } : { dataDir },
      );
      return { label, seeded, measured, idleRss: rssMb(server.child.pid) };
    } finally {
      await stopServer(bare.child);
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2), {
    postgres: undefined,
    duration: 10,
    warmup: 3,
    connections: 50,
    skipEmbedded: false,
    cpuProf: undefined,
    nodeArgs: undefined,
    only: undefined,
  });
  ensureBuilt();
  const results = [];
  if (!opts.skipEmbedded) results.push(await benchDatabase('embedded', opts));
  if (opts.postgres) {
    results.push(
      await withPostgresDatabase(opts.postgres, 'bench_catalogue', (url) =>
        benchDatabase('PostgreSQL', opts, url),
      ),
    );
  }

  console.log(
    `\nCatalogue benchmark: ${STORES} stores x ${PER_STORE} products, ${opts.connections} connections, ` +
      `${opts.duration} s per route; ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}`,
  );
  for (const r of results) {
    console.log(
      `\n${r.label} (seeded in ${fmt(r.seeded.seedMs / 1000, 1)} s; server peak RSS under load ` +
        `${fmt(r.measured.rss)} MB` +
        (r.measured.totalPss === undefined
          ? ''
          : `; peak PSS of the server and its PostgreSQL ${fmt(r.measured.totalPss)} MB ` +
            `(PostgreSQL ${fmt(r.measured.postgresPss)} MB)`) +
        `; load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')})`,
    );
    floorTable(r.measured);
    for (const [name, plan] of Object.entries(r.seeded.plans))
      console.log(`\n${r.label} plan, ${name}:\n${plan}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
