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
import { afterAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema/index.js';
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
import {
  BUYERS,
  CLIENT_ID,
  CLIENT_SECRET,
  embedded,
  fakeCashfree,
  freshStore,
  INITIAL_STOCK,
  IN_FLIGHT,
  ORDERS,
  orderState,
  type Webhook,
} from './crash-safety-test-helpers.js';

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
