// Store-locator benchmark: 1,000,000 stores across India, nearby searches by category, by brand and
// for a brand's partner stores, on the embedded PostgreSQL (the built server's own, decision 049) and
// an outside PostgreSQL, at 10 concurrent clients, next to a bare Fastify route measured in the same
// run. Prints p50/p99 (and each as a fraction of bare Fastify) and the query plans. Usage (runs under
// tsx so it uses the API's own migrations and queries):
//   npm run bench:locator                                   embedded only
//   npm run bench:locator -- --postgres postgres://postgres@127.0.0.1:5432/test
//   npm run bench:locator -- --stores 100000 --duration 5   smaller, quicker
//   ... --database bench_locator --keep    a named PostgreSQL database, kept; reused when it holds the stores
//   ... --cpu-prof DIR                     also write the server's CPU profile into DIR
//   ... --skip-embedded                    the outside PostgreSQL's rows only
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedReferenceData } from '../apps/api/src/db/seed/seed-reference.ts';
import { locatorKey, nearbyStatement } from '../apps/api/src/modules/locator/locator.repository.ts';
import { freePort, repoRoot, serverEntry, startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import { bodyBytes, FLOOR_ENV, isSkipEmbedded } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BRANDS = 2000;

// Where the stores are: around India's larger cities, denser where more people live.
const CITIES = [
  ['Mumbai', 19.076, 72.8777, 12],
  ['Delhi', 28.6139, 77.209, 12],
  ['Bengaluru', 12.9716, 77.5946, 10],
  ['Hyderabad', 17.385, 78.4867, 8],
  ['Ahmedabad', 23.0225, 72.5714, 6],
  ['Chennai', 13.0827, 80.2707, 8],
  ['Kolkata', 22.5726, 88.3639, 9],
  ['Pune', 18.5204, 73.8567, 6],
  ['Jaipur', 26.9124, 75.7873, 4],
  ['Surat', 21.1702, 72.8311, 4],
  ['Lucknow', 26.8467, 80.9462, 4],
  ['Kanpur', 26.4499, 80.3319, 3],
  ['Nagpur', 21.1458, 79.0882, 3],
  ['Indore', 22.7196, 75.8577, 3],
  ['Bhopal', 23.2599, 77.4126, 2],
  ['Patna', 25.5941, 85.1376, 2],
  ['Vadodara', 22.3072, 73.1812, 2],
  ['Ludhiana', 30.901, 75.8573, 2],
  ['Agra', 27.1767, 78.0081, 2],
  ['Nashik', 19.9975, 73.7898, 2],
  ['Kochi', 9.9312, 76.2673, 2],
  ['Coimbatore', 11.0168, 76.9558, 2],
  ['Visakhapatnam', 17.6868, 83.2185, 2],
  ['Guwahati', 26.1445, 91.7362, 2],
  ['Chandigarh', 30.7333, 76.7794, 2],
  ['Bhubaneswar', 20.2961, 85.8245, 2],
  ['Thiruvananthapuram', 8.5241, 76.9366, 1],
  ['Mysuru', 12.2958, 76.6394, 1],
  ['Madurai', 9.9252, 78.1198, 1],
  ['Raipur', 21.2514, 81.6296, 1],
];

function parseArgs(argv) {
  const opts = { postgres: undefined, stores: 1_000_000, duration: 10, warmup: 2, clients: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const v = argv[(i += 1)];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--postgres') opts.postgres = value();
    else if (arg === '--stores') opts.stores = Number(value());
    else if (arg === '--duration') opts.duration = Number(value());
    else if (arg === '--warmup') opts.warmup = Number(value());
    else if (arg === '--clients') opts.clients = Number(value());
    else if (isSkipEmbedded(arg)) opts.skipEmbedded = true;
    else if (arg === '--database') opts.database = value();
    else if (arg === '--keep') opts.keep = true;
    else if (arg === '--cpu-prof') opts.cpuProf = value();
    else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

const hexId = (prefix, n) => `${prefix}${n.toString(16).padStart(23, '0')}`;
const brandUserId = (b) => hexId('b', b);
const brandName = (b) => `Bench Brand ${String(b).padStart(4, '0')}`;

/**
 * Bulk-loads the stores with plain SQL, so the same statements run on both databases. Triggers are
 * skipped (session_replication_role) and the locator keys are written directly, in the shape the
 * triggers of migrations 0003 and 0012 produce (with the owner's approval and brand flags): two
 * categories and one brand per store, and the brand partnership for stores that are not the brand
 * itself. The GiST index is rebuilt once at the end.
 */
async function seedStores(db, stores) {
  const started = performance.now();
  const cityValues = CITIES.map(([, lat, lng, weight]) => `(${lat}, ${lng}, ${weight})`).join(', ');
  const [{ indexdef }] = await rows(
    db,
    sql`select indexdef from pg_indexes where indexname = 'shop_locator_keys_key_earth_idx'`,
  );
  // One transaction: one connection of the pool, so the session settings and temp tables hold.
  await db.transaction(async (tx) => {
    const run = async (text) => {
      for (const statement of text
        .split(/;\s*$/m)
        .map((t) => t.trim())
        .filter(Boolean)) {
        await tx.execute(sql.raw(statement));
      }
    };
    await run(`
    set local session_replication_role = replica;
    select setseed(0.42);
    drop index shop_locator_keys_key_earth_idx;
    create temp table bench_cities on commit drop as
      select row_number() over () as n, lat, lng, weight from (values ${cityValues}) v(lat, lng, weight);
    create temp table bench_city_slots on commit drop as
      select c.n from bench_cities c, generate_series(1, c.weight);
    create temp table bench_categories on commit drop as
      select row_number() over (order by name) - 1 as n, name from child_categories;
    insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
      select 'b' || lpad(to_hex(g), 23, '0'), 'bench-' || g || '@example.com', 'Bench Owner ' || g,
             'SELLER', true, g <= ${BRANDS}, 'bench-account-without-login'
      from generate_series(1, ${stores}) g;
  `);
    await run(`
    with slots as (select array_agg(n order by n) as a from bench_city_slots),
         cats as (select count(*)::int as k from bench_categories)
    insert into shops (id, user_id, name, area, address, city, state, country, latitude, longitude, sell_category)
    select 'c' || lpad(to_hex(g), 23, '0'), 'b' || lpad(to_hex(g), 23, '0'),
           case when g <= ${BRANDS} then 'Bench Brand ' || lpad(g::text, 4, '0') else 'Bench Store ' || g end,
           'Area ' || (g % 97), g || ', Main Road', 'City', 'State', 'India',
           c.lat + (random() + random() + random() - 1.5) * 0.25,
           c.lng + (random() + random() + random() - 1.5) * 0.25,
           jsonb_build_array(jsonb_build_object('parentCategory', 'Bench',
             'childCategory', jsonb_build_array(c1.name, c2.name)))
    from generate_series(1, ${stores}) g
    cross join slots cross join cats
    join bench_cities c on c.n = slots.a[1 + (g::bigint * 7919) % array_length(slots.a, 1)]
    join bench_categories c1 on c1.n = g % cats.k
    join bench_categories c2 on c2.n = (g::bigint * 31 + 7) % cats.k;
  `);
    await run(`
    insert into shop_locator_keys (shop_id, key, latitude, longitude, approved, is_brand)
    select s.id, k.key, s.latitude, s.longitude, u.role = 'SELLER' and u.is_active, u.is_brand
    from shops s
    join users u on u.id = s.user_id
    cross join lateral (select ('x' || lpad(right(s.id, 15), 16, '0'))::bit(64)::bigint as n) g
    cross join lateral (
      select 'category:' || lower(c.name) as key
        from jsonb_array_elements_text(s.sell_category -> 0 -> 'childCategory') c(name)
      union
      select 'brand:' || lower('Bench Brand ' || lpad((1 + (g.n * 131) % ${BRANDS})::text, 4, '0'))
      union
      select 'partner:b' || lpad(to_hex(1 + (g.n * 131) % ${BRANDS}), 23, '0')
        where s.user_id <> 'b' || lpad(to_hex(1 + (g.n * 131) % ${BRANDS}), 23, '0')
    ) k
    where s.id like 'c%';
  `);
    await run(indexdef);
  });
  // Bulk-loaded rows are not yet marked all-visible and committed; a VACUUM does it once, as
  // autovacuum would soon after, instead of the first searches writing hint bits to every page.
  await db.execute(sql`vacuum analyze`);
  const [{ n: keys }] = await rows(db, sql`select count(*)::int as n from shop_locator_keys`);
  return { seconds: (performance.now() - started) / 1000, keys };
}

async function rows(db, query) {
  const result = await db.execute(query);
  return Array.isArray(result) ? result : result.rows;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statement the server runs: the repository's prepared statement,
 * run six times first as the server's connections run it, so PostgreSQL has chosen the plan it
 * reuses (a generic one when it costs no more than planning each time).
 */
async function explain(db, q) {
  const { text, values } = nearbyStatement(db, q);
  const literal = (v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const run = `execute bench_nearby(${values.map(literal).join(', ')})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare bench_nearby as ${text}`));
    for (let i = 0; i < 6; i += 1) await tx.execute(sql.raw(run));
    const out = await rows(tx, sql.raw(`explain (analyze, buffers, costs off) ${run}`));
    await tx.execute(sql.raw('deallocate bench_nearby'));
    return out.map((r) => Object.values(r)[0]).join('\n');
  });
}

/** A random point near a random city, and a random category / brand from the seeded sets. */
function randomPoint() {
  const [, lat, lng] = CITIES[Math.floor(Math.random() * CITIES.length)];
  return { lat: lat + (Math.random() - 0.5) * 0.2, long: lng + (Math.random() - 0.5) * 0.2 };
}

/** Keeps `clients` requests in flight for `seconds`, timing each one; returns latencies in ms. */
async function load({ port, path: urlPath, body, clients, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const payload = JSON.stringify(body());
      const started = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: urlPath,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(payload);
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { n: latencies.length, rps: latencies.length / seconds, p50: at(50), p99: at(99), errors };
}

async function measure(port, scenario, opts) {
  if (opts.warmup > 0) await load({ port, ...scenario, clients: opts.clients, seconds: opts.warmup });
  return load({ port, ...scenario, clients: opts.clients, seconds: opts.duration });
}

const categoriesOf = async (db) =>
  (await rows(db, sql`select name from child_categories order by name`)).map((r) => r.name);

function scenarios(categories) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const brandNo = () => 1 + Math.floor(Math.random() * BRANDS);
  return [
    {
      name: 'nearby by category',
      path: '/api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter',
      body: () => ({ ...randomPoint(), childCategoryName: pick(categories), brand: '' }),
    },
    {
      name: 'nearby by brand',
      path: '/api/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter',
      body: () => ({ ...randomPoint(), childCategoryName: '', brand: brandName(brandNo()) }),
    },
    {
      name: 'partner stores of a brand',
      path: '/api/shop/getNearbyPartnerBrandStores',
      body: () => ({ ...randomPoint(), storeUserId: brandUserId(brandNo()) }),
    },
  ];
}

async function planSamples(db, categories) {
  const { lat, long } = { lat: 12.9716, long: 77.5946 };
  const q = { latitude: lat, longitude: long, radiusMetres: 50_000, limit: 20 };
  return {
    'by category': await explain(db, { ...q, key: locatorKey.category(categories[0]) }),
    'by brand': await explain(db, { ...q, key: locatorKey.brand(brandName(42)) }),
    'partner stores': await explain(db, {
      ...q,
      key: locatorKey.partner(brandUserId(42)),
      exceptUserId: brandUserId(42),
    }),
  };
}

/** A Fastify app with one POST route and nothing else, in its own process like the API. */
async function startBareFastify(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'bare-fastify.mjs'), String(port)], {
    cwd: repoRoot,
    env: databaseUrl ? { ...process.env, DATABASE_URL: databaseUrl } : process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { child, port };
}

async function benchDatabase(label, opts, databaseUrl, categoriesHolder, reuse = false) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-locator-'));
  try {
    console.log(`\n[${label}] migrating and loading ${opts.stores.toLocaleString('en-US')} stores...`);
    // The embedded cluster is made from the build's migrated template, as the built server's first
    // start makes it (decision 049), rather than by initdb and every migration from the source.
    const open = () =>
      openDatabase(
        databaseUrl
          ? { url: databaseUrl }
          : { dataDir, embedded: { template: path.join(path.dirname(serverEntry), 'pg-template') } },
      );
    let handle = await open();
    await seedReferenceData(handle.db);
    const [{ n: present }] = await rows(
      handle.db,
      sql`select count(*)::int as n from shops where id like 'c%'`,
    );
    const seeded =
      reuse && present === opts.stores
        ? {
            seconds: 0,
            keys: (await rows(handle.db, sql`select count(*)::int as n from shop_locator_keys`))[0].n,
          }
        : await seedStores(handle.db, opts.stores);
    const categories = await categoriesOf(handle.db);
    categoriesHolder.categories = categories;
    console.log(
      `[${label}] loaded in ${seeded.seconds.toFixed(0)} s (${seeded.keys.toLocaleString('en-US')} locator keys)`,
    );
    // DATA_DIR and its PostgreSQL are one process's (db/embedded/server-lock.ts): the server starts
    // it after we let go.
    if (!databaseUrl) await handle.close();

    const server = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
      env: { RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false', ...FLOOR_ENV },
      captureOutput: true,
      // A V8 CPU profile of the measured server, written when it stops (open it in Chrome DevTools).
      nodeArgs: opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProf)}`] : [],
    });
    const results = [];
    try {
      const port = Number(new URL(server.baseURL).port);
      for (const scenario of scenarios(categories)) {
        const probe = await fetch(server.baseURL + scenario.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(scenario.body()),
        });
        const sample = await probe.json();
        console.log(`[${label}] ${scenario.name}: probe ${probe.status}, ${sample.Data?.length ?? 0} stores`);
        // The floor of this answer's size on the same server, right before the route (lib.mjs).
        const bytes = await bodyBytes(server.baseURL, () => ({ path: scenario.path, body: scenario.body() }));
        const floor = await measure(port, { ...scenario, path: `/bench/floor/${Math.round(bytes)}` }, opts);
        results.push({ name: scenario.name, bytes, floor, ...(await measure(port, scenario, opts)) });
      }
    } finally {
      await stopServer(server.child);
    }
    if (!databaseUrl) handle = await open();
    const plans = await planSamples(handle.db, categories);
    await handle.close();
    return { label, results, plans, seeded };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on a new PostgreSQL database (`--database`, or a random name), dropped at the end
 * unless `--keep`; a kept database that already holds the stores is reused without reloading.
 */
async function withPostgresDatabase(serverUrl, opts, fn) {
  const name = opts.database ?? `bench_${randomBytes(5).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database ${name}: lower-case letters, digits, _`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString(), exists);
  } finally {
    if (!opts.keep) {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    }
  }
}

const ms = (n) => (n === undefined ? '-' : n.toFixed(2));
const x = (n, base) => (n === undefined || !base ? '-' : `${(n / base).toFixed(1)}x`);

function table(headers, body) {
  const widths = headers.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of body) console.log(line(r));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(serverEntry)) {
    console.log('No build found; running `npm run build`...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }

  const bare = await startBareFastify(opts.postgres);
  let baseline;
  // With PostgreSQL, the same bare route plus one `select 1`: no route that reads the database can
  // beat it here, whatever its query.
  let floor;
  try {
    console.log(`[bare Fastify] ${opts.clients} clients, ${opts.warmup} s warm-up + ${opts.duration} s...`);
    const body = () => ({ ...randomPoint(), childCategoryName: 'Yoga' });
    baseline = await measure(bare.port, { path: '/bare', body }, opts);
    if (opts.postgres) {
      console.log('[bare Fastify + select 1 on PostgreSQL]...');
      floor = await measure(bare.port, { path: '/bare-pg', body }, opts);
    }
  } finally {
    await stopServer(bare.child);
  }

  const holder = {};
  const runs = [];
  if (!opts.skipEmbedded) runs.push(await benchDatabase('embedded', opts, undefined, holder));
  if (opts.postgres) {
    runs.push(
      await withPostgresDatabase(opts.postgres, opts, (url, reuse) =>
        benchDatabase('PostgreSQL', opts, url, holder, reuse),
      ),
    );
  }

  console.log(
    `\nStore-locator benchmark: ${opts.stores.toLocaleString('en-US')} stores, ${opts.clients} concurrent clients, ` +
      `${opts.duration} s per figure; ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}\n`,
  );
  const row = (name, r, vsBare = [x(r.p50, baseline.p50), x(r.p99, baseline.p99)]) => [
    name,
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    ...vsBare,
    r.errors,
  ];
  const vsFloor = (r) =>
    r.floor
      ? [(r.rps / r.floor.rps).toFixed(2), ms(r.floor.p99), x(r.p99, r.floor.p99), Math.round(r.bytes)]
      : ['-', '-', '-', '-'];
  table(
    [
      'route',
      'req/s',
      'p50 ms',
      'p99 ms',
      'p50 vs bare',
      'p99 vs bare',
      'errors',
      'req/s x floor',
      'floor p99',
      'p99 vs floor',
      'bytes',
    ],
    [
      [...row('bare Fastify POST', baseline, ['1.0x', '1.0x']), ...vsFloor({})],
      ...(floor ? [[...row('bare Fastify POST + select 1 (PostgreSQL)', floor), ...vsFloor({})]] : []),
      ...runs.flatMap((run) =>
        run.results.flatMap((r) => [
          [...row(`${run.label}: floor for ${r.name}`, r.floor), ...vsFloor({})],
          [...row(`${run.label}: ${r.name}`, r), ...vsFloor(r)],
        ]),
      ),
    ],
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  for (const run of runs) {
    console.log(
      `\n[${run.label}] query plans (Bengaluru, 50 km, limit 20; EXPLAIN ANALYZE of the prepared statement after the load):`,
    );
    for (const [name, plan] of Object.entries(run.plans)) console.log(`\n-- ${name}\n${plan}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
