// What /metrics costs the hot path: GET /api/health on the built server without METRICS_TOKEN (no
// request hook) and with it (a counter and a histogram per request), each beside bare Fastify
// measured right before it. /api/health reads no database, so the hook's share is the largest here.
//   npm run build && node bench/metrics.mjs
//   node bench/metrics.mjs --duration 10 --rounds 4
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer, stopServer } from '../scripts/built-server.mjs';
import { ensureBuilt, fmt, parseArgs, startBare, table } from './lib.mjs';

function load(url, opts, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: opts.connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(url, opts, seconds = opts.duration) {
  await load(url, opts, opts.warmup);
  const r = await load(url, opts, seconds);
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load1 = () => os.loadavg()[0].toFixed(2);

async function main() {
  const opts = parseArgs(process.argv.slice(2), {
    duration: 6,
    bareDuration: 3,
    warmup: 1,
    connections: 50,
    rounds: 4,
  });
  ensureBuilt();
  console.log(
    `Metrics bench: ${os.cpus().length} cores, ${opts.connections} connections, ${opts.duration} s per row, ${opts.rounds} rounds, load ${load1()}`,
  );
  const start = (env) =>
    startBuiltServer({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-bench-')),
      captureOutput: true,
      admin: { email: 'bench-admin@example.com', password: 'Bench-admin-42' },
      // As in production: one log line per request.
      env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'info', ...env },
    });
  const bare = await startBare();
  const servers = {
    off: await start({}),
    on: await start({ METRICS_TOKEN: 'bench-metrics-token-0123456789' }),
  };
  const results = { off: [], on: [] };
  try {
    // Alternating order (off, on, on, off, ...) so a slow spell of a noisy machine hits both.
    for (let round = 0; round < opts.rounds; round += 1) {
      for (const variant of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
        const yardstick = await measure(`${bare.baseURL}/bare`, opts, opts.bareDuration);
        const row = await measure(`${servers[variant].baseURL}/api/health`, opts);
        if (row.non2xx || row.errors)
          throw new Error(`${variant}: ${row.non2xx} non-2xx, ${row.errors} errors`);
        results[variant].push({ ...row, bare: yardstick.rps, load: load1() });
        console.log(
          `round ${round + 1} ${variant.padEnd(3)} ${fmt(row.rps)} req/s, bare ${fmt(yardstick.rps)}, load ${load1()}`,
        );
      }
    }
    const scrape = await fetch(`${servers.on.baseURL}/metrics`, {
      headers: { authorization: 'Bearer bench-metrics-token-0123456789' },
    });
    const counted = /http_requests_total\{[^}]*route="\/api\/health"[^}]*\} (\d+)/.exec(await scrape.text());
    console.log(`\n/metrics of the measured server counted ${counted?.[1] ?? '?'} requests to /api/health`);
  } finally {
    await Promise.all([stopServer(servers.off.child), stopServer(servers.on.child)]);
    bare.child.kill('SIGTERM');
  }
  const summary = (variant) => {
    const rows = results[variant];
    return {
      rps: median(rows.map((r) => r.rps)),
      ofBare: median(rows.map((r) => r.rps / r.bare)),
      p99: median(rows.map((r) => r.p99)),
    };
  };
  const off = summary('off');
  const on = summary('on');
  console.log('');
  table(
    ['GET /api/health', 'req/s (median)', 'of bare', 'p99 ms'],
    [
      ['without METRICS_TOKEN (no hook)', fmt(off.rps), fmt(off.ofBare, 2), fmt(off.p99)],
      ['with METRICS_TOKEN (measured)', fmt(on.rps), fmt(on.ofBare, 2), fmt(on.p99)],
    ],
  );
  console.log(`\nwith / without: ${fmt(on.ofBare / off.ofBare, 3)} (each as a fraction of bare Fastify)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
