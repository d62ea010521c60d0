/**
 * Several API processes over one PostgreSQL database and Redis, started as an operator would
 * (`node server.ts` with WORKERS, DATABASE_URL, REDIS_URL), talked to over loopback.
 *
 * The multi-process tests need PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default
 * redis://127.0.0.1:6379/5); the refusal tests run everywhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEntry } from './test/server-process.js';
import { testRedisUrl } from './test/test-redis.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgServer = process.env.TEST_DATABASE_URL;
const redisUrl = testRedisUrl ?? '';
const ADMIN = { email: 'ops-admin@example.com', password: 'Scale-out-admin-42' };

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const started: Server[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server (apiEntry: built or from source) with the given environment; resolves once it answers /api/ready. */
async function startServer(env: Record<string, string>, opts: { waitReady?: boolean } = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-proc-'));
  const child = spawn(process.execPath, apiEntry('server'), {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => out, exited };
  started.push(server);
  if (opts.waitReady !== false) await waitReady(server);
  return server;
}

// A guard against a server that never comes up, not a speed target: in CI these processes start
// beside two browser shards and the other test files, at a load average of 15 on two cores.
async function waitReady(server: Server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const res = await request(server.port, 'GET', '/api/ready').catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output()}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on a fresh connection (no keep-alive), so a dead worker fails only what it holds. */
function request(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as unknown }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A connection handed to a worker that has just died must count as failed, not hang.
    req.setTimeout(5000, () => req.destroy(new Error('no answer in 5 s')));
    req.end(payload);
  });
}

async function stopAll() {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await s.exited;
  }
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgServer!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: pgServer });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Child process ids of a process (the cluster's workers). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

// Each case starts real processes from source: slow on two busy cores.
const SLOW = { timeout: 300_000 };

describe('start-up refuses several processes where they cannot agree', SLOW, () => {
  afterAll(stopAll);

  it('stops WORKERS=2 on the embedded database with a message naming DATABASE_URL', async () => {
    const server = await startServer({ WORKERS: '2' }, { waitReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WORKERS=2 needs DATABASE_URL/);
  });

  it('stops WORKERS=2 without REDIS_URL rather than counting apart', async () => {
    const server = await startServer(
      { WORKERS: '2', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      { waitReady: false },
    );
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WORKERS=2 needs REDIS_URL/);
  });
});

describe.runIf(testRedisUrl)('several processes over one PostgreSQL database and Redis', SLOW, () => {
  let database: { url: string; drop: () => Promise<void> };
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    await redis.flushdb();
    database = await createDatabase();
  });

  afterAll(async () => {
    await stopAll();
    await database?.drop();
    await redis?.flushdb();
    redis?.disconnect();
  });

  it('two simultaneous cold starts on an empty database both come up on the migrated schema', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, SEED_DEMO: 'true' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    for (const s of [a, b]) {
      const states = await request(s.port, 'GET', '/api/states/getAllStates');
      expect(states.status).toBe(200);
    }
    // Seeded and bootstrapped exactly once, though both started on an empty database.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const admins = await client.query<{ n: string }>(`select count(*) as n from users where role = 'ADMIN'`);
    const states = await client.query<{ n: string }>('select count(*) as n from states');
    const distinctStates = await client.query<{ n: string }>('select count(distinct name) as n from states');
    await client.end();
    expect(Number(admins.rows[0]!.n)).toBe(1);
    expect(Number(states.rows[0]!.n)).toBeGreaterThan(30);
    expect(states.rows[0]!.n).toBe(distinctStates.rows[0]!.n);
  });

  it('failed logins spread over two processes are throttled at the same count as on one', async () => {
    await redis.flushdb();
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const wrong = { userName: ADMIN.email, password: 'not-the-password-1' };
    // Four failures are free for one account from one address; the fifth starts a delay.
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const target = i % 2 === 0 ? a : b;
      answers.push((await request(target.port, 'POST', '/api/users/login', wrong)).status);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    // Both processes now refuse that address, even the correct password, until the delay passes.
    const right = { userName: ADMIN.email, password: ADMIN.password };
    expect((await request(a.port, 'POST', '/api/users/login', right)).status).toBe(429);
    expect((await request(b.port, 'POST', '/api/users/login', right)).status).toBe(429);
    await redis.flushdb();
  });

  it('an edit of reference data through one process is read through the other within a second', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const login = await request(a.port, 'POST', '/api/users/login', {
      userName: ADMIN.email,
      password: ADMIN.password,
    });
    expect(login.status).toBe(200);
    const token = (login.json() as { data: { token: string } }).data.token;

    const list = async () =>
      (
        (await request(b.port, 'GET', '/api/category/getAllParentCategory')).json() as {
          Data: Array<{ parentCategory: string }>;
        }
      ).Data.map((c) => c.parentCategory);
    // Process b caches the list (60 s) before the edit.
    expect(await list()).not.toContain('Handloom Sarees');
    const added = await request(
      a.port,
      'POST',
      '/api/admin/lookups/parent-categories',
      { parentCategory: 'Handloom Sarees' },
      { authorization: token },
    );
    expect(added.status).toBe(201);

    const deadline = Date.now() + 1000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen = (await list()).includes('Handloom Sarees');
      if (!seen) await sleep(50);
    }
    expect(seen).toBe(true);
  });

  it('readiness fails while Redis is away and liveness does not', async () => {
    const redisPort = await freePort();
    const ownRedis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    try {
      await sleep(300);
      const server = await startServer({
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      });
      expect((await request(server.port, 'GET', '/api/ready')).status).toBe(200);
      ownRedis.kill('SIGKILL');
      await sleep(300);
      const ready = await request(server.port, 'GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect((ready.json() as { message: string }).message).toMatch(/redis/);
      expect((await request(server.port, 'GET', '/api/health')).status).toBe(200);
    } finally {
      ownRedis.kill('SIGKILL');
    }
  });

  it('WORKERS=2 replaces a killed worker under load, failing only what that worker held', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, WORKERS: '2' };
    const server = await startServer(env);
    await sleep(500);
    const before = childrenOf(server.child.pid!);
    expect(before).toHaveLength(2);

    const concurrency = 8;
    let ok = 0;
    const failedStarts: number[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const startedAt = Date.now();
        const res = await request(server.port, 'GET', '/api/states/getAllStates').catch(() => undefined);
        if (res?.status === 200) ok += 1;
        else failedStarts.push(startedAt);
      }
    };
    const clients = Array.from({ length: concurrency }, client);
    // Counts, not clock time: a busy machine serves fewer requests a second, not different ones.
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!done() && Date.now() < deadline) await sleep(20);
    };
    await until(() => ok >= 50);
    const okBeforeKill = ok;
    const killedAt = Date.now();
    process.kill(before[0]!, 'SIGKILL');
    // When the supervisor has forked the replacement, it has noticed the death.
    await until(() => childrenOf(server.child.pid!).some((pid) => !before.includes(pid)));
    const replacedAt = Date.now();
    await until(() => ok >= okBeforeKill + 100);
    stop = true;
    await Promise.all(clients);

    expect(okBeforeKill).toBeGreaterThanOrEqual(50);
    // Only requests that met the killed worker may fail: those in flight on it, and those Node's
    // cluster handed it before the supervisor noticed the death (on a loaded machine a client can
    // meet it more than once in that window, so failures are not counted per client). All of them
    // began before the replacement was forked; everything sent afterwards is served.
    expect(failedStarts.every((t) => t >= killedAt - 5000 && t <= replacedAt)).toBe(true);
    expect(ok).toBeGreaterThanOrEqual(okBeforeKill + 100);
    await waitReady(server);
    const after = childrenOf(server.child.pid!);
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
  });

  it('SIGTERM lets a request in flight finish, refuses new connections, then exits 0', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, WORKERS: '2' };
    const server = await startServer(env);

    // A login whose body is still arriving when the signal comes.
    const body = JSON.stringify({ userName: ADMIN.email, password: ADMIN.password });
    let finish: () => void = () => undefined;
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/users/login',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      finish = () => req.end(body.slice(10));
    });
    await sleep(200);
    server.child.kill('SIGTERM');

    // Draining: no new connection is taken once the workers have the signal (on a loaded machine
    // that takes a while; the in-flight request may wait up to the server's 10 s drain).
    let late = 'answered';
    for (const deadline = Date.now() + 8_000; late === 'answered' && Date.now() < deadline;) {
      late = await request(server.port, 'GET', '/api/health').then(
        () => 'answered',
        () => 'refused',
      );
      if (late === 'answered') await sleep(100);
    }
    expect(late).toBe('refused');
    finish();
    expect(await answer).toBe(200);
    expect(await server.exited).toBe(0);
  });
});
