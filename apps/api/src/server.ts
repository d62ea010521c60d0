import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDatabase } from './db/seed/index.js';
import { ensureAdmin } from './modules/accounts/admin-bootstrap.js';
import { startDailyPurge } from './lib/purge-dead-records.js';
import { createStorage } from './providers/storage/create-storage.js';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'db') });
  const storage = createStorage(config);
  const app = await buildApp({ config, db: handle.db, storage });

  await seedDatabase(handle.db, { demo: config.SEED_DEMO, storage, log: app.log });
  const admin = await ensureAdmin(
    handle.db,
    { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    app.log,
  );

  const stopPurge = startDailyPurge(handle.db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopPurge();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const port = (app.server.address() as { port: number }).port;
  const where = handle.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Ready in ${Math.round(performance.now() - startedAt)} ms on ${where}`);
  // Plain lines for the person who just ran `npm start`, outside the JSON log.
  console.log(
    `\nRevuhub is running at http://localhost:${port}/  (API docs: http://localhost:${port}/api/docs)`,
  );
  if (admin.generatedPassword) {
    // Shown once, on the first start of an empty database; only its hash is stored.
    console.log(
      `Admin login: ${admin.email} / ${admin.generatedPassword}  (shown once: note it, or set ADMIN_PASSWORD)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
