import cluster from 'node:cluster';
import os from 'node:os';
import { loadConfig, type Config } from './config.js';
import { listenEarly } from './lib/listen-early.js';

/**
 * The rest of a server process, loaded once it listens: loading this code (Fastify, every route's
 * zod schemas, Drizzle) is a large part of a start.
 */
const loadAppModules = () =>
  Promise.all([import('./app.js'), import('./lib/purge-dead-records.js'), import('./lib/shared-state.js')]);

/** Opens the database, brings it up to date and seeds it; the admin account is made on a first start. */
async function prepareDatabase(config: Config) {
  const [{ pino }, { openDatabase }, { seedDatabase }, { ensureAdmin }, { createStorage }] =
    await Promise.all([
      import('pino'),
      import('./db/client.js'),
      import('./db/seed/index.js'),
      import('./modules/accounts/admin-bootstrap.js'),
      import('./providers/storage/create-storage.js'),
    ]);
  const bootLog = pino({ level: config.LOG_LEVEL });
  const storage = createStorage(config);
  let admin: Awaited<ReturnType<typeof ensureAdmin>> | undefined;
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DB_POOL_SIZE,
    embedded: {
      account: config.EMBEDDED_PG_USER,
      createAccount: config.EMBEDDED_PG_CREATE_USER,
      log: (message) => bootLog.warn(message),
      // PostgreSQL could not be started again after it ended: end the server for its supervisor.
      onGiveUp: (error) => {
        bootLog.fatal(error.message);
        process.exit(1);
      },
    },
    // Under the migration lock: two cold starts never seed or create the admin twice.
    prepare: async (db) => {
      await seedDatabase(db, { demo: config.SEED_DEMO, storage, log: bootLog });
      admin = await ensureAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, bootLog);
    },
  });
  return { handle, storage, admin, at: performance.now() };
}

/** How long a stopping process lets its in-flight requests finish before it exits anyway. */
const DRAIN_MS = 10_000;

function workerCount(config: Config): number {
  return config.WORKERS === 'auto' ? os.availableParallelism() : Number(config.WORKERS);
}

/** Several processes only where they can agree: the embedded server is one process's, and counters need Redis. */
function checkWorkersPossible(config: Config, workers: number) {
  if (workers === 1) return;
  if (!config.DATABASE_URL) {
    throw new Error(
      `WORKERS=${config.WORKERS} needs DATABASE_URL: the embedded PostgreSQL belongs to one process. ` +
        'Set DATABASE_URL to a PostgreSQL server, or run with WORKERS=1.',
    );
  }
  if (!config.REDIS_URL) {
    throw new Error(
      `WORKERS=${config.WORKERS} needs REDIS_URL: without it each process would count rate limits and ` +
        'failed logins on its own and keep stale caches. Set REDIS_URL, or run with WORKERS=1.',
    );
  }
}

/**
 * One API process: listen, database, app; drains on SIGTERM/SIGINT. The only process serving listens
 * first (lib/listen-early.ts: liveness answers, other requests wait for the app); a cluster worker
 * listens only once ready, so that its siblings keep serving meanwhile.
 */
async function runServer(config: Config) {
  const startedAt = performance.now();
  const early = cluster.isWorker ? undefined : await listenEarly(config.HOST, config.PORT);
  const listening = performance.now();
  // The database starts while the app's code loads: PostgreSQL starts in its own processes.
  const database = prepareDatabase(config);
  // A failure while the modules still load is thrown where it is awaited below, not left unhandled.
  database.catch(() => undefined);
  const [{ buildApp }, { startDailyPurge }, { createSharedState }] = await loadAppModules();
  const loaded = performance.now();
  const { handle, storage, admin, at: databaseReady } = await database;
  const opened = performance.now();
  const shared = await createSharedState(config.REDIS_URL);
  const app = await buildApp({
    config,
    db: handle.db,
    pool: handle.pool,
    plannedOnce: handle.plannedOnce,
    storage,
    shared,
    ...(early ? { serverFactory: early.serverFactory } : {}),
  });
  const appReady = performance.now();

  const stopPurge = startDailyPurge(handle.db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), DRAIN_MS);
    force.unref();
    stopPurge();
    // Stops accepting connections, closes idle keep-alive ones, waits for requests in flight.
    await early?.close();
    await app.close();
    await shared.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (early) {
    await app.ready();
    early.handOver();
  } else {
    await app.listen({ host: config.HOST, port: config.PORT });
  }
  const port = (app.server.address() as { port: number }).port;
  // `npm run backup` asks this process for the copy; `npm run restore` refuses while it runs.
  handle.setPort?.(port);
  const where = handle.driver === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  // The phases, so that a slow start says where its time went (modules: loading the entry's code;
  // code: loading the rest).
  const ms = (from: number, to: number) => Math.round(to - from);
  const now = performance.now();
  app.log.info(
    `Ready in ${ms(startedAt, now)} ms on ${where} (modules ${Math.round(startedAt)} ms, ` +
      (early ? `listening after ${ms(startedAt, listening)}, ` : '') +
      `code ${ms(listening, loaded)} and database ${ms(listening, databaseReady)} side by side, ` +
      `app ${ms(opened, appReady)}, ` +
      `${early ? 'ready' : 'listen'} ${ms(appReady, now)})`,
  );
  if (cluster.isWorker) process.send?.({ ready: true, port });
  else announce(port);
  if (admin?.generatedPassword) {
    // Shown once, on the first start of an empty database; only its hash is stored.
    console.log(
      `Admin login: ${admin.email} / ${admin.generatedPassword}  (shown once: note it, or set ADMIN_PASSWORD)`,
    );
  }
}

/**
 * Without PUBLIC_URL the site is a local demo (issue 40): links name http://localhost:PORT and only
 * this machine's loopback names are answered. Said at start, so nobody wonders why a phone on the
 * same network is refused.
 */
function warnWithoutPublicUrl(config: Config) {
  if (config.PUBLIC_URL) return;
  console.warn(
    `PUBLIC_URL is not set: links are built for ${config.siteUrl}, and requests naming any host other ` +
      'than localhost, 127.0.0.1 or [::1] are refused. Set PUBLIC_URL to the address people use ' +
      '(docs/operations.md, "Going to production").',
  );
}

/** Plain lines for the person who just ran `npm start`, outside the JSON log. */
function announce(port: number, workers = 1) {
  const processes = workers > 1 ? ` with ${workers} worker processes` : '';
  console.log(
    `\nRevuhub is running at http://localhost:${port}/${processes}  (API docs: http://localhost:${port}/api/docs)`,
  );
}

/**
 * The supervisor of WORKERS processes sharing one port: it serves nothing itself, replaces a worker
 * that dies, and on SIGTERM/SIGINT passes the signal on and exits once every worker has drained.
 */
async function runPrimary(workers: number) {
  const { serveWorkersMetrics } = await import('./lib/metrics-cluster.js');
  let stopping = false;
  let announced = false;
  const recentDeaths: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: { ready?: boolean; port?: number }) => {
      if (message.ready && !announced && message.port) {
        announced = true;
        announce(message.port, workers);
      }
    });
  };
  for (let i = 0; i < workers; i += 1) fork();
  // A scrape of /metrics on any worker answers the sum of all of them, gathered here.
  serveWorkersMetrics();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    // A worker that cannot start (bad configuration, database gone) would otherwise be re-forked forever.
    if (recentDeaths.length > workers * 5) {
      console.error('Workers keep dying (more than 5 each in a minute); stopping. See the log above.');
      process.exit(1);
    }
    console.error(`Worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), DRAIN_MS + 2000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main() {
  const config = loadConfig();
  const workers = workerCount(config);
  checkWorkersPossible(config, workers);
  if (cluster.isPrimary) warnWithoutPublicUrl(config);
  if (workers > 1 && cluster.isPrimary) await runPrimary(workers);
  else await runServer(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
