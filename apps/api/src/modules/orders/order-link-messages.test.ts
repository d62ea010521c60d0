import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orderNumberOf } from '@app/domain';
import { orders } from '../../db/schema/index.js';
import { deviceCookieSecret } from '../../lib/device-cookies.js';
import { createTestApp, outboxOnceHolding, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { createOrderLinks } from './order-links.js';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';

// The order's link in its messages (decision 063): sent again on request to the checkout's contact
// only (issue 40), and a late key once the return window has ended (decision 071).

let t: TestApp;
/** The link the buyer's messages carry: the order's key opens it (decision 063). */
const orderLinkOf = async (orderId: string) =>
  `https://revuhub.example/api/orders/${orderId}/open?key=${(await orderKeyHeader(t, orderId))['x-order-key']!}`;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'order-notifications',
    PUBLIC_URL: 'https://revuhub.example',
    NOTIFICATIONS_POLL_SECONDS: '10',
  });
});
afterAll(async () => {
  await t.close();
});

describe('"Send me the link again"', () => {
  it('sends the order’s link to the checkout contact only, never to who asked, at most once per ten minutes', async () => {
    const seller = await makeSeller(t, 'Udupi Brass');
    const productId = await makeProduct(t, seller, 5);
    const body = orderBody(productId);
    const placed = await t.app.inject({ method: 'POST', url: '/api/euOrder/saveOrder2', payload: body });
    const orderId = placed.json<{ data: { order: { _id: string } } }>().data.order._id;
    // A new device: the id alone opens nothing.
    expect((await t.app.inject({ url: `/api/orders/status/${orderId}` })).statusCode).toBe(403);

    const ask = () => t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/sendLink` });
    const asked = await ask();
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      message: 'The link to this order is on its way to the e-mail and mobile number given at checkout',
      data: null,
    });
    // The answer carries nothing that opens the order.
    expect(asked.headers['set-cookie']).toBeUndefined();
    expect(asked.body).not.toContain((await orderKeyHeader(t, orderId))['x-order-key']!);
    const link = await orderLinkOf(orderId);
    const [mail] = await outboxOnceHolding(t.db, body.address.email, (found) =>
      found.some((m) => m.subject === `Your link to order ${orderNumberOf(orderId)}`),
    ).then((found) => found.filter((m) => m.subject.startsWith('Your link to order')));
    expect(mail?.body).toContain(link);
    expect(mail?.body).toContain('the link was sent only to you');
    const sms = await outboxOnceHolding(t.db, body.address.mobile, (found) =>
      found.some((m) => m.body.includes('the link to your order')),
    );
    expect(sms.some((m) => m.body.includes(link))).toBe(true);
    // The link opens the order on that device.
    const opened = await t.app.inject({ url: link.replace('https://revuhub.example', '') });
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    expect(
      (await t.app.inject({ url: `/api/orders/status/${orderId}`, headers: { cookie } })).statusCode,
    ).toBe(200);

    const again = await ask();
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('600');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${'a'.repeat(24)}/sendLink` })).statusCode,
    ).toBe(404);
  });
});

describe('an order past its return window', () => {
  it('no longer opens with its key; a link asked for then opens it, tax documents included, for a day', async () => {
    const seller = await makeSeller(t, 'Mysore Sandal House');
    const productId = await makeProduct(t, seller, 5);
    const body = orderBody(productId);
    const placed = await t.app.inject({ method: 'POST', url: '/api/euOrder/saveOrder2', payload: body });
    const { data, cfOrder } = placed.json<{
      data: { order: { _id: string } };
      cfOrder: { paymentSessionId: string };
    }>();
    const orderId = data.order._id;
    await t.app.inject({
      method: 'POST',
      url: `/pay/simulator/${cfOrder.paymentSessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/orders/updateFulfilment',
        headers: { authorization: seller.token },
        payload: { orderId, fulfilment },
      });
      expect(moved.statusCode).toBe(200);
    }
    const key = await orderKeyHeader(t, orderId);
    const opens = async (headers: Record<string, string>) =>
      [
        (await t.app.inject({ url: `/api/orders/status/${orderId}`, headers })).statusCode,
        (await t.app.inject({ url: `/api/invoices/${orderId}`, headers })).statusCode,
      ] as const;
    // Within the return window the key opens the order and its tax documents.
    expect(await opens(key)).toEqual([200, 200]);

    // Eight days after delivery (the window is seven) it opens nothing, nor does the old cookie.
    await t.db
      .update(orders)
      .set({ deliveredAt: sql`now() - interval '8 days'` })
      .where(eq(orders.id, orderId));
    expect(await opens(key)).toEqual([403, 403]);
    expect(await opens({ cookie: `order_${orderId}=${key['x-order-key']!}` })).toEqual([403, 403]);

    // Asked for, the link sent to the checkout contact carries a key good for a day.
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/sendLink` })).statusCode).toBe(
      200,
    );
    const [mail] = await outboxOnceHolding(t.db, body.address.email, (found) =>
      found.some((m) => m.subject.startsWith('Your link to order')),
    ).then((found) => found.filter((m) => m.subject.startsWith('Your link to order')));
    const lateKey = /open\?key=(t\d{10}[A-Za-z0-9_-]{32})/.exec(mail?.body ?? '')?.[1];
    expect(lateKey).toBeDefined();
    const opened = await t.app.inject({ url: `/api/orders/${orderId}/open?key=${lateKey!}` });
    const setCookie = String(opened.headers['set-cookie']);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(23 * 3600);
    expect(maxAge).toBeLessThanOrEqual(24 * 3600);
    expect(await opens({ cookie: setCookie.split(';')[0]! })).toEqual([200, 200]);

    // A late key changed by a character, or one whose day has passed, opens nothing.
    const forged = `${lateKey!.slice(0, -1)}${lateKey!.endsWith('A') ? 'B' : 'A'}`;
    expect(await opens({ 'x-order-key': forged })).toEqual([403, 403]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const secret = deviceCookieSecret(t.config, { warn: () => undefined });
    const spent = createOrderLinks(t.db, secret).lateKeyOf(row!, new Date(Date.now() - 1000));
    expect(await opens({ 'x-order-key': spent })).toEqual([403, 403]);
  });
});
