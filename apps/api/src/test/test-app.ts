import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { ORDER_KEY_HEADER, type Role } from '@app/domain';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { desc, eq } from 'drizzle-orm';
import { orders, outboxMessages } from '../db/schema/index.js';
import { deviceCookieSecret } from '../lib/device-cookies.js';
import { createOrderLinks } from '../modules/orders/order-links.js';
import { insertUser } from '../modules/accounts/accounts.repository.js';
import { createLocalStorage } from '../providers/storage/local-storage.js';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (the run's embedded server, test/global-setup.ts, or an outside one), dropped
 * again in close().
 */
export async function freshDatabase(): Promise<{
  db: Database;
  pool: pg.Pool;
  plannedOnce: Database;
  close: () => Promise<void>;
}> {
  const serverUrl = testServerUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name} template ${await migratedTemplate(serverUrl)}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
  return {
    db: handle.db,
    pool: handle.pool,
    plannedOnce: handle.plannedOnce,
    close: async () => {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The server every API test file makes its databases on (set by the project's global setup). */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is unset: run the API tests through Vitest (test/global-setup.ts)');
  return url;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database this worker migrated once; its test databases are copies of it (`create database …
 * template`), which skips running every migration per file. The API project's global teardown
 * drops this run's templates (test/global-setup.ts).
 */
let template: Promise<string> | undefined;
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `${process.env.TEST_TEMPLATE_PREFIX ?? 't_tpl_'}${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
    await handle.close();
    return name;
  })();
  template.catch(() => (template = undefined));
  return template;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The pool behind `db` (the app's backups read through it). */
  pool: pg.Pool;
  /** `db` through the planned-once connections the searches use (DatabaseHandle.plannedOnce). */
  plannedOnce: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `verifyAnswers: false` runs the production encoder alone, without the check that encodes every
 * answer with zod as well (plugins/response-encoding.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { verifyAnswers?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests count statements: no notifications sent in the background unless a test asks for it.
    NOTIFICATIONS_POLL_SECONDS: '0',
    // Tests change accounts and sessions in the database directly; a test of the session cache
    // (test/hot-reads.test.ts) turns it on.
    SESSION_CACHE_MS: '0',
    ...env,
  });
  const database = await freshDatabase();
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    plannedOnce: database.plannedOnce,
    storage: createLocalStorage(config.dataDir),
    verifyAnswers: options.verifyAnswers,
    // Tests count statements: no job of the app's schedule runs beside them (none waits for one).
    scheduledJobs: false,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    plannedOnce: database.plannedOnce,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A session token as the Authorization header, or headers as they are (an order's key). */
export function credentialHeaders(credentials?: string | Record<string, string>): Record<string, string> {
  return typeof credentials === 'string' ? { authorization: credentials } : (credentials ?? {});
}

/**
 * The header that opens an order to someone not signed in as its buyer: its key (decision 063), as
 * the link in the buyer's messages carries it, made with this app's signing secret.
 */
export async function orderKeyHeader(t: TestApp, orderId: string): Promise<Record<string, string>> {
  const [row] = await t.db
    .select({ linkVersion: orders.linkVersion })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  const secret = deviceCookieSecret(t.config, { warn: () => undefined });
  return {
    [ORDER_KEY_HEADER]: createOrderLinks(t.db, secret).keyOf({ id: orderId, linkVersion: row.linkVersion }),
  };
}

let counter = 0;
/** A user with a known password; e-mails and mobiles are unique per call. */
export async function createUser(
  db: Database,
  overrides: {
    role?: Role;
    email?: string;
    password?: string;
    ownerName?: string;
    isBrand?: boolean;
    /** An account holding a one-time password: it must change it, and it expires then. */
    mustChangePassword?: boolean;
    passwordExpiresAt?: Date;
  } = {},
) {
  counter += 1;
  const password = overrides.password ?? 'Correct-horse-42';
  const unique = `${Date.now().toString(36)}${counter}`;
  const user = await insertUser(db, {
    email: overrides.email ?? `user-${unique}@example.com`,
    mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    ownerName: overrides.ownerName ?? 'Asha Rao',
    role: overrides.role ?? 'END_USER',
    isActive: overrides.role === 'USER' ? false : true,
    isBrand: overrides.isBrand ?? false,
    passwordHash: await hashPassword(password),
    mustChangePassword: overrides.mustChangePassword ?? false,
    passwordExpiresAt: overrides.passwordExpiresAt ?? null,
  });
  return { ...user, password };
}

/** Logs in through the real route and returns the token. */
export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { userName: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

/** Messages the outbox holds for one e-mail or mobile, newest first: what the person would receive. */
export function outboxFor(db: Database, to: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, to.trim().toLowerCase()))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
}

export type OutboxMessage = Awaited<ReturnType<typeof outboxFor>>[number];

/**
 * The outbox of `to` once `enough` says it holds what a background sender was to put there, or as
 * it is after `timeoutMs` (for the test's assertion to say what is missing). A deadline rather than
 * a number of tries: on a loaded machine each look at the outbox takes longer, and so may the sender.
 */
export async function outboxOnceHolding(
  db: Database,
  to: string,
  enough: (messages: OutboxMessage[]) => boolean,
  timeoutMs = 30_000,
): Promise<OutboxMessage[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await outboxFor(db, to);
    if (enough(found) || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest 6-digit code sent to a contact, as its owner would read it. */
export async function latestCode(db: Database, to: string): Promise<string> {
  for (const m of await outboxFor(db, to)) {
    const code = /\b(\d{6})\b/.exec(m.body)?.[1];
    if (code) return code;
  }
  throw new Error(`no code in the outbox for ${to}`);
}

/** The newest one-time password sent to a contact. */
export async function latestOneTimePassword(db: Database, to: string): Promise<string> {
  for (const m of await outboxFor(db, to)) {
    const password = /new account:(\S+)/.exec(m.body)?.[1];
    if (password) return password;
  }
  throw new Error(`no one-time password in the outbox for ${to}`);
}

/** An answer's JSON without its `requestId`, which differs on every request, for comparing answers. */
export function answerOf(res: { json: () => unknown }): unknown {
  const body = res.json();
  if (body === null || typeof body !== 'object' || !('requestId' in body)) return body;
  const { requestId: _, ...rest } = body as Record<string, unknown>;
  return rest;
}
