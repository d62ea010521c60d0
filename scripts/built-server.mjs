// Starts and stops the built server (apps/api/dist/server.js) for the benchmarks and the screenshot
// script: a free port, production settings, demo data, a known admin, its own process group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

/**
 * The V8 flags `npm start` runs the server with (its memory budget, docs/decisions/015), read from
 * package.json so that what is measured is what runs in production.
 */
/** @type {unknown} */
const parsedPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const rootPackage = /** @type {{ scripts: { start: string } }} */ (parsedPackage);
/** @type {string[]} */
export const startFlags = rootPackage.scripts.start.split(' ').filter((arg) => arg.startsWith('--'));

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the built server and resolves once it serves: GET /api/ready answers 200. `startMs` is
 * spawn -> first 200 of /api/health (the process listens before it loads the app and opens its
 * database, and answers liveness at once), `readyMs` spawn -> first 200 of /api/ready. Waiting for
 * health alone let a caller stop a server that had not yet migrated its database.
 * @param {{ dataDir: string, admin: { email: string, password: string }, databaseUrl?: string,
 *   env?: Record<string, string>, captureOutput?: boolean, nodeArgs?: string[] }} options
 *   `admin` is set so the server does not create (and print) a random admin password;
 *   `captureOutput` keeps the server's output for error messages instead of printing it;
 *   `nodeArgs` go to node before the entry (e.g. `--cpu-prof`, `--import`).
 */
export async function startBuiltServer({
  dataDir,
  admin,
  databaseUrl,
  env: extraEnv = {},
  captureOutput = false,
  nodeArgs = [],
}) {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Production needs the site's address; the benches reach it as 127.0.0.1.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags, ...nodeArgs, serverEntry], {
    cwd: repoRoot,
    env,
    detached: true, // own process group, stopped as a whole
    stdio: captureOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  // The tail is enough for an error message, and a server logging every request stays bounded.
  const capture = (/** @type {Buffer | string} */ d) => (output = (output + String(d)).slice(-64 * 1024));
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  const baseURL = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  /** @type {number | undefined} */
  let startMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}\n${output}`);
    try {
      const probe = startMs === undefined ? '/api/health' : '/api/ready';
      const res = await fetch(`${baseURL}${probe}`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200 && startMs === undefined) startMs = performance.now() - started;
      if (res.status === 200 && probe === '/api/ready') {
        return { child, baseURL, startMs, readyMs: performance.now() - started, output: () => output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stopServer(child);
  throw new Error(`the server did not become ready within 120 s\n${output}`);
}

/**
 * Stops the server's whole process group: SIGTERM, then SIGKILL after 10 s.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopServer(child) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const pid = child.pid;
  const exited = new Promise((r) => child.once('exit', r));
  /** @param {NodeJS.Signals} signal */
  const kill = (signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
