/**
 * /metrics of WORKERS=2 started as an operator would (`node server.ts`), over loopback: a scrape
 * lands on either worker and must answer for both. Needs PostgreSQL (TEST_DATABASE_URL) and Redis
 * (TEST_REDIS_URL, default redis://127.0.0.1:6379/5), as several workers do.
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEntry } from '../test/server-process.js';
import { testRedisUrl } from '../test/test-redis.js';
import { parsePrometheus, valueOf } from '../test/prometheus-text.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgServer = process.env.TEST_DATABASE_URL;
const redisUrl = testRedisUrl ?? '';
const TOKEN = 'cluster-metrics-token-0123456789';

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

/** One request on its own connection, so the cluster hands each to the next worker in turn. */
function get(port: number, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')));
    req.end();
  });
}

describe.runIf(testRedisUrl)('/metrics with WORKERS=2', { timeout: 180_000 }, () => {
  let child: ChildProcess;
  let port: number;
  let output = '';
  const database = `metrics_${randomBytes(5).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgServer });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    await onServer(`create database ${database}`);
    const url = new URL(pgServer!);
    url.pathname = `/${database}`;
    port = await freePort();
    child = spawn(process.execPath, apiEntry('server'), {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-metrics-')),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'metrics-admin@example.com',
        ADMIN_PASSWORD: 'Cluster-metrics-42',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        WORKERS: '2',
        METRICS_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    // Both workers up: the primary prints its line once the first is ready; wait for the second too.
    const deadline = Date.now() + 150_000;
    let ready = 0;
    while (ready < 4 && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const res = await get(port, '/api/ready').catch(() => undefined);
      ready = res?.status === 200 ? ready + 1 : 0;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (ready < 4) throw new Error(`server not ready:\n${output}`);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await onServer(`drop database if exists ${database} with (force)`).catch(() => undefined);
  });

  it('answers the sum of both workers, whichever one the scrape reaches', async () => {
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const scrape = async () => {
      const res = await get(port, '/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.status, output).toBe(200);
      return parsePrometheus(res.body);
    };
    const before = valueOf(await scrape(), 'http_requests_total', health);
    for (let i = 0; i < 20; i++) expect((await get(port, '/api/health')).status).toBe(200);

    // Several scrapes, so both workers answer at least one: each must count all 20.
    for (let i = 0; i < 4; i++) {
      const samples = await scrape();
      expect(valueOf(samples, 'http_requests_total', health) - before).toBe(20);
      // Both processes' pools and memory are in it: two pools of DB_POOL_SIZE (10) each.
      expect(valueOf(samples, 'revuhub_db_pool_max')).toBe(20);
    }
    const refused = await get(port, '/metrics', { authorization: 'Bearer wrong-token-0123456789' });
    expect(refused.status).toBe(401);
  });
});
