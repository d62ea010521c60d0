import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SIMULATOR_SECRET: 'simulator-origin-secret' });
});
afterAll(async () => {
  await t.close();
});

/** An anonymous order waiting on the simulator's hosted checkout. */
async function unpaidOrder() {
  const seller = await makeSeller(t);
  const productId = await makeProduct(t, seller, 5);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/euOrder/saveOrder2',
    payload: orderBody(productId),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ data: { order: { _id: string } }; cfOrder: { paymentSessionId: string } }>();
  return { orderId: body.data.order._id, sessionId: body.cfOrder.paymentSessionId };
}

const choose = (sessionId: string, outcome: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/simulator/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: `outcome=${outcome}`,
  });

const paymentState = async (orderId: string) =>
  (
    await t.app.inject({ url: `/api/orders/status/${orderId}`, headers: await orderKeyHeader(t, orderId) })
  ).json<{ data: { paymentState: string } }>().data.paymentState;

describe('payment simulator checkout', () => {
  it('refuses a form another site posts through the buyer’s browser', async () => {
    const { orderId, sessionId } = await unpaidOrder();
    const attempts: Record<string, string>[] = [
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://shop.localhost', 'sec-fetch-site': 'same-site' },
      // Browsers without Sec-Fetch-* still send Origin on a cross-site POST; a sandboxed frame sends null.
      { origin: 'https://attacker.example' },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      for (const outcome of ['pay', 'fail', 'cancel']) {
        const res = await choose(sessionId, outcome, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.body).toContain('from the payment page itself');
      }
    }
    expect(await paymentState(orderId)).toBe('CREATED');
  });

  it('takes the buyer’s own choice on its page', async () => {
    const { orderId, sessionId } = await unpaidOrder();
    const res = await choose(sessionId, 'pay', {
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(303);
    expect(await paymentState(orderId)).toBe('PAID');
    const other = await unpaidOrder();
    // An older browser: Origin only, naming this site.
    expect((await choose(other.sessionId, 'cancel', { origin: 'http://localhost' })).statusCode).toBe(303);
  });
});
