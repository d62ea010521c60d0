/**
 * The API as an operator runs it: `server.ts` in its own process (built, or from source through tsx), talked
 * to over loopback, stopped with a signal. For the backup, crash and upgrade tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The node arguments that run the server or a CLI: its build (apps/api/dist) when TEST_BUILT_SERVER
 * is 1, as scripts/test-all.sh sets after building (a spawned server then loads no TypeScript
 * compiler: about a second of CPU per start on two busy cores), else the source through tsx.
 */
export function apiEntry(name: 'server' | 'backup-cli'): string[] {
  if (process.env.TEST_BUILT_SERVER === '1') return [path.join(apiDir, 'dist', `${name}.js`)];
  return ['--import', 'tsx', path.join(apiDir, 'src', `${name}.ts`)];
}
export const ADMIN = { email: 'ops-admin@example.com', password: 'Backup-admin-4711' };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment every spawned server and CLI gets: quiet, no background sends, a known admin. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NOTIFICATIONS_POLL_SECONDS: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  };
}

/** Starts `server.ts` on `dataDir` (and DATABASE_URL when given); resolves once /api/ready answers. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, apiEntry('server'), {
    cwd: apiDir,
    env: serverEnv(dataDir, { PORT: String(listenOn), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port: listenOn, output: () => out, exited };
  // Generous: a cold start migrates an empty embedded database, slow on a loaded two-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    const res = await request(listenOn, 'GET', '/api/ready').catch(() => undefined);
    if (res?.status === 200) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready in 180 s:\n${out}`);
}

/** SIGTERM and wait: the server drains and closes its database. */
export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

export interface Answer {
  status: number;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

/** One request on a fresh connection, so a killed server fails only what was in flight. */
export function request(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
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
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: <T>() => JSON.parse(text) as T });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('no answer in 60 s')));
    req.end(payload);
  });
}

export async function loginAdmin(port: number): Promise<string> {
  const res = await request(port, 'POST', '/api/users/login', {
    userName: ADMIN.email,
    password: ADMIN.password,
  });
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${res.text}`);
  return res.json<{ data: { token: string } }>().data.token;
}

/** Runs `backup-cli.ts` (what `npm run backup` / `npm run restore` run once built). */
export function runBackupCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [...apiEntry('backup-cli'), ...args], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Every table of the database with its row count and a hash of its rows (each row as text, sorted):
 * two databases with equal digests hold the same data.
 */
export async function tableDigests(db: Database): Promise<Record<string, string>> {
  const rowsOf = (result: unknown) =>
    ((result as { rows?: unknown[] }).rows ?? []) as Array<Record<string, unknown>>;
  const tables = rowsOf(
    await db.execute(sql`select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => String(r.name));
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const [schema, name] = table.split('.');
    const ident = sql.raw(`"${schema}"."${name}"`);
    const [row] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as h from ${ident} t`,
      ),
    );
    digests[table] = `${String(row!.n)} rows ${String(row!.h)}`;
  }
  return digests;
}

/** Every file under a folder with the hash of its bytes. */
export function fileDigests(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(root)) return out;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(root, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}
