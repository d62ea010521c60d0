// Product page with 10,000 reviews (issue 41): seeds one approved seller with a store and one
// product, 10,000 public reviews that tag it (about 40% verified purchases, ratings skewed as real
// ones are) and 50,000 reviews of other products, with bulk SQL over a pg connection. Then loads the
// calls of the product page's first view (its ratings, its first page of reviews, the product, and
// the page the server draws with its JSON-LD) beside bare Fastify and the floor route, in one run,
// on the embedded PostgreSQL (the built server's own, decision 049) and, with --postgres, an outside
// one. Prints statements per request and the query plans of the reviews page and the ratings read.
//   node bench/product-reviews.mjs [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--skip-embedded]
//        [--reviews 10000 --background 50000 --duration 10 --warmup 2 --connections 10]
//        [--only 'ratings,reviews'] [--cpu-prof DIR]
//        [--seed-into postgres://…/db]  seed an empty database of your own, measure it and keep it
//        [--seeded postgres://…/db]     measure a database seeded by an earlier run, without seeding it
// --only also takes the product page's other calls, which are not rows by default: 'store', 'model'.
// Target (issue 41): the first page of reviews answers with a p99 <= 3x the floor's p99.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, serverEntry, startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import {
  benchDatabases,
  ensureBuilt,
  FLOOR_ENV,
  floorTable,
  fmt,
  loadAverage,
  measureWithFloor,
  parseArgs,
  postmasterOf,
  requestInit,
  startBare,
  statementCounter,
  withEmbedded,
  withPg,
} from './lib.mjs';

const DEFAULTS = {
  postgres: '',
  skipEmbedded: false,
  reviews: 10_000,
  background: 50_000,
  authors: 2_000,
  duration: 10,
  warmup: 2,
  connections: 10,
  only: '',
  cpuProf: '',
  seedInto: '',
  seeded: '',
};

/** As the product page asks for them (PRODUCT_REVIEWS_LIMIT and MODEL_SIZES_LIMIT in packages/domain). */
const PAGE = 6;
const MODEL_SIZES = 200;
/** Sellers and products the background reviews are about. */
const OTHER_SELLERS = 100;
const OTHER_PRODUCTS = 5_000;
/** A year, in seconds: the reviews' dates are spread over it. */
const YEAR = 365 * 24 * 3600;
const NEWEST = "timestamptz '2026-12-01'";

// Ids are 24 hex characters like the app's own: a kind prefix and a zero-padded number.
const hexId = (prefix, expr) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
const idOf = (prefix, n) => `${prefix}${n.toString(16).padStart(22, '0')}`;
const SELLER = idOf('f1', 1);
const PRODUCT = idOf('f4', 1);
const PRODUCT_NAME = 'Bench Audio Nimbus X2 Earbuds';

// Each review's draws, from PostgreSQL's integer hash of its number and a salt: the same seed on
// every run and every server, without a random() that would differ between them.
const draw = (s, salt, mod) => `((hashint4((${s}) * 7 + ${salt}) & 2147483647) % ${mod})`;
/** Stars as real reviews give them: 45% 5, 25% 4, 10% 3, 5% 2, 5% 1, 10% none (SQL null). */
const stars = (s) => {
  const d = draw(s, 1, 100);
  return `case when ${d} < 10 then null when ${d} < 15 then 1 when ${d} < 20 then 2
    when ${d} < 30 then 3 when ${d} < 55 then 4 else 5 end`;
};
/**
 * A post's `products`: one product, verified (ordered, with the order's day) for 40% of reviews.
 * jsonb_strip_nulls drops `rating` and `orderedOn` where there is none, as the app stores them.
 */
const taggedProduct = (s, name, productId, sellerId, createdAt) => {
  const verified = `${draw(s, 2, 100)} < 40`;
  return `jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
      'name', ${name}, 'productID', ${productId}, 'ordered', ${verified}, 'userId', ${sellerId},
      'rating', ${stars(s)},
      'orderedOn', case when ${verified} then to_char(${createdAt} - interval '6 days', 'YYYY-MM-DD') end)))`;
};
const createdAt = (s, salt) => `${NEWEST} - make_interval(secs => ${draw(s, salt, YEAR)})`;
const DESCRIPTION = `'Battery lasts a full day of calls and the case charges quickly. The fit is snug ' ||
  'and the sound is clear at the top of the range; the app is simple. Review number '`;
const MEDIA = `'[{"url":"/media/demo/bench.webp","thumbnail":""}]'::jsonb`;

function seedSql(o) {
  return [
    // The seller (approved: role SELLER), its store and its one product.
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
     values ('${SELLER}', 'seller@bench.test', 'Bench Audio', 'SELLER', true, true, 'x')`,
    `insert into shops (id, user_id, name, city, state, country, area, address, pin_code)
     values (${hexId('f6', '1')}, '${SELLER}', 'Bench Audio Store', 'Bengaluru', 'Karnataka', 'India',
             'Indiranagar', '12, 100 Feet Road', '560038')`,
    `insert into products (id, user_id, prdct_name, brand, model, colour, size, gender, parent_category_name,
        child_category_name, original_price, dsct_price, dsct_percent, retail_original_price, retail_dsct_price,
        retail_dsct_percent, description, media, seller_sku, dispatch_time, tags, is_active)
     values ('${PRODUCT}', '${SELLER}', '${PRODUCT_NAME}', 'Bench Audio', 'Nimbus X2', 'Black', '', 'Universal',
             'Electronics', 'Earbuds', 4999, 3999, 20, 4999, 3999, 20,
             'Wireless earbuds with a charging case.',
             '[{"type":"IMAGE","url":"/media/demo/bench.webp","thumbnail":""}]'::jsonb,
             'NIMBUS-X2', '1-2 Days', array['earbuds'], true)`,
    // The background: other sellers and their products, reviewed by the same people.
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
     select ${hexId('f3', 's')}, 'other' || s || '@bench.test', 'Other Seller ' || s, 'SELLER', true, false, 'x'
     from generate_series(1, ${OTHER_SELLERS}) s`,
    `insert into products (id, user_id, prdct_name, brand, model, description, is_active)
     select ${hexId('f7', 's')}, ${hexId('f3', `1 + s % ${OTHER_SELLERS}`)}, 'Other Product ' || s,
            'Other Brand ' || (s % ${OTHER_SELLERS}), 'Model ' || s, 'Another product.', true
     from generate_series(1, ${OTHER_PRODUCTS}) s`,
    `insert into users (id, email, owner_name, role, is_active, is_brand, password_hash)
     select ${hexId('f2', 's')}, 'reviewer' || s || '@bench.test', 'Bench Reviewer ' || s, 'END_USER', true, false, 'x'
     from generate_series(1, ${o.authors}) s`,
    // The product's reviews: public, kind 'review'. The rating trigger (migration 0060) counts
    // each as it is written; that count is what the ratings read, and is checked below.
    `insert into posts (id, author_id, author_name, type, kind, title, description, media, products,
        hashtags, is_private, created_at)
     select ${hexId('f5', 's')}, ${hexId('f2', `1 + ${draw('s', 3, o.authors)}`)},
            'Bench Reviewer ' || (1 + ${draw('s', 3, o.authors)}), 'IMAGE', 'review',
            'Nimbus X2, after ' || (1 + s % 11) || ' months', ${DESCRIPTION} || s, ${MEDIA},
            ${taggedProduct('s', `'${PRODUCT_NAME}'`, `'${PRODUCT}'`, `'${SELLER}'`, 'c')}, array['earbuds'], false, c
     from (select s, ${createdAt('s', 4)} as c from generate_series(1, ${o.reviews}) s) r`,
    // Reviews of other products over the same year (one in ten tags none, one in fifty is private),
    // so the GIN index and the dates interleave as on a real site.
    `insert into posts (id, author_id, author_name, type, kind, title, description, media, products,
        hashtags, is_private, created_at)
     select ${hexId('f8', 's')}, ${hexId('f2', `1 + ${draw('s', 5, o.authors)}`)},
            'Bench Reviewer ' || (1 + ${draw('s', 5, o.authors)}), 'IMAGE', 'review',
            'Other product, review ' || s, ${DESCRIPTION} || s, ${MEDIA},
            case when s % 10 = 0 then '[]'::jsonb else ${taggedProduct(
              's + 1000000',
              `'Other Product ' || p`,
              hexId('f7', 'p'),
              hexId('f3', `1 + p % ${OTHER_SELLERS}`),
              'c',
            )} end, array['bench'], s % 50 = 0, c
     from (select s, 1 + ${draw('s', 6, OTHER_PRODUCTS)} as p, ${createdAt('s', 7)} as c
           from generate_series(1, ${o.background}) s) r`,
    // Autovacuum would do this soon after a bulk load; the reads are measured right after it.
    'vacuum analyze users',
    'vacuum analyze shops',
    'vacuum analyze products',
    'vacuum analyze posts',
    'vacuum analyze rating_counts',
    'vacuum analyze recent_post_search',
  ];
}

// The statements behind the reviews page and the ratings, as the measured server sends them: a
// module preloaded into it (after the statement counter) keeps the text and values of the first of
// each in a file, for EXPLAIN once the server has stopped. Taken from the server rather than written
// here, so the plan shown is of the statement the build runs, whatever the repository selects by
// then. postsTaggingProduct (posts.repository.ts) prepares its first page as
// posts_tagging_product_first, with the tag and the page size as parameters; ratingCountsOf
// (verified-purchases.repository.ts) sends its read of rating_counts unprepared.
const captureModule = (file) =>
  `data:text/javascript,${encodeURIComponent(`
import fs from 'node:fs';
import { createRequire } from 'node:module';
const pg = createRequire(${JSON.stringify(path.join(repoRoot, 'package.json'))})('pg');
const seen = {};
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function captured(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  const values = config?.values ?? rest[0] ?? [];
  // The product's ratings, not a seller's (the store's page reads those).
  const key = config?.name === 'posts_tagging_product_first' ? 'reviews'
    : /^\\W*select\\b[\\s\\S]*\\bfrom "rating_counts"/.test(text ?? '') && values.includes(${JSON.stringify(PRODUCT)})
      ? 'ratings' : undefined;
  if (key && !seen[key]) {
    seen[key] = { text, values };
    fs.writeFileSync(${JSON.stringify(file)}, JSON.stringify(seen));
  }
  return original.call(this, config, ...rest);
};`)}`;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of `sql` prepared and run six times first, as the server's prepared
 * statement runs: PostgreSQL plans the first five runs for their values and then keeps one generic
 * plan ($1 in its conditions) only when that plan looks no dearer than theirs. The plan cache's
 * counts say which it did; with `generic` the generic plan is shown too (what a pool forcing it,
 * plan_cache_mode = force_generic_plan, would run).
 */
async function explainPrepared(db, name, sql, values, { generic = false } = {}) {
  const args = values
    .map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`))
    .join(', ');
  const explain = async () =>
    (await db.query(`explain (analyze, buffers) execute ${name}(${args})`)).map((r) => r['QUERY PLAN']);
  await db.exec(`prepare ${name} as ${sql}`);
  try {
    for (let i = 0; i < 6; i += 1) await db.exec(`execute ${name}(${args})`);
    const plan = await explain();
    const [cache] = await db.query(
      `select generic_plans, custom_plans from pg_prepared_statements where name = '${name}'`,
    );
    const lines = [
      `(plan cache after seven runs: ${cache.custom_plans} custom, ${cache.generic_plans} generic)`,
      ...plan,
    ];
    if (generic) {
      await db.exec('set plan_cache_mode = force_generic_plan');
      lines.push('-- the generic plan, forced:', ...(await explain()));
      await db.exec('reset plan_cache_mode');
    }
    return lines.join('\n');
  } finally {
    await db.exec(`deallocate ${name}`);
  }
}

async function seedAndCount(db, opts, label) {
  const started = performance.now();
  for (const statement of opts.seeded ? [] : seedSql(opts)) {
    const t0 = performance.now();
    await db.exec(statement);
    console.log(
      `[${label}] ${statement.trim().split('\n')[0].slice(0, 60)}... ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const seedMs = performance.now() - started;
  // The trigger's counts must add up to the product's public reviews, one row per (stars, verified).
  const counts = await db.query(
    `select stars, verified, reviews from rating_counts
     where subject_kind = 'product' and subject_id = '${PRODUCT}' order by stars desc, verified desc`,
  );
  const [{ total }] = await db.query(
    `select sum(reviews)::int as total from rating_counts
     where subject_kind = 'product' and subject_id = '${PRODUCT}'`,
  );
  if (total !== opts.reviews) throw new Error(`rating_counts sums to ${total}, not ${opts.reviews}`);
  const [{ posts }] = await db.query('select count(*)::int as posts from posts');
  return { seedMs, counts, total, posts };
}

/** The plans of the captured statements, with the values the page sends. */
async function explainCaptured(db, file) {
  const captured = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!captured.reviews || !captured.ratings) throw new Error('the server sent no reviews or ratings read');
  return {
    'reviews page (posts_tagging_product_first)': await explainPrepared(
      db,
      'bench_reviews',
      captured.reviews.text,
      captured.reviews.values,
      { generic: true },
    ),
    'ratings (rating_counts)': await explainPrepared(
      db,
      'bench_ratings',
      captured.ratings.text,
      captured.ratings.values,
    ),
  };
}

const ROUTES = [
  ['ratings summary', () => ({ path: `/api/products/getProductRatings/${PRODUCT}` })],
  [
    'reviews, first page',
    () => ({ path: `/api/inflncr/getPostsByTaggedProductId/${PRODUCT}?limit=${PAGE}` }),
  ],
  ['product by id', () => ({ path: `/api/products/getProductOnId/${PRODUCT}` })],
  ['product page (server-drawn)', () => ({ path: `/product/${PRODUCT}` })],
];
// The page's two other calls (productPageCalls in packages/domain), to see what the drawn page
// costs beyond its parts; rows only when --only names them.
const PAGE_CALLS = [
  [
    'store (page call)',
    () => ({ path: `/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${SELLER}` }),
  ],
  [
    'catalogue by model (page call)',
    () => ({ path: `/api/products/getProductOnUserId/${SELLER}/1/${MODEL_SIZES}?model=Nimbus%20X2` }),
  ],
];

/** Each route answers 200 before it is loaded; the summary and the page say 10,000 reviews. */
async function probe(baseURL, routes, reviews) {
  for (const [name, next] of routes) {
    const r = next();
    const res = await fetch(baseURL + r.path, requestInit(r));
    if (res.status !== 200) throw new Error(`${name}: answered ${res.status}`);
    await res.arrayBuffer();
  }
  // Both reads once whatever --only chose, so that their statements are captured for EXPLAIN.
  await (await fetch(`${baseURL}${ROUTES[1][1]().path}`)).arrayBuffer();
  const summary = (await (await fetch(`${baseURL}${ROUTES[0][1]().path}`)).json()).Data;
  if (summary.reviews !== reviews) throw new Error(`the ratings summary counts ${summary.reviews} reviews`);
  const html = await (await fetch(`${baseURL}/product/${PRODUCT}`)).text();
  const aggregate = /"aggregateRating":(\{[^}]*\})/.exec(html)?.[1];
  if (!aggregate) throw new Error('the product page has no AggregateRating');
  return { summary, aggregate };
}

async function benchDatabase(label, opts, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-product-reviews-'));
  const admin = { email: 'admin@bench.test', password: 'Bench-Admin-Pass-2024!' };
  try {
    console.log(`\n[${label}] migrating, then seeding ${fmt(opts.reviews)} reviews of one product...`);
    const first = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin,
      env: { SEED_DEMO: 'false' },
      captureOutput: true,
    });
    await stopServer(first.child);
    const seed = (db) => seedAndCount(db, opts, label);
    const seeded = databaseUrl ? await withPg(databaseUrl, seed) : await withEmbedded(dataDir, seed);
    const capturedFile = path.join(dataDir, 'captured-statements.json');

    const counter = statementCounter(dataDir);
    const server = await startBuiltServer({
      dataDir,
      databaseUrl,
      admin,
      env: { RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'false', ...FLOOR_ENV, ...counter.env },
      captureOutput: true,
      nodeArgs: [
        ...counter.nodeArgs,
        '--import',
        captureModule(capturedFile),
        // A V8 CPU profile of the measured server, written when it stops (open it in Chrome DevTools).
        ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProf)}`] : []),
      ],
    });
    const postmaster = databaseUrl ? await postmasterOf(databaseUrl) : undefined;
    const bare = await startBare('bare-server.mjs');
    try {
      const routes = opts.only
        ? [...ROUTES, ...PAGE_CALLS].filter(([name]) =>
            opts.only.split(',').some((o) => name.includes(o.trim())),
          )
        : ROUTES;
      const checked = await probe(server.baseURL, routes, opts.reviews);
      const loadBefore = loadAverage();
      const measured = await measureWithFloor({
        server: server.baseURL,
        pid: server.child.pid,
        postmaster,
        statements: () => counter.count(server.child.pid),
        bare,
        routes,
        connections: opts.connections,
        duration: opts.duration,
        warmup: opts.warmup,
        log: (line) => console.log(`[${label}] ${line}`),
      });
      const result = { label, seeded, checked, measured, loadBefore, loadAfter: loadAverage() };
      await stopServer(server.child);
      // The embedded cluster is the server's own: it is free for EXPLAIN once the server has stopped.
      const explain = (db) => explainCaptured(db, capturedFile);
      result.plans = databaseUrl ? await withPg(databaseUrl, explain) : await withEmbedded(dataDir, explain);
      return result;
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
  const results = await benchDatabases(opts, 'bench_reviews', (label, url) =>
    benchDatabase(label, opts, url),
  );

  // Which build was measured: another session may rebuild the app between two runs.
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  console.log(
    `\nBuilt server of ${fs.statSync(serverEntry).mtime.toISOString()} (HEAD ${commit.stdout?.trim() || '?'})`,
  );
  console.log(
    `Product reviews benchmark: one product with ${fmt(opts.reviews)} reviews among ` +
      `${fmt(opts.reviews + opts.background)} posts; ${opts.connections} connections, ${opts.duration} s per row ` +
      `after ${opts.warmup} s warm-up; ${os.cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString()}`,
  );
  for (const r of results) {
    const { summary } = r.checked;
    console.log(
      `\n${r.label} (seeded ${fmt(r.seeded.posts)} posts in ${fmt(r.seeded.seedMs / 1000, 1)} s; ` +
        `load average ${r.loadBefore} before the rows, ${r.loadAfter} after)`,
    );
    console.log(
      `rating_counts of the product: sum(reviews) = ${fmt(r.seeded.total)} in ${r.seeded.counts.length} rows ` +
        `(${r.seeded.counts.map((c) => `${c.stars}${c.verified ? 'v' : ''}:${c.reviews}`).join(' ')}); ` +
        `summary: ${summary.reviews} reviews, ${summary.verifiedReviews} verified, ${summary.ratings} rated, ` +
        `average ${summary.average}; page JSON-LD ${r.checked.aggregate}`,
    );
    floorTable(r.measured);
    for (const [name, plan] of Object.entries(r.plans)) console.log(`\n${r.label} plan, ${name}:\n${plan}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
