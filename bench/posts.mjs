// Review posts benchmark: seeds 1,000,000 posts with generate_series, then loads the Similar
// Responses search (POST app/webSearch), the review feed (page 1, page 1,000 by key and, for
// comparison, page 1,000 by offset) and a brand's review list, on an outside PostgreSQL (--postgres)
// and the embedded one (the built server's own, decision 049). A bare Fastify route is measured in
// the same run; query plans of the reads are printed.
//   npm run bench:posts -- -- --postgres postgres://postgres@127.0.0.1:5432/test
//   node bench/posts.mjs --posts 100000 --connections 10,50 [--skip-embedded] [--only 'feed page 1,Similar']
// Each row is measured beside the floor route of its own answer's size (lib.mjs) and bare Fastify.
import { randomBytes } from 'node:crypto';
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
  requestInit,
  isSkipEmbedded,
  startBare,
  withEmbedded,
  withPg,
} from './lib.mjs';

const AUTHORS = 10_000;
const BRANDS = 100;
const STORES = 200;
const PAGE = 10;
const DEEP_PAGE = 1000;

function parseArgs(argv) {
  const opts = {
    postgres: undefined,
    posts: 1_000_000,
    duration: 10,
    warmup: 2,
    connections: [10, 50],
    skipEmbedded: false,
    database: undefined,
    keep: false,
    reuse: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const v = argv[(i += 1)];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--postgres') opts.postgres = value();
    else if (arg === '--posts') opts.posts = Number(value());
    else if (arg === '--duration') opts.duration = Number(value());
    else if (arg === '--warmup') opts.warmup = Number(value());
    else if (arg === '--connections') opts.connections = value().split(',').map(Number);
    else if (isSkipEmbedded(arg)) opts.skipEmbedded = true;
    else if (arg === '--plans-only') opts.plansOnly = true;
    else if (arg === '--only') opts.only = value();
    else if (arg === '--database') opts.database = value();
    else if (arg === '--keep') opts.keep = true;
    else if (arg === '--reuse') opts.reuse = opts.keep = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

// Ids are 24 hex characters like the app's own: a kind prefix and a zero-padded number.
const hexId = (prefix, expr) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
const userId = (prefix, n) => `${prefix}${n.toString(16).padStart(22, '0')}`;
const brandId = (n) => userId('b1', n);

// 8,000 made-up words of three syllables; each appears in about 3,000 of a million posts, so a
// search of three words matches about 9,000 posts before ranking, a realistic and not a cheap case.
const SYLLABLES = [
  'ba',
  'ke',
  'lo',
  'mi',
  'nu',
  'pa',
  're',
  'si',
  'to',
  'vu',
  'da',
  'fe',
  'go',
  'hi',
  'ju',
  'ka',
  'le',
  'mo',
  'ni',
  'pu',
];
const VOCABULARY = 8000;
const wordOf = (x) =>
  SYLLABLES[x % 20] + SYLLABLES[Math.floor(x / 20) % 20] + SYLLABLES[Math.floor(x / 400) % 20];
const syllables = `array[${SYLLABLES.map((s) => `'${s}'`).join(',')}]`;
/** The k-th word of post `s`: a multiplicative hash of both, as SQL. */
const wordSql = (k) => {
  const x = `((s::bigint * ${2654435761 + k * 40503} + ${k * 7919}) % ${VOCABULARY})`;
  return `(${syllables})[1 + ${x} % 20] || (${syllables})[1 + (${x} / 20) % 20] || (${syllables})[1 + (${x} / 400) % 20]`;
};
const words = (from, count) => Array.from({ length: count }, (_, i) => wordSql(from + i)).join(` || ' ' || `);

function seedSql(total) {
  return [
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
     select ${hexId('a1', 's')}, 'author' || s || '@bench.test', 'Bench Author ' || s, 'END_USER', true, false, 'x'
     from generate_series(1, ${AUTHORS}) s`,
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
     select ${hexId('b1', 's')}, 'brand' || s || '@bench.test', 'Bench Brand ' || s, 'SELLER', true, true, 'x'
     from generate_series(1, ${BRANDS}) s`,
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
     select ${hexId('c1', 's')}, 'store' || s || '@bench.test', 'Bench Store ' || s, 'SELLER', true, false, 'x'
     from generate_series(1, ${STORES}) s`,
    // Indexes are built once after the load rather than row by row, and the copy of the search
    // window (migration 0014) is filled once after it too.
    'drop index if exists posts_search_idx',
    'drop index if exists posts_feed_idx',
    'alter table posts disable trigger posts_recent_search_insert',
    `insert into posts (id, author_id, author_name, type, title, description, media, products, hashtags,
        brand_user_id, store_user_id, is_private, created_at)
     select ${hexId('d1', 's')}, ${hexId('a1', `1 + s % ${AUTHORS}`)}, 'Bench Author ' || (1 + s % ${AUTHORS}), 'IMAGE',
            ${words(0, 4)}, ${words(4, 20)},
            '[{"url":"/media/demo/bench.webp","thumbnail":""}]'::jsonb, '[]'::jsonb, array['bench'],
            ${hexId('b1', `1 + s % ${BRANDS}`)}, ${hexId('c1', `1 + s % ${STORES}`)}, s % 50 = 0,
            timestamptz '2026-01-01' - make_interval(secs => s * 7)
     from generate_series(1, ${total}) s`,
    `create index posts_search_idx on posts using gin (search_vector) with (fastupdate = off)`,
    `create index posts_feed_idx on posts using btree (created_at, id) where not is_private`,
    'alter table posts enable trigger posts_recent_search_insert',
    `select refill_recent_post_search(${SEARCH_WINDOW})`,
    // Autovacuum would do this soon after a bulk load; the reads are measured right after it.
    'vacuum analyze posts',
    'vacuum analyze users',
    'vacuum analyze recent_post_search',
  ];
}

const encodeKeyset = (createdAt, id) => Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
// As lib/full-text.ts builds it: any of the words, the last one as a prefix.
const tsquery = (text) =>
  `to_tsquery('english', '${text
    .split(' ')
    .map((w, i, all) => (i === all.length - 1 ? `${w}:*` : w))
    .join(' | ')}')`;

// The SQL the routes run (as the repository builds it, parameters filled in), for EXPLAIN.
const COLUMNS =
  'posts.id, posts.author_id, posts.author_name, posts.type, posts.title, posts.description, posts.media, posts.links, posts.products, posts.hashtags, posts.created_at';
const newest = 'order by posts.created_at desc, posts.id desc';
const SEARCH_WINDOW = 20_000;
const plansSql = (search, cursor, brand, windowStart) => ({
  'Similar Responses search, window start': `select posts.created_at::text from posts where not is_private
      ${newest} limit 1 offset ${SEARCH_WINDOW - 1}`,
  'Similar Responses search': `with ranked as (select post_id, created_at, ts_rank(search_vector, ${tsquery(search)}) as rank,
        count(*) over () as matches from recent_post_search
      where search_vector @@ ${tsquery(search)} and created_at >= '${windowStart}'::timestamptz
      order by rank desc, created_at desc, post_id desc limit ${PAGE})
    select ${COLUMNS}, ranked.matches from ranked join posts on posts.id = ranked.post_id where not is_private
    order by ranked.rank desc, ranked.created_at desc, ranked.post_id desc`,
  'feed page 1': `select ${COLUMNS} from posts where not is_private ${newest} limit ${PAGE}`,
  [`feed page ${DEEP_PAGE} by key`]: `select ${COLUMNS} from posts where not is_private
      and (created_at, id) < ('${cursor.createdAt}'::timestamptz, '${cursor.id}') ${newest} limit ${PAGE}`,
  [`feed page ${DEEP_PAGE} by offset`]: `select ${COLUMNS} from posts where posts.id in (select id from posts
      where not is_private ${newest} limit ${PAGE} offset ${(DEEP_PAGE - 1) * PAGE}) ${newest}`,
  "a brand's reviews": `select ${COLUMNS} from posts where posts.id in (
      (select id from posts where store_user_id = '${brand}' and not is_private ${newest} limit ${PAGE})
      union (select id from posts where brand_user_id = '${brand}' and not is_private ${newest} limit ${PAGE})
      union (select id from posts where influencer_user_id = '${brand}' and not is_private ${newest} limit ${PAGE}))
      ${newest} limit ${PAGE}`,
});

const rand = (n) => Math.floor(Math.random() * n);
const randomSearch = () => [0, 1, 2].map(() => wordOf(rand(VOCABULARY))).join(' ');

async function seedAndExplain(db, total, log, reuse) {
  const started = performance.now();
  for (const statement of reuse ? [] : seedSql(total)) {
    const t0 = performance.now();
    await db.exec(statement);
    log(`  ${statement.split('\n')[0].slice(0, 60)}... ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const seedMs = performance.now() - started;
  // Cursors of deep pages, as a client that walked there would hold them (the last row of page
  // DEEP_PAGE - 1, and of pages around it so that requests differ). `posts.created_at`: a bare
  // `created_at` in `order by` would name the text column selected, a sort of every post.
  const cursors = [];
  for (const page of [DEEP_PAGE - 50, DEEP_PAGE - 20, DEEP_PAGE - 1, DEEP_PAGE + 20, DEEP_PAGE + 50]) {
    const [row] = await db.query(
      `select created_at::text as created_at, id from posts where not is_private
       order by posts.created_at desc, posts.id desc offset ${page * PAGE - 1} limit 1`,
    );
    cursors.push({ createdAt: row.created_at, id: row.id });
  }
  const [edge] = await db.query(
    `select created_at::text as created_at from posts where not is_private
     order by posts.created_at desc, posts.id desc offset ${SEARCH_WINDOW - 1} limit 1`,
  );
  const plans = {};
  for (const [name, sql] of Object.entries(
    plansSql(randomSearch(), cursors[2], brandId(37), edge?.created_at ?? '-infinity'),
  )) {
    const rows = await db.query(`explain (analyze, costs off, timing off, summary on) ${sql}`);
    plans[name] = rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  return { seedMs, cursors, plans };
}

const feedPath = '/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all';
function routes(cursors) {
  return {
    'bare Fastify route': () => ({ path: '/bare' }),
    'Similar Responses search': () => ({
      path: '/api/app/webSearch',
      body: { search: randomSearch(), pagination: { page: 1, limit: PAGE } },
    }),
    'feed page 1': () => ({ path: `${feedPath}/1/${PAGE}` }),
    [`feed page ${DEEP_PAGE} by key`]: () => {
      const c = cursors[rand(cursors.length)];
      return { path: `${feedPath}/${DEEP_PAGE}/${PAGE}?after=${encodeKeyset(c.createdAt, c.id)}` };
    },
    [`feed page ${DEEP_PAGE} by offset`]: () => ({
      path: `${feedPath}/${DEEP_PAGE - 20 + rand(40)}/${PAGE}`,
    }),
    "a brand's reviews": () => ({
      path: `/api/inflncr/getPostsByTaggedStoreUserId/${brandId(1 + rand(BRANDS))}`,
    }),
  };
}

async function measure(opts, label, baseURL, bare, cursors) {
  const all = Object.entries(routes(cursors)).filter(([name]) => !name.startsWith('bare'));
  const chosen = all.filter(([name]) => !opts.only || opts.only.split(',').some((o) => name.includes(o)));
  for (const [name, next] of chosen) {
    const probe = next();
    const res = await fetch(baseURL + probe.path, requestInit(probe));
    // Similar Responses answers 404 "No results found!" when nothing matches; both are answers.
    if (res.status !== 200 && res.status !== 404) throw new Error(`${name}: answered ${res.status}`);
  }
  const results = [];
  for (const connections of opts.connections) {
    const measured = await measureWithFloor({
      server: baseURL,
      bare,
      routes: chosen,
      connections,
      duration: opts.duration,
      warmup: opts.warmup,
      log: (line) => console.log(`[${label}] ${line}`),
    });
    results.push({ connections, ...measured, load: os.loadavg() });
  }
  return results;
}

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-posts-'));
  try {
    console.log(`\n[${label}] migrating, then seeding ${opts.posts.toLocaleString('en-US')} posts...`);
    // Migrating again is a no-op on a reused database, and applies any new migration to it.
    const first = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
      env: { SEED_DEMO: 'false' },
      captureOutput: true,
    });
    await stopServer(first.child);
    const log = (line) => console.log(`[${label}]${line}`);
    const seeded = databaseUrl
      ? await withPg(databaseUrl, (db) => seedAndExplain(db, opts.posts, log, opts.reuse))
      : await withEmbedded(dataDir, (db) => seedAndExplain(db, opts.posts, log));

    if (opts.plansOnly) return { label, seeded, rows: [] };
    const server = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin: { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' },
      env: { RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false', ...FLOOR_ENV },
      captureOutput: true,
    });
    const bare = await startBare();
    try {
      const rows = await measure(opts, label, server.baseURL, bare, seeded.cursors);
      return { label, seeded, rows };
    } finally {
      await stopServer(bare.child);
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A new database (`--database NAME`, else a random name) dropped afterwards; `--keep` keeps it and
 * `--reuse` measures an already seeded one again (seeding a million posts takes minutes).
 */
async function withPostgresDatabase(serverUrl, opts, fn) {
  const name = opts.database ?? `bench_posts_${randomBytes(4).toString('hex')}`;
  if (!opts.reuse) await withPg(serverUrl, (db) => db.exec(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    if (!opts.keep) await withPg(serverUrl, (db) => db.exec(`drop database if exists ${name} with (force)`));
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  ensureBuilt();
  const results = [];
  if (opts.postgres) {
    results.push(
      await withPostgresDatabase(opts.postgres, opts, (url) => benchDatabase('PostgreSQL', opts, url)),
    );
  }
  if (!opts.skipEmbedded) results.push(await benchDatabase('embedded', opts));

  console.log(
    `\nPosts benchmark: ${opts.posts.toLocaleString('en-US')} posts, ${opts.duration} s per row after ` +
      `${opts.warmup} s warm-up; ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}`,
  );
  for (const r of results) {
    console.log(`\n${r.label} (seeded in ${fmt(r.seeded.seedMs / 1000, 1)} s)`);
    for (const m of r.rows) {
      console.log(`\n${m.connections} clients (load average ${m.load.map((n) => n.toFixed(2)).join(' ')})`);
      floorTable(m);
    }
    for (const [name, plan] of Object.entries(r.seeded.plans))
      console.log(`\n${r.label} plan, ${name}:\n${plan}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
