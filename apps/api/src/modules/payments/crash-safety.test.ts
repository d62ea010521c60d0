/**
 * A crash in the middle of buying (decision 039): the real server process takes 200 concurrent
 * orders and payment webhooks, is killed with SIGKILL half-way, and is started again on the same
 * data (its embedded PostgreSQL in DATA_DIR, or the same outside PostgreSQL database). Nothing a client was told succeeded
 * may be lost, stock must add up, and no webhook may be applied twice.
 *
 * The provider is a fake Cashfree in this test's process: the embedded simulator keeps its orders
 * in the server's memory and would die with it, while a real provider outlives our crash and
 * retries its webhooks.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { shops } from '../../db/schema/index.js';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import { createUser } from '../../test/test-app.js';
import {
  freePort,
  request,
  startServerProcess,
  stopServerProcess,
  type Answer,
  type ServerProcess,
} from '../../test/server-process.js';
import { orderBody } from '../orders/orders-test-helpers.js';

const pgServer = process.env.TEST_DATABASE_URL!;
/** The main pass runs the server on its own embedded PostgreSQL; the compatibility pass on the outside one. */
const embedded = process.env.TEST_EMBEDDED_SERVER === '1';
const quiet = { log: () => undefined };
const CLIENT_ID = 'CRASH_APP_ID';
const CLIENT_SECRET = 'cfsk_crash_secret';
const ORDERS = 200;
const INITIAL_STOCK = 300;
const BUYERS = 10;
/** Requests open at once: enough to interleave orders and webhooks in the server's database. */
const IN_FLIGHT = 24;

/** The parts of Cashfree's API the server calls; orders become PAID when the test pays them. */
function fakeCashfree() {
  const orders = new Map<
    string,
    { order_id: string; order_amount: number; order_status: string; payments: object[] }
  >();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
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
    });
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

type Webhook = ReturnType<ReturnType<typeof fakeCashfree>['pay']>;

/** What the database holds about orders, payments and stock, for before/after comparisons. */
async function orderState(db: Awaited<ReturnType<typeof openDatabase>>['db'], productId: string) {
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
async function freshStore() {
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

describe(`SIGKILL in the middle of ${ORDERS} orders and webhooks (${embedded ? 'embedded' : 'outside'} PostgreSQL)`, () => {
  const servers: ServerProcess[] = [];
  const fake = fakeCashfree();
  let store: Awaited<ReturnType<typeof freshStore>> | undefined;
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await fake.close();
    await store?.drop();
  });

  it(
    'keeps every acknowledged order, adds stock up and applies no webhook twice',
    { timeout: 900_000 },
    async () => {
      store = await freshStore();
      // The seller exists before the server starts; the server then opens an already migrated database.
      const setup = await store.open();
      const seller = await createUser(setup.db, { role: 'SELLER', ownerName: 'Kavya Nair', isBrand: true });
      // Signed-in buyers: an anonymous order makes an account and hashes its password, which would
      // make this a test of argon2 on two cores rather than of the orders.
      const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(setup.db)));
      await setup.db.insert(shops).values({ userId: seller.id, name: 'Kavya Nair Store', city: 'Kochi' });
      await setup.close();

      const port = await freePort();
      const env = {
        ...store.env,
        PAYMENT_PROVIDER: 'cashfree',
        CASHFREE_BASE_URL: await fake.listen(),
        CASHFREE_CLIENT_ID: CLIENT_ID,
        CASHFREE_CLIENT_SECRET: CLIENT_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
        UNPAID_ORDERS_MAX: '1000000',
        UNPAID_UNITS_MAX: '1000000',
      };
      const first = await startServerProcess(store.dataDir, env, port);
      servers.push(first);

      const login = await request(port, 'POST', '/api/users/login', {
        userName: seller.email,
        password: seller.password,
      });
      const sellerToken = login.json<{ data: { token: string } }>().data.token;
      const buyerTokens: string[] = [];
      for (const b of buyers) {
        const res = await request(port, 'POST', '/api/users/login', {
          userName: b.email,
          password: b.password,
        });
        buyerTokens.push(res.json<{ data: { token: string } }>().data.token);
      }
      const created = await request(
        port,
        'POST',
        '/api/products/createNewProduct',
        {
          brand: 'Coir Craft',
          model: 'Doormat',
          colour: 'Brown',
          gender: 'Universal',
          size: 'Standard',
          category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
          moq: '1',
          ogPrice: '200',
          dsctPrice: '150',
          retailPrice: '499',
          dsctRetailPrice: '399',
          stock: INITIAL_STOCK,
          desc: 'Hand-woven coir.',
          images: [{ url: '/media/x.webp', name: 'x.webp', type: 'IMAGE' }],
        },
        { authorization: sellerToken },
      );
      expect(created.status, created.text).toBe(201);
      const productId = created.json<{ Data: { _id: string } }>().Data._id;

      // 200 orders at once; each acknowledged one is paid at the provider and its webhook sent.
      const ackedOrders: Array<{ id: string; quantity: number }> = [];
      const ackedWebhooks: Webhook[] = [];
      const unackedWebhooks: Webhook[] = [];
      const refusals: string[] = [];
      let killed = false;
      const kill = () => {
        if (killed) return;
        killed = true;
        first.child.kill('SIGKILL');
      };
      const send = (w: Webhook) =>
        request(port, 'POST', '/api/payments/webhook', w.rawBody, w.headers).catch(() => undefined);
      const buyer = async (i: number) => {
        const quantity = 1 + (i % 3);
        const res: Answer | undefined = await request(
          port,
          'POST',
          '/api/euOrder/saveOrder2',
          orderBody(productId, { quantity }),
          { authorization: buyerTokens[i % BUYERS]! },
        ).catch((error: Error) => void refusals.push(error.message));
        if (res && res.status !== 201) refusals.push(`${res.status} ${res.text.slice(0, 160)}`);
        if (res?.status !== 201) return;
        const id = res.json<{ data: { order: { _id: string } } }>().data.order._id;
        ackedOrders.push({ id, quantity });
        if (i % 4 === 3) return; // some buyers never pay: their stock stays held
        const webhook = fake.pay(id);
        const answer = await send(webhook);
        (answer?.status === 200 ? ackedWebhooks : unackedWebhooks).push(webhook);
        // Half-way through the payments, the process dies.
        if (ackedWebhooks.length >= 40) kill();
      };
      // 200 orders, IN_FLIGHT at a time, until the kill.
      let next = 0;
      const lane = async () => {
        while (next < ORDERS) await buyer(next++);
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
      kill();
      await first.exited;

      expect(ackedOrders.length, refusals.slice(0, 5).join('\n')).toBeGreaterThan(40);
      expect(ackedWebhooks.length).toBeGreaterThanOrEqual(40);

      // What the data holds right after the crash (the embedded cluster recovers on this open).
      const afterCrash = await store.open();
      const crashed = await orderState(afterCrash.db, productId);
      await afterCrash.close();

      // Started again on the same data; the provider replays what was acknowledged, then retries
      // what was not.
      const second = await startServerProcess(store.dataDir, env, port);
      servers.push(second);
      for (const w of ackedWebhooks) {
        const replay = await request(port, 'POST', '/api/payments/webhook', w.rawBody, w.headers);
        expect(replay.status).toBe(200);
        expect(replay.json<{ message: string }>().message).toBe('duplicate');
      }
      const replayed = await (async () => {
        // Read beside the running server on an outside PostgreSQL; the embedded one is the server's
        // alone (DATA_DIR/server.lock), so compared after it stops (nothing else ran in between).
        if (embedded) return undefined;
        const db = await store.open();
        const state = await orderState(db.db, productId);
        await db.close();
        return state;
      })();
      for (const w of unackedWebhooks) {
        const retry = await request(port, 'POST', '/api/payments/webhook', w.rawBody, w.headers);
        expect(retry.status).toBe(200);
      }
      expect(await stopServerProcess(second)).toBe(0);

      const finalDb = await store.open();
      const final = await orderState(finalDb.db, productId);
      await finalDb.close();

      // Replaying acknowledged webhooks changed nothing.
      if (replayed) expect(replayed).toEqual(crashed);
      const untouched = (s: typeof crashed) => ({
        ...s,
        orders: s.orders.filter((o) => !unackedWebhooks.some((w) => w.orderId === o.id)),
        payments: s.payments.filter((p) => !unackedWebhooks.some((w) => w.orderId === p.order_id)),
        webhooks: s.webhooks.filter((p) => !unackedWebhooks.some((w) => w.orderId === p.order_id)),
        paidEvents: s.paidEvents.filter((p) => !unackedWebhooks.some((w) => w.orderId === p.order_id)),
        stock: 0,
      });
      expect(untouched(final)).toEqual(untouched(crashed));

      // Every order a buyer was told about exists; every acknowledged payment is applied.
      const byId = new Map(final.orders.map((o) => [String(o.id), o]));
      for (const o of ackedOrders) expect(byId.get(o.id)?.quantity).toBe(o.quantity);
      for (const w of [...ackedWebhooks, ...unackedWebhooks])
        expect(byId.get(w.orderId)?.payment_state).toBe('PAID');

      // Stock = initial - held - paid: every order holding stock (unpaid or paid) took its quantity.
      const held = final.orders.filter((o) => o.stock_held).reduce((sum, o) => sum + Number(o.quantity), 0);
      expect(final.stock).toBe(INITIAL_STOCK - held);
      expect(final.orders.filter((o) => o.payment_state === 'PAID').every((o) => o.stock_held)).toBe(true);

      // Applied once: one payment row and one "paid" event per paid order.
      const paid = final.orders.filter((o) => o.payment_state === 'PAID').map((o) => String(o.id));
      expect(final.payments.map((p) => String(p.order_id)).sort()).toEqual([...paid].sort());
      expect(final.paidEvents.every((e) => e.n === 1)).toBe(true);
      expect(final.paidEvents.map((e) => String(e.order_id)).sort()).toEqual([...paid].sort());
    },
  );
});
