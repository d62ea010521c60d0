// Header search benchmark (issue 22, decision 024): seeds posts, queries, products and stores with
// generate_series, then loads GET /api/search (every kind at once, a misspelt brand, one kind's
// second page) beside a bare Fastify route measured in the same run, on the embedded PostgreSQL (the
// built server's own, decision 049) and, with --postgres, on an outside PostgreSQL. Figures are
// printed as they are and as ratios to the bare route.
//   node bench/search.mjs [--postgres postgres://postgres@127.0.0.1:5432/test] [--skip-embedded]
//        [--posts 100000 --products 100000 --stores 20000 --queries 50000 --duration 10 --connections 10]
//        [--seeded postgres://…/db]   measure a database seeded by an earlier run as it is (no seeding,
//                                     not dropped): to try a change again without seeding again
//        [--seed-into postgres://…/db] seed an empty database of your own, measure it and keep it
//                                     (for --seeded afterwards)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import {
  benchDatabases,
  ensureBuilt,
  FLOOR_ENV,
  floorTable,
  measureWithFloor,
  parseArgs,
  postmasterOf,
  requestInit,
  startBare,
  withEmbedded,
  withPg,
} from './lib.mjs';

const DEFAULTS = {
  postgres: '',
  skipEmbedded: false,
  posts: 100_000,
  products: 100_000,
  stores: 20_000,
  queries: 50_000,
  sellers: 2_000,
  duration: 10,
  warmup: 2,
  connections: 10,
  only: '',
  seeded: '',
  seedInto: '',
};

const hexId = (prefix, expr) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
// Eight letters per number, as varied as real brand and store names (the same number, the same word).
const word = (expr) => `translate(substr(md5((${expr})::text), 1, 8), '0123456789', 'ghijklmnop')`;
const VOCABULARY = 3_000;

function seedSql(o) {
  return [
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
      select ${hexId('e1', 's')}, 'bench-seller' || s || '@bench.test', 'Bench Seller ' || s,
             case when s % 20 = 0 then 'USER' else 'SELLER' end, s % 20 <> 0, s % 2 = 0, 'x'
      from generate_series(1, ${o.sellers}) s`,
    `insert into shops (id, user_id, name, area, city)
      select ${hexId('e2', 's')}, ${hexId('e1', `1 + s % ${o.sellers}`)},
             initcap(${word('s % 4000')}) || ' ' || initcap(${word('s % 97 + 100000')}), 'Area ' || s % 300, 'City ' || s % 50
      from generate_series(1, ${o.stores}) s`,
    `insert into products (id, user_id, prdct_name, brand, model, description, is_active)
      select ${hexId('e3', 's')}, ${hexId('e1', `1 + s % ${o.sellers}`)},
             ${word(`s % ${VOCABULARY}`)} || ' ' || ${word(`(s * 7) % ${VOCABULARY}`)}, initcap(${word('s % 1500 + 200000')}),
             upper(${word('s % 20000 + 300000')}), ${word(`(s * 13) % ${VOCABULARY}`)} || ' ' || ${word(`(s * 17) % ${VOCABULARY}`)},
             s % 10 <> 0
      from generate_series(1, ${o.products}) s`,
    `insert into queries (id, text, asker_name, created_at)
      select ${hexId('e4', 's')}, ${word(`s % ${VOCABULARY}`)} || ' ' || ${word(`(s * 11) % ${VOCABULARY}`)} || ' question',
             'Bench Asker', timestamptz '2026-01-01' - make_interval(secs => s * 7)
      from generate_series(1, ${o.queries}) s`,
    `insert into posts (id, author_id, author_name, title, description, is_private, created_at)
      select ${hexId('e5', 's')}, ${hexId('e1', `1 + s % ${o.sellers}`)}, 'Bench Author',
             ${word(`s % ${VOCABULARY}`)} || ' ' || ${word(`(s * 3) % ${VOCABULARY}`)},
             ${word(`(s * 5) % ${VOCABULARY}`)} || ' ' || ${word(`(s * 19) % ${VOCABULARY}`)}, s % 50 = 0,
             timestamptz '2026-01-01' - make_interval(secs => s * 7)
      from generate_series(1, ${o.posts}) s`,
    'vacuum analyze users',
    'vacuum analyze shops',
    'vacuum analyze products',
    'vacuum analyze queries',
    'vacuum analyze posts',
    'vacuum analyze recent_post_search',
  ];
}

/** The words the seed used, read back: searches ask for words that exist, as people mostly do. */
async function vocabulary(db) {
  const brands = (await db.query(`select distinct lower(brand) as w from products limit 500`)).map(
    (r) => r.w,
  );
  const words = (
    await db.query(`select distinct split_part(prdct_name, ' ', 1) as w from products limit 500`)
  ).map((r) => r.w);
  return { brands, words };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const swap = (w) => `${w.slice(0, 3)}${w[4]}${w[3]}${w.slice(5)}`;
/** The first 3 to 8 letters of a word, as a person types it: what the suggestions are asked for. */
const prefix = (w) => w.slice(0, 3 + Math.floor(Math.random() * Math.max(1, w.length - 2)));

function routes(v) {
  return {
    'search, every kind, one word': () => ({ path: `/api/search?q=${pick(v.words)}` }),
    'search, every kind, two words': () => ({ path: `/api/search?q=${pick(v.words)}+${pick(v.words)}` }),
    'search, misspelt brand': () => ({ path: `/api/search?q=${swap(pick(v.brands))}` }),
    'search, products page 2': () => ({ path: `/api/search?q=${pick(v.words)}&kind=products&page=2` }),
    // Each kind alone, to see which one the header search waits on.
    ...Object.fromEntries(
      ['posts', 'queries', 'products', 'stores'].map((kind) => [
        `search, ${kind} only, two words`,
        () => ({ path: `/api/search?q=${pick(v.words)}+${pick(v.words)}&kind=${kind}` }),
      ]),
    ),
    // Suggestions while typing (issue 39). The answers are remembered for 5 s, so these ask for
    // distinct texts: a known word then a prefix of another (millions of combinations), one
    // prefix alone (thousands: some repeat within 5 s), and a misspelt brand's prefix.
    'suggest, second word being typed': () => ({
      path: `/api/search/suggest?q=${pick(v.words)}+${prefix(pick(v.words))}`,
    }),
    'suggest, first word being typed': () => ({ path: `/api/search/suggest?q=${prefix(pick(v.words))}` }),
    'suggest, misspelt brand': () => ({
      path: `/api/search/suggest?q=${swap(pick(v.brands))}+${prefix(pick(v.words))}`,
    }),
    // The posts bench's search route on the same data, for a comparison within one run.
    'Similar Responses (posts bench)': () => ({
      path: '/api/app/webSearch',
      body: { search: `${pick(v.words)} ${pick(v.words)}`, pagination: { page: 1, limit: 10 } },
    }),
  };
}

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const admin = { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' };
  try {
    const first = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin,
      env: { SEED_DEMO: 'false' },
      captureOutput: true,
    });
    await stopServer(first.child);
    const seed = async (db) => {
      for (const statement of opts.seeded ? [] : seedSql(opts)) {
        const t0 = performance.now();
        await db.exec(statement);
        console.log(
          `[${label}] ${statement.trim().split('\n')[0].slice(0, 50)}... ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
      return vocabulary(db);
    };
    const v = databaseUrl ? await withPg(databaseUrl, seed) : await withEmbedded(dataDir, seed);
    const server = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin,
      env: { RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false', ...FLOOR_ENV },
      captureOutput: true,
    });
    // CPU per request (the server's and its PostgreSQL's) beside the floor's: unlike p99 it holds
    // when other work shares the machine.
    const postmaster = databaseUrl ? await postmasterOf(databaseUrl) : undefined;
    const bare = await startBare('bare-server.mjs');
    try {
      const chosen = Object.entries(routes(v)).filter(
        ([name]) => !opts.only || opts.only.split(',').some((o) => name.includes(o)),
      );
      for (const [name, next] of chosen) {
        const probe = await fetch(server.baseURL + next().path, requestInit(next()));
        // Similar Responses answers 404 "No results found!" when nothing matches; both are answers.
        if (probe.status !== 200 && probe.status !== 404)
          throw new Error(`${name}: answered ${probe.status}`);
      }
      const measured = await measureWithFloor({
        server: server.baseURL,
        pid: server.child.pid,
        postmaster,
        bare,
        routes: chosen,
        connections: opts.connections,
        duration: opts.duration,
        warmup: opts.warmup,
        log: (line) => console.log(`[${label}] ${line}`),
      });
      return { label, measured, load: os.loadavg() };
    } finally {
      await stopServer(bare.child);
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2), DEFAULTS);
  ensureBuilt();
  const results = await benchDatabases(opts, 'bench_search', (label, url) => benchDatabase(label, opts, url));
  console.log(
    `\nSearch benchmark: ${opts.seeded ? 'a database seeded earlier' : `${opts.posts} posts, ${opts.products} products, ${opts.stores} stores, ${opts.queries} queries`}; ` +
      `${opts.connections} connections, ${opts.duration} s per row; ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}`,
  );
  for (const r of results) {
    console.log(`\n${r.label} (load average ${r.load.map((n) => n.toFixed(2)).join(' ')})`);
    floorTable(r.measured);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
