// Scale-out benchmark: the lookup and catalogue reads with WORKERS=1 and WORKERS=2 on PostgreSQL and
// Redis, each next to a bare Fastify route measured right before it (the yardstick of every bench).
//   npm run build && npm run bench:workers
//   node bench/workers.mjs --postgres postgres://postgres@127.0.0.1:5432/test --redis redis://127.0.0.1:6379/6
//   node bench/workers.mjs --duration 10 --connections 50
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import { parseArgs, startBare, withPg, withPostgresDatabase } from './lib.mjs';

function load(url, opts, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: opts.connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(url, opts) {
  await load(url, opts, opts.warmup);
  const r = await load(url, opts, opts.duration);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const LOOKUPS = ['/api/states/getAllStates', '/api/category/getAllParentCategory'];

/** A demo store's first catalogue page, the read a buyer makes most. */
async function catalogueEndpoint(databaseUrl) {
  const rows = await withPg(databaseUrl, (db) =>
    db.query('select user_id from products where is_active group by user_id order by count(*) desc limit 1'),
  );
  return rows[0] ? `/api/products/getProductOnUserId/${rows[0].user_id}/1/20` : undefined;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2), {
    postgres: 'postgres://postgres@127.0.0.1:5432/test',
    redis: 'redis://127.0.0.1:6379/6',
    duration: 8,
    warmup: 2,
    connections: 50,
    rounds: 2,
  });
  console.log(
    `Scale-out bench: ${os.cpus().length} cores, ${opts.connections} connections, ${opts.duration} s per row, PostgreSQL and Redis`,
  );
  const bare = await startBare();
  const rows = [];
  try {
    await withPostgresDatabase(opts.postgres, 'bench_workers', async (databaseUrl) => {
      // Alternating rounds (1, 2, 2, 1, ...) so a slow spell of a noisy machine hits both settings.
      const order = Array.from({ length: opts.rounds }, (_, i) =>
        i % 2 === 0 ? ['1', '2'] : ['2', '1'],
      ).flat();
      for (const workers of order) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-bench-'));
        const server = await startBuiltServer({
          dataDir,
          databaseUrl,
          captureOutput: true,
          admin: { email: 'bench-admin@example.com', password: 'Bench-admin-42' },
          env: {
            WORKERS: workers,
            REDIS_URL: opts.redis,
            RATE_LIMIT_PER_MINUTE: '100000000',
            LOG_LEVEL: 'info',
          },
        });
        try {
          const catalogue = await catalogueEndpoint(databaseUrl);
          for (const endpoint of [...LOOKUPS, ...(catalogue ? [catalogue] : [])]) {
            const probe = await fetch(server.baseURL + endpoint);
            if (probe.status !== 200) {
              console.log(`  skipped ${endpoint}: ${probe.status}`);
              continue;
            }
            const yardstick = await measure(`${bare.baseURL}/bare`, { ...opts, duration: 3 });
            const result = await measure(server.baseURL + endpoint, opts);
            rows.push({ workers, endpoint, bareRps: yardstick.rps, ...result });
          }
        } finally {
          await stopServer(server.child);
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    });
  } finally {
    await stopServer(bare.child);
  }

  const pad = (s, n) => String(s).padEnd(n);
  console.log(
    `\n${pad('WORKERS', 8)}${pad('endpoint', 72)}${pad('req/s', 9)}${pad('bare req/s', 12)}${pad('of bare', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}errors`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.workers, 8)}${pad(r.endpoint, 72)}${pad(Math.round(r.rps), 9)}${pad(Math.round(r.bareRps), 12)}${pad(`${Math.round((100 * r.rps) / r.bareRps)}%`, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${r.errors + r.non2xx}`,
    );
  }
  for (const endpoint of new Set(rows.map((r) => r.endpoint))) {
    const total = (workers, key) =>
      rows
        .filter((r) => r.workers === workers && r.endpoint === endpoint)
        .reduce((sum, r) => sum + r[key], 0);
    const one = total('1', 'rps');
    const two = total('2', 'rps');
    if (one && two) {
      console.log(
        `${endpoint}: WORKERS=1 ${Math.round((100 * one) / total('1', 'bareRps'))}% of bare, ` +
          `WORKERS=2 ${Math.round((100 * two) / total('2', 'bareRps'))}% of bare, ` +
          `WORKERS=2 / WORKERS=1 = ${(two / one).toFixed(2)} (over ${opts.rounds} rounds)`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
