import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderNumberOf } from '@app/domain';
import { users } from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  loginAs,
  outboxFor,
  outboxOnceHolding,
  orderKeyHeader,
  type TestApp,
} from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';

// Issue 21/22: the buyer is told when an order is paid, dispatched and delivered, by the
// notifications module reacting to the orders module's events.

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

function waitForMessages(to: string, count: number) {
  return outboxOnceHolding(
    t.db,
    to,
    (found) => found.filter((m) => m.purpose === 'order-update').length >= count,
  );
}

describe('order messages', () => {
  it('tells the buyer when the order is paid, dispatched (with the courier and tracking number) and delivered, each with a link to the order', async () => {
    const seller = await makeSeller(t, 'Kaveri Silks');
    const productId = await makeProduct(t, seller, 5);
    const body = orderBody(productId);
    const placed = await t.app.inject({ method: 'POST', url: '/api/euOrder/saveOrder2', payload: body });
    expect(placed.statusCode).toBe(201);
    const { data, cfOrder } = placed.json<{
      data: { order: { _id: string } };
      cfOrder: { paymentSessionId: string };
    }>();
    const orderId = data.order._id;
    const number = orderNumberOf(orderId);

    // Nothing about the order is sent before it is paid (only the new account's password).
    expect(
      (await outboxFor(t.db, body.address.email)).filter((m) => m.purpose === 'order-update'),
    ).toHaveLength(0);
    await t.app.inject({
      method: 'POST',
      url: `/pay/simulator/${cfOrder.paymentSessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    const [paid] = await waitForMessages(body.address.email, 1);
    expect(paid?.subject).toBe(`Order ${number} is confirmed`);
    const link = await orderLinkOf(orderId);
    expect(paid?.body).toContain(link);
    // The link opens the order on any device: it keeps the key in a cookie and goes to the order's
    // page, whose address carries only the id.
    const opened = await t.app.inject({ url: link.replace('https://revuhub.example', '') });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/thankyou/${productId}?order_id=${orderId}`);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    expect(
      (await t.app.inject({ url: `/api/orders/status/${orderId}`, headers: { cookie } })).statusCode,
    ).toBe(200);
    // A wrong key goes to the same page and keeps nothing.
    const wrong = await t.app.inject({ url: `/api/orders/${orderId}/open?key=${'B'.repeat(32)}` });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const move = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/updateFulfilment',
        headers: { authorization: seller.token },
        payload: { orderId, ...payload },
      });
    // A tracking number is letters, digits and hyphens; the refusal names the field and moves nothing.
    const refused = await move({ fulfilment: 'DISPATCHED', trackingNumber: 'DL 123/45' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { trackingNumber: 'A tracking number has only letters, digits and hyphens' },
    });
    const dispatched = await move({
      fulfilment: 'DISPATCHED',
      courier: ' Delhivery ',
      trackingNumber: 'DL1234567890',
    });
    expect(dispatched.statusCode).toBe(200);
    expect(dispatched.json()).toMatchObject({
      data: { fulfilment: 'DISPATCHED', courier: 'Delhivery', trackingNumber: 'DL1234567890' },
    });
    // The buyer's order page shows them too.
    const status = await t.app.inject({
      url: `/api/orders/status/${orderId}`,
      headers: await orderKeyHeader(t, orderId),
    });
    expect(status.json()).toMatchObject({ data: { courier: 'Delhivery', trackingNumber: 'DL1234567890' } });
    expect((await move({ fulfilment: 'DELIVERED' })).statusCode).toBe(200);

    const all = (await waitForMessages(body.address.email, 3)).filter((m) => m.purpose === 'order-update');
    expect(all.map((m) => m.subject).sort()).toEqual([
      `Order ${number} is confirmed`,
      `Order ${number} is delivered`,
      `Order ${number} is on its way`,
    ]);
    expect(all.find((m) => m.subject.endsWith('on its way'))?.body).toContain(
      'is on its way with Delhivery, tracking number DL1234567890',
    );
  });
});

// Issue 26: a buyer who chose Hindi gets the order messages in Hindi, with the same facts and link.
describe('order messages in Hindi', () => {
  it('tells a buyer who ordered in Hindi their password and that the order is confirmed and on its way, in Hindi', async () => {
    const seller = await makeSeller(t, 'Kaveri Silks');
    const productId = await makeProduct(t, seller, 5);
    const body = orderBody(productId);
    // Ordered from the Hindi web: the account made for the buyer keeps Hindi.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/euOrder/saveOrder2',
      headers: { 'accept-language': 'hi' },
      payload: body,
    });
    expect(placed.statusCode).toBe(201);
    const { data, cfOrder } = placed.json<{
      data: { order: { _id: string } };
      cfOrder: { paymentSessionId: string };
    }>();
    const orderId = data.order._id;
    const number = orderNumberOf(orderId);
    const account = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, body.address.email));
    expect(account[0]?.language).toBe('hi');

    await t.app.inject({
      method: 'POST',
      url: `/pay/simulator/${cfOrder.paymentSessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    const [paid] = (await waitForMessages(body.address.email, 1)).filter((m) => m.purpose === 'order-update');
    const password = (await outboxFor(t.db, body.address.email)).find(
      (m) => m.purpose === 'one-time-password',
    );
    expect(password?.subject).toBe('आपका Revuhub पासवर्ड');
    expect(paid?.subject).toBe(`ऑर्डर ${number} पक्का हो गया है`);
    expect(paid?.body).toContain('के लिए आपका भुगतान हमें मिल गया है।');
    expect(paid?.body).toContain(await orderLinkOf(orderId));

    const dispatched = await t.app.inject({
      method: 'POST',
      url: '/api/orders/updateFulfilment',
      headers: { authorization: seller.token },
      payload: { orderId, fulfilment: 'DISPATCHED', courier: 'Delhivery', trackingNumber: 'DL881' },
    });
    expect(dispatched.statusCode).toBe(200);
    const messages = (await waitForMessages(body.address.email, 2)).filter(
      (m) => m.purpose === 'order-update',
    );
    const onItsWay = messages.find((m) => m.subject === `ऑर्डर ${number} रास्ते में है`);
    expect(onItsWay?.body).toContain('Delhivery से भेज दिया गया है, ट्रैकिंग नंबर DL881।');
    expect(messages.every((m) => !/Order \d/.test(m.subject))).toBe(true);
  });
});

// Issue 38: a repeat guest (the same contact, not signed in) is confirmed at the contact they typed,
// by e-mail and SMS, and the seller hears of each paid order; the code that adds the second order
// to the contact's orders says so, not that someone posted with it.
describe('order confirmations for a repeat guest', () => {
  it('confirms both orders of a guest who orders twice with the same contact, and tells the seller of each', async () => {
    const seller = await makeSeller(t, 'Kaveri Silks');
    const productId = await makeProduct(t, seller, 10);
    const first = orderBody(productId);
    const { email, mobile } = first.address;
    const pay = async (body: typeof first) => {
      const placed = await t.app.inject({ method: 'POST', url: '/api/euOrder/saveOrder2', payload: body });
      expect(placed.statusCode).toBe(201);
      const { data, cfOrder } = placed.json<{
        data: { order: { _id: string } };
        cfOrder: { paymentSessionId: string };
      }>();
      await t.app.inject({
        method: 'POST',
        url: `/pay/simulator/${cfOrder.paymentSessionId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=pay',
      });
      return data.order._id;
    };
    const firstId = await pay(first);
    const secondId = await pay({ ...first, quantity: 2 });

    const confirmations = (await waitForMessages(email, 2)).filter((m) => m.purpose === 'order-update');
    expect(confirmations.map((m) => m.subject).sort()).toEqual(
      [
        `Order ${orderNumberOf(firstId)} is confirmed`,
        `Order ${orderNumberOf(secondId)} is confirmed`,
      ].sort(),
    );
    const second = confirmations.find((m) => m.subject.includes(orderNumberOf(secondId)));
    for (const line of [
      'Item: ',
      'size UK 8',
      'Quantity: 2',
      'Deliver to: Meera Iyer, 14, Church Street, Opposite the bookshop, Bengaluru, Karnataka 560001, India',
      'Seller: Kaveri Silks Store',
      await orderLinkOf(secondId),
    ]) {
      expect(second?.body).toContain(line);
    }
    const sms = (await outboxOnceHolding(t.db, mobile, (found) => found.length >= 2)).filter(
      (m) => m.purpose === 'order-update',
    );
    expect(sms.map((m) => m.channel)).toEqual(['sms', 'sms']);

    const code = (await outboxFor(t.db, email)).find((m) => m.purpose === 'confirm-contribution');
    expect(code?.subject).toBe('Your code to add an order to your Revuhub orders');
    expect(code?.body).not.toContain('to post');

    const told = await outboxOnceHolding(t.db, seller.email, (found) => found.length >= 2);
    const numbers = told.map((m) => /^New order (RH-\w+): /.exec(m.subject)?.[1]).sort();
    expect(numbers).toEqual([orderNumberOf(firstId), orderNumberOf(secondId)].sort());
  });
});

// Issue 38: a cash-on-delivery order is confirmed when placed, and its seller is told at once with
// the deadline to accept it; with 4 of 5 units taken, the seller's message says how few are left.
describe('a cash-on-delivery order', () => {
  it('confirms the order to the buyer and asks the seller to accept it by its deadline', async () => {
    const seller = await makeSeller(t, 'Suresh Pillai');
    const terms = await t.app.inject({
      method: 'POST',
      url: '/api/shop/deliveryTerms',
      headers: { authorization: seller.token },
      payload: { deliveryCharge: 0, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: null },
    });
    expect(terms.statusCode).toBe(200);
    const productId = await makeProduct(t, seller, 2);
    const buyer = await createUser(t.db, { ownerName: 'Lakshmi Menon' });
    const token = await loginAs(t.app, buyer.email, buyer.password);
    const body = orderBody(productId, { paymentMethod: 'COD', quantity: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/euOrder/saveOrder2',
      headers: { authorization: token },
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ data: { order: { _id: string; codAcceptBy: string } } }>().data.order;
    const number = orderNumberOf(order._id);

    const [confirmation] = await waitForMessages(body.address.email, 1);
    expect(confirmation?.subject).toBe(`Order ${number} is placed: cash on delivery`);
    expect(confirmation?.body).toContain('Quantity: 1');
    expect(confirmation?.body).toContain('Seller: Suresh Pillai Store');
    expect(confirmation?.body).toContain(await orderLinkOf(order._id));
    const [sms] = await waitForMessages(body.address.mobile, 1);
    expect(sms?.channel).toBe('sms');

    const [told] = await outboxOnceHolding(t.db, seller.email, (found) => found.length >= 1);
    expect(told?.subject).toMatch(new RegExp(`^New cash-on-delivery order ${number}: accept it by .+ IST$`));
    expect(told?.body).toContain('Only 1 left of this product.');
    expect(told?.body).toContain(`https://revuhub.example/sellerorders?number=${number}`);
  });
});
