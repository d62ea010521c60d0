// Order creation benchmark: POST /api/euOrder/saveOrder2 (simulator payments) under 50 concurrent
// clients on the embedded PostgreSQL (the built server's own, decision 049) and, with --postgres, an
// outside PostgreSQL, with a bare Fastify route (POST /bare, JSON body) measured in the same run as
// the yardstick. Two phases per database:
//   1. throughput: orders spread over 100 products with ample stock (each order takes stock,
//      writes the order and opens a payment session), and the same on one hot product, each right
//      after its floor (issue 42): the same server, with BENCH_FLOOR=1, doing the order's writes
//      in one statement on shadow tables without triggers (POST /bench/floor/order/{bytes},
//      apps/api/src/plugins/bench-floor.ts), with the same requests and an answer of the same size;
//   2. oversell check: 50 clients hammer one product with a stock of 500 until it is sold out;
//      exactly 500 orders must succeed and the stock must end at 0.
//   npm run bench:orders
//   npm run bench:orders -- -- --postgres postgres://postgres@127.0.0.1:5432/test
//   node bench/orders.mjs --duration 10 --connections 50 [--slices 5] [--skip-embedded] [--cpu-prof DIR]
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import {
  ensureBuilt,
  FLOOR_ENV,
  floorTable,
  fmt,
  loadAverage,
  measureWithFloor,
  memoryMb,
  parseArgs,
  postmasterOf,
  rssMb,
  startBare,
  withEmbedded,
  withPg,
  withPostgresDatabase,
} from './lib.mjs';

const PRODUCTS = 100;
const CHECK_STOCK = 500;
const ADMIN = { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' };

const SELLER = `d0${'1'.padStart(22, '0')}`;
const productId = (n) => `e0${n.toString(16).padStart(22, '0')}`;
const HOT = productId(0);
const CHECK = productId(PRODUCTS + 1);

// A description of the length a marketplace's product pages carry (about 600 characters): what the
// product's search columns are made of, and part of the row every stock take writes again.
const DESCRIPTION = `'${[
  'Lightweight daily running shoe with a cushioned foam midsole that soaks up the shock of city',
  'roads and a breathable knit upper that keeps feet cool through an Indian summer. The rubber',
  'outsole grips wet tiles and monsoon pavements, the padded collar and heel tab make it easy to',
  'slip on, and the removable insole can be washed. Reflective details on the heel for evening',
  'runs. Weighs about 240 grams in UK 8. Wipe clean with a damp cloth; do not machine wash. Sold',
  'as a pair in a recycled box, with a spare set of flat laces in a contrasting colour.',
].join(' ')}'`;

const SEED_SQL = [
  `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
   values ('${SELLER}', 'bench-seller@example.com', 'Bench Seller', 'SELLER', true, true, 'x')`,
  // A store on the map, as every seller has: taking stock must not rebuild its locator keys.
  `insert into shops (id, user_id, name, area, address, city, state, country, latitude, longitude, sell_category)
   values ('f0${'1'.padStart(22, '0')}', '${SELLER}', 'Bench Store', 'MG Road', '1, MG Road', 'Bengaluru',
           'Karnataka', 'India', 12.9756, 77.6066,
           '[{"parentCategory":"Footwear","childCategory":["Shoes"]}]'::jsonb)`,
  `insert into products (id, user_id, prdct_name, brand, model, colour, size, gender, original_price, dsct_price,
      retail_original_price, retail_dsct_price, min_order_quantity, inventory_quantity, media, description,
      child_category_name, tag_name)
   select 'e0' || lpad(to_hex(n), 22, '0'), '${SELLER}', 'Bench Shoe ' || n, 'Bench', 'Shoe ' || n, 'Black', 'UK 8',
          'Men', 1000, 900, 2000, 1500, 1, case when n = ${PRODUCTS + 1} then ${CHECK_STOCK} else 100000000 end,
          '[{"type":"IMAGE","url":"/media/demo/bench.webp","thumbnail":""}]'::jsonb, ${DESCRIPTION}, 'Shoes',
          'running, daily wear, lightweight'
   from generate_series(0, ${PRODUCTS + 1}) n`,
];

// Many signed-in buyers on many addresses, as real traffic is. An anonymous order with the contact of
// an existing account waits for that account's code (issue 20), and every unpaid order counts against
// its buyer's and its address's holds (decision 019): one buyer on one address would measure a queue
// on those counters, not the order path.
const BUYERS = 500;
const buyerToken = (n) => `bench-buyer-session-token-${String(n).padStart(20, '0')}`;
SEED_SQL.push(
  `insert into users (id, email, mobile, owner_name, role, is_active, password_hash)
   select 'd2' || lpad(to_hex(n), 22, '0'), 'bench-buyer-' || n || '@example.com', (8000000000 + n)::text,
          'Bench Buyer', 'END_USER', true, 'x'
   from generate_series(0, ${BUYERS - 1}) n`,
  `insert into sessions (id, user_id, token_hash, expires_at) values ${Array.from(
    { length: BUYERS },
    (_, n) =>
      `('c2${n.toString(16).padStart(22, '0')}', 'd2${n.toString(16).padStart(22, '0')}', '${createHash(
        'sha256',
      )
        .update(buyerToken(n))
        .digest('hex')}', now() + interval '1 day')`,
  ).join(', ')}`,
);
/** One of the buyers, from an address of its own (the server trusts one proxy hop in the bench). */
const buyerHeaders = () => {
  const n = Math.floor(Math.random() * BUYERS);
  return { authorization: buyerToken(n), 'x-forwarded-for': `127.8.${n >> 8}.${n & 255}` };
};
const address = {
  firstName: 'Bench',
  lastName: 'Buyer',
  houseNo: '1',
  street: 'MG Road',
  landmark: 'Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  email: 'bench-buyer@example.com',
  mobile: '9000000000',
};
const orderBody = (pid) => JSON.stringify({ productId: pid, quantity: 1, address });
const ORDER_PATH = '/api/euOrder/saveOrder2';
/** One order as measureWithFloor sends it: a signed-in buyer, a fresh Idempotency-Key. */
const orderRequest = (pid) => ({
  path: ORDER_PATH,
  body: { productId: pid, quantity: 1, address },
  headers: { ...buyerHeaders(), 'idempotency-key': randomUUID() },
});
/** The order floor of the same requests, answering as many bytes as the order does. */
const orderFloorOf = (next, bytes) => () => ({ ...next(), path: `/bench/floor/order/${Math.round(bytes)}` });
const rand = (n) => Math.floor(Math.random() * n);

/**
 * `amount` autocannon POSTs, each with its own body and a fresh Idempotency-Key as a browser sends:
 * the status codes answered and the requests that got none.
 */
async function load(url, nextBody, { connections, amount }) {
  const statuses = {};
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: nextBody(),
              headers: { ...req.headers, ...buyerHeaders(), 'idempotency-key': randomUUID() },
            }),
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  return { errors: result.errors + result.timeouts, statuses };
}

/**
 * Peak RSS of the server `pid` while `fn` runs (sampled every 100 ms; the budget is 150 MB on
 * PostgreSQL, decision 015), and on the embedded rows the peak PSS of its PostgreSQL (every 1 s).
 */
async function withPeakMemory(pid, dataDir, fn) {
  let peak = rssMb(pid) ?? 0;
  let peakPostgres;
  let tick = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
    // PSS once a second: reading smaps_rollup of every process costs a few ms, which at 100 ms
    // would take CPU from the load being measured.
    tick += 1;
    const postgres = dataDir && tick % 10 === 0 ? memoryMb(pid, dataDir).postgres : undefined;
    if (postgres !== undefined) peakPostgres = Math.max(peakPostgres ?? 0, postgres);
  }, 100);
  try {
    return { ...(await fn()), peakRss: peak, peakPostgres };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Bare Fastify's POST, then each order row right after its floor, in the same run (lib.mjs
 * measureWithFloor): req/s, p50/p99 and the CPU a request cost the server and PostgreSQL, which
 * holds when the machine's speed moves between rows (bare Fastify itself swung 11,000-21,000 req/s
 * in an hour).
 */
function measure(opts, label, server, bare, { dataDir, postmaster }) {
  const pid = server.child.pid;
  return withPeakMemory(pid, dataDir, () =>
    measureWithFloor({
      server: server.baseURL,
      pid,
      postmaster,
      bare,
      bareRoute: ['bare Fastify POST /bare', () => ({ path: '/bare', body: JSON.parse(orderBody(HOT)) })],
      routes: [
        ['order, 100 products', () => orderRequest(productId(1 + rand(PRODUCTS))), orderFloorOf],
        ['order, one hot product', () => orderRequest(HOT), orderFloorOf],
      ],
      connections: opts.connections,
      duration: opts.duration,
      warmup: opts.warmup,
      slices: opts.slices,
      log: (line) => console.log(`[${label}] ${line}`),
    }),
  );
}

/** Sells out a stock of CHECK_STOCK with 4x as many orders; exactly CHECK_STOCK must succeed. */
async function oversellCheck(opts, server) {
  const attempts = CHECK_STOCK * 4;
  const r = await load(`${server.baseURL}${ORDER_PATH}`, () => orderBody(CHECK), {
    ...opts,
    amount: attempts,
  });
  return { attempts, created: r.statuses[201] ?? 0, refused: r.statuses[409] ?? 0, failed: r.errors };
}

/** What the database holds after the server stopped: the truth, whatever the clients saw. */
const countSql = `select (select count(*) from orders where product_id = '${CHECK}')::int as orders,
  (select inventory_quantity from products where id = '${CHECK}') as stock`;

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  try {
    console.log(`\n[${label}] migrating and seeding ${PRODUCTS + 2} products...`);
    const first = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: ADMIN,
      env: { SEED_DEMO: 'false' },
      captureOutput: true,
    });
    await stopServer(first.child);
    const seed = async (db) => {
      for (const statement of SEED_SQL) await db.exec(statement);
    };
    if (databaseUrl) await withPg(databaseUrl, seed);
    else await withEmbedded(dataDir, seed);

    const server = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: ADMIN,
      env: {
        SEED_DEMO: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
        RATE_LIMIT_ORDERS_PER_MINUTE: '100000000',
        // Orders stay unpaid, so each buyer soon reaches the caps on unpaid holds: lift them.
        UNPAID_ORDERS_MAX: '100000000',
        UNPAID_UNITS_MAX: '100000000',
        TRUST_PROXY: '1',
        PAYMENT_PROVIDER: 'simulator',
        ...FLOOR_ENV,
      },
      captureOutput: true,
      // A V8 CPU profile of the measured server, written when it stops (open it in Chrome DevTools).
      nodeArgs: opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProf)}`] : [],
    });
    const bare = await startBare('bare-fastify.mjs');
    try {
      const probe = await fetch(`${server.baseURL}${ORDER_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...buyerHeaders() },
        body: orderBody(HOT),
      });
      if (probe.status !== 201)
        throw new Error(`order probe answered ${probe.status}: ${await probe.text()}`);
      const loadBefore = loadAverage();
      const measured = await measure(
        opts,
        label,
        server,
        bare,
        databaseUrl ? { postmaster: await postmasterOf(databaseUrl) } : { dataDir },
      );
      const loadAfter = loadAverage();
      console.log(`[${label}] oversell check: ${CHECK_STOCK * 4} orders for a stock of ${CHECK_STOCK}...`);
      const check = await oversellCheck(opts, server);
      await stopServer(server.child);
      const count = async (db) => (await db.query(countSql))[0];
      const stored = databaseUrl ? await withPg(databaseUrl, count) : await withEmbedded(dataDir, count);
      return {
        label,
        measured,
        loadBefore,
        loadAfter,
        check: { ...check, orders: stored.orders, stock: stored.stock },
      };
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
    warmup: 2,
    // Each row and its floor take turns of duration / slices seconds (bench/lib.mjs measureWithFloor).
    slices: 5,
    connections: 50,
    skipEmbedded: false,
    cpuProf: undefined,
  });
  ensureBuilt();
  const results = [];
  if (!opts.skipEmbedded) results.push(await benchDatabase('embedded', opts));
  if (opts.postgres)
    results.push(
      await withPostgresDatabase(opts.postgres, 'bench_orders', (url) =>
        benchDatabase('PostgreSQL', opts, url),
      ),
    );

  console.log(
    `\nOrder creation benchmark (simulator payments): ${opts.connections} connections, ${opts.duration} s per row; ` +
      `${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}, ` +
      `load average ${loadAverage()}`,
  );
  let failed = false;
  for (const r of results) {
    const m = r.measured;
    console.log(
      `\n${r.label} (load average ${r.loadBefore} before the rows, ${r.loadAfter} after; server peak RSS ` +
        `${fmt(m.peakRss)} MB` +
        (m.peakPostgres === undefined ? '' : `, its PostgreSQL's peak PSS ${fmt(m.peakPostgres)} MB`) +
        ')',
    );
    floorTable(m);
    for (const row of m.rows) console.log(`${row.name}, its floor's answers: ${row.floor.statuses}`);
    const c = r.check;
    const ok = c.orders === CHECK_STOCK && c.stock === 0;
    failed ||= !ok;
    console.log(
      `oversell check: ${c.attempts} orders for a stock of ${CHECK_STOCK}: answers ${c.created} x 201, ${c.refused} x 409, ` +
        `${c.failed} timed out; stored ${c.orders} orders, stock left ${c.stock} -> ${ok ? 'no oversell' : 'OVERSOLD OR LOST STOCK'}`,
    );
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
