import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../db/client.js';
import { signWebhook } from '../../providers/payments/webhook-signature.js';

// The fake Cashfree, the database and the counts of crash-safety.test.ts (decision 039).

export const pgServer = process.env.TEST_DATABASE_URL!;
/** The main pass runs the server on its own embedded PostgreSQL; the compatibility pass on the outside one. */
export const embedded = process.env.TEST_EMBEDDED_SERVER === '1';
export const quiet = { log: () => undefined };
export const CLIENT_ID = 'CRASH_APP_ID';
export const CLIENT_SECRET = 'cfsk_crash_secret';
export const ORDERS = 200;
export const INITIAL_STOCK = 300;
export const BUYERS = 10;
/** Requests open at once: enough to interleave orders and webhooks in the server's database. */
export const IN_FLIGHT = 24;

type FakeOrder = { order_id: string; order_amount: number; order_status: string; payments: object[] };

/** One call of Cashfree's API, answered from the fake's orders. */
function answerCashfree(
  orders: Map<string, FakeOrder>,
  req: http.IncomingMessage,
  raw: string,
  send: (status: number, json: unknown) => void,
) {
  if (req.headers['x-client-secret'] !== CLIENT_SECRET)
    return send(401, { message: 'authentication Failed' });
  const [, id, payments] = /^\/pg\/orders(?:\/([^/]+))?(\/payments)?$/.exec(req.url ?? '') ?? [];
  if (req.method === 'POST' && !id) {
    const b = JSON.parse(raw) as { order_id: string; order_amount: number };
    const existing = orders.get(b.order_id);
    if (existing)
      return send(409, {
        message: 'order with same id is already present',
        code: 'order_already_exists',
      });
    const order = {
      order_id: b.order_id,
      order_amount: b.order_amount,
      order_status: 'ACTIVE',
      payments: [],
    };
    orders.set(b.order_id, order);
    return send(200, { ...order, order_currency: 'INR', payment_session_id: `session_${b.order_id}` });
  }
  const order = id ? orders.get(id) : undefined;
  if (!order) return send(404, { message: 'order not found', code: 'order_not_found' });
  if (req.method === 'PATCH') {
    if (order.order_status === 'ACTIVE') order.order_status = 'TERMINATED';
  }
  if (payments) return send(200, order.payments);
  return send(200, {
    order_id: order.order_id,
    order_amount: order.order_amount,
    order_currency: 'INR',
    order_status: order.order_status,
    payment_session_id: `session_${order.order_id}`,
  });
}

/** The parts of Cashfree's API the server calls; orders become PAID when the test pays them. */
export function fakeCashfree() {
  const orders = new Map<string, FakeOrder>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () =>
      answerCashfree(orders, req, raw, (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      }),
    );
  });
  let paymentSeq = 1;
  return {
    /** The buyer pays: the order is PAID at the provider, and this is the webhook it sends. */
    pay(orderId: string) {
      const order = orders.get(orderId)!;
      const cfPaymentId = 9_000_000 + paymentSeq++;
      order.order_status = 'PAID';
      order.payments.push({
        cf_payment_id: cfPaymentId,
        payment_status: 'SUCCESS',
        payment_amount: order.order_amount,
      });
      const rawBody = JSON.stringify({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: {
          order: { order_id: orderId, order_amount: order.order_amount, order_currency: 'INR' },
          payment: {
            cf_payment_id: cfPaymentId,
            payment_status: 'SUCCESS',
            payment_amount: order.order_amount,
          },
        },
      });
      const timestamp = String(Date.now());
      return {
        orderId,
        rawBody,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signWebhook(timestamp, rawBody, CLIENT_SECRET),
        },
      };
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/pg`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Webhook = ReturnType<ReturnType<typeof fakeCashfree>['pay']>;

/** What the database holds about orders, payments and stock, for before/after comparisons. */
export async function orderState(db: Awaited<ReturnType<typeof openDatabase>>['db'], productId: string) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute<Record<string, unknown>>(query)) as { rows?: Array<Record<string, unknown>> }).rows ??
    [];
  return {
    orders: await rows(
      sql`select id, quantity, payment_state, stock_held from orders where product_id = ${productId} order by id`,
    ),
    stock: Number(
      (await rows(sql`select inventory_quantity from products where id = ${productId}`))[0]!
        .inventory_quantity,
    ),
    payments: await rows(sql`select order_id, cf_payment_id, status from payments order by cf_payment_id`),
    webhooks: await rows(
      sql`select cf_payment_id, event_type, order_id from webhook_events order by cf_payment_id`,
    ),
    paidEvents: await rows(
      sql`select payload->>'orderId' as order_id, count(*)::int as n from domain_events
           where type = 'order.paid' group by 1 order by 1`,
    ),
  };
}

/**
 * A database for the run: the embedded PostgreSQL in DATA_DIR (the server's own, started with it and,
 * after the crash, found running as an orphan or stopped by the kernel), or a new database on the
 * outside PostgreSQL server.
 */
export async function freshStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-crash-'));
  if (embedded) {
    return {
      dataDir,
      env: {} as Record<string, string>,
      open: () => openDatabase({ dataDir, embedded: quiet }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString() }),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: pgServer });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
