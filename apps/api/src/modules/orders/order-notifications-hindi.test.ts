import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderNumberOf } from '@app/domain';
import { users } from '../../db/schema/index.js';
import { createTestApp, outboxFor, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';

// Issue 26: a buyer who chose Hindi gets the order messages in Hindi, with the same facts and link.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'order-notifications-hindi',
    PUBLIC_URL: 'https://revuhub.example',
    NOTIFICATIONS_POLL_SECONDS: '10',
  });
});
afterAll(async () => {
  await t.close();
});

async function waitForMessages(to: string, count: number) {
  for (let i = 0; i < 60; i += 1) {
    const found = (await outboxFor(t.db, to)).filter((m) => m.purpose === 'order-update');
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return (await outboxFor(t.db, to)).filter((m) => m.purpose === 'order-update');
}

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
    const [paid] = await waitForMessages(body.address.email, 1);
    const password = (await outboxFor(t.db, body.address.email)).find(
      (m) => m.purpose === 'one-time-password',
    );
    expect(password?.subject).toBe('आपका Revuhub पासवर्ड');
    expect(paid?.subject).toBe(`ऑर्डर ${number} पक्का हो गया है`);
    expect(paid?.body).toContain('के लिए आपका भुगतान हमें मिल गया है।');
    expect(paid?.body).toContain(`https://revuhub.example/thankyou?order_id=${orderId}`);

    const dispatched = await t.app.inject({
      method: 'POST',
      url: '/api/orders/updateFulfilment',
      headers: { authorization: seller.token },
      payload: { orderId, fulfilment: 'DISPATCHED', courier: 'Delhivery', trackingNumber: 'DL881' },
    });
    expect(dispatched.statusCode).toBe(200);
    const messages = await waitForMessages(body.address.email, 2);
    const onItsWay = messages.find((m) => m.subject === `ऑर्डर ${number} रास्ते में है`);
    expect(onItsWay?.body).toContain('Delhivery से भेज दिया गया है, ट्रैकिंग नंबर DL881।');
    expect(messages.every((m) => !/Order \d/.test(m.subject))).toBe(true);
  });
});
