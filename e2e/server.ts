import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
/** The V8 flags of `npm start` (docs/decisions/015): the journeys run the server as production does. */
const startFlags = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .filter((arg) => arg.startsWith('--'));

/** Admin account the e2e server is started with; the password meets the strength rules. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'E2e-Admin-Pass-2024!' } as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The server's own copy of the built web app, which a journey may change (a "new release"). */
  webDist: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts the built server on a fresh data dir and resolves once GET /api/health answers 200. */
export async function startServer(options: {
  databaseUrl?: string | undefined;
  logFile: string;
}): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');
  // Each server serves its own copy of the web build: the service worker journey deploys a "new
  // release" into its server's copy.
  const webDist = path.join(dataDir, 'web');
  fs.cpSync(path.join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Production needs the site's address; the journeys reach it as 127.0.0.1.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every journey comes from 127.0.0.1 at once; the tight budgets are tested in the API tests.
    RATE_LIMIT_REGISTRATIONS_PER_MINUTE: '1000',
    RATE_LIMIT_POSTS_PER_MINUTE: '1000',
    // Journeys share one address; a retried one may leave unpaid orders behind (caps tested in the API).
    UNPAID_ORDERS_MAX: '1000',
    UNPAID_UNITS_MAX: '1000',
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  // Own process group, so stop() also ends anything the server spawned. Not restarted when it dies:
  // a crash fails the journeys after it, as it should. --trace-deprecation: a deprecated call (two
  // queries at once on one pg client) logs its stack.
  const child = spawn(
    process.execPath,
    [...startFlags, '--enable-source-maps', '--trace-deprecation', serverEntry],
    { cwd: repoRoot, env, detached: true, stdio: ['ignore', log, log] },
  );
  const baseURL = `http://127.0.0.1:${port}`;

  const stop = async () => {
    await stopProcessGroup(child);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, 60_000);
  } catch (error) {
    await stop();
    const tail = fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\n--- server log (${options.logFile}) ---\n${tail}`);
  }
  return { baseURL, dataDir, webDist, logFile: options.logFile, stop };
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (code ${child.exitCode ?? child.signalCode}) before it was ready.`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server did not answer GET /api/health within ${timeoutMs / 1000} s.`);
}

export async function stopProcessGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
