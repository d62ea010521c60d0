/**
 * The embedded PostgreSQL and the server process as a pair (decision 049): whichever of the two is
 * killed, nothing is left running that would block the next start, and data stays.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { request, startServerProcess, stopServerProcess } from '../test/server-process.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

const childScript = fileURLToPath(new URL('../test/embedded-child.ts', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
const freshDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
const quiet = { log: () => undefined };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function within(ms: number, done: () => boolean): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/** Starts embedded-child.ts on `dataDir`; resolves with it and its postmaster's pid. */
async function startChild(dataDir: string, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await within(30_000, () => /ready \d+/.test(out) || child.exitCode !== null);
  const pid = Number(/ready (\d+)/.exec(out)?.[1]);
  if (!pid) throw new Error(`the child did not start PostgreSQL:\n${out}`);
  return { child, postmaster: pid, output: () => out };
}

describe.runIf(process.platform === 'linux')('the embedded PostgreSQL and its server', () => {
  it('is gone within 5 s when the server process is killed with SIGKILL', async () => {
    const dataDir = freshDir('embedded-kill-node-');
    const { child, postmaster } = await startChild(dataDir);
    expect(alive(postmaster)).toBe(true);
    child.kill('SIGKILL');
    const took = await within(5_000, () => !alive(postmaster));
    expect(took).toBeLessThan(5_000);
  }, 60_000);

  it('stops a postmaster left running by a killed server, then starts on the same data', async () => {
    const dataDir = freshDir('embedded-orphan-');
    const { child, postmaster } = await startChild(dataDir, { EMBEDDED_ORPHAN: '1' });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // Without the kernel's parent-death signal the postmaster outlives its server, holding the folder.
    expect(alive(postmaster)).toBe(true);

    const said: string[] = [];
    const server = await startEmbeddedPostgres({ dataDir, tuning: 'tests', log: (m) => said.push(m) });
    try {
      expect(alive(postmaster)).toBe(false);
      expect(said.join('\n')).toMatch(`Stopping PostgreSQL (pid ${postmaster}) left running`);
      expect(server.pid()).not.toBe(postmaster);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses a second server on a folder a live one holds, with a message', async () => {
    const dataDir = freshDir('embedded-sibling-');
    const first = await startEmbeddedPostgres({ dataDir, tuning: 'tests', ...quiet });
    try {
      await expect(startEmbeddedPostgres({ dataDir, tuning: 'tests', ...quiet })).rejects.toThrow(
        /already runs the embedded database/,
      );
      const sibling = spawn(process.execPath, ['--import', 'tsx', childScript], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      sibling.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => sibling.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(out).toMatch(`Another server (pid ${process.pid}) is using ${dataDir}`);
      // The live server was not touched.
      expect(alive(first.pid()!)).toBe(true);
    } finally {
      await first.stop();
    }
  }, 60_000);

  it('when PostgreSQL is killed, the server answers not ready, starts it again and serves', async () => {
    const dataDir = freshDir('embedded-kill-pg-');
    const server = await startServerProcess(dataDir);
    try {
      const pidFile = path.join(dataDir, 'pg', 'data', 'postmaster.pid');
      const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');
      const states: number[] = [];
      const deadline = Date.now() + 30_000;
      let ready = false;
      while (Date.now() < deadline && !ready) {
        const res = await request(server.port, 'GET', '/api/ready').catch(() => undefined);
        states.push(res?.status ?? 0);
        ready = res?.status === 200 && states.includes(503);
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(states, server.output()).toContain(503);
      expect(ready, server.output()).toBe(true);
      expect(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(postmaster);
      const page = await request(server.port, 'GET', '/api/states/getAllStates');
      expect(page.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      await stopServerProcess(server);
    }
  }, 120_000);

  it.runIf(process.getuid?.() === 0)(
    'runs as root from a folder under a 0700 parent, keeping the cluster where its account can reach',
    async () => {
      const parent = freshDir('embedded-private-');
      fs.chmodSync(parent, 0o700);
      const dataDir = path.join(parent, 'data');
      const outsideRoot = freshDir('embedded-outside-');
      fs.chmodSync(outsideRoot, 0o755);
      const said: string[] = [];
      const server = await startEmbeddedPostgres({
        dataDir,
        tuning: 'tests',
        outsideRoot,
        log: (m) => said.push(m),
      });
      try {
        const location = fs.readFileSync(path.join(dataDir, 'pg-location'), 'utf8').split('\n')[0]!;
        expect(location.startsWith(outsideRoot)).toBe(true);
        expect(fs.existsSync(path.join(location, 'data', 'PG_VERSION'))).toBe(true);
        expect(said.join('\n')).toMatch(`its cluster is kept in ${location}`);
        expect(fs.statSync(location).mode & 0o777).toBe(0o700);
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
