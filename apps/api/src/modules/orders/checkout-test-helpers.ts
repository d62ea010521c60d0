import { expect } from 'vitest';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import { credentialHeaders, orderKeyHeader, type TestApp } from '../../test/test-app.js';

// The calls of the checkout tests (orders.test.ts, take-stock.test.ts, order-fulfilment.test.ts and
// payments/unpaid-orders.test.ts), against the app each of those files makes.

export const SIMULATOR_SECRET = 'simulator-test-secret';

/**
 * Every request of those files comes from one address and many leave orders unpaid: the caps on
 * what one address may hold unpaid are lifted like the rate limit (stock-holds.test.ts tests them).
 */
export const CHECKOUT_TEST_ENV = {
  PAYMENT_SIMULATOR_SECRET: SIMULATOR_SECRET,
  RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  UNPAID_ORDERS_MAX: '100000',
  UNPAID_UNITS_MAX: '100000',
};

export interface Created {
  status: number;
  data: { order: { _id: string; amount: number; quantity: number; unitPrice: number; paymentState: string } };
  cfOrder?: { paymentSessionId: string };
}

export const successEvent = (orderId: string, cfPaymentId: string, amount: number) => ({
  type: 'PAYMENT_SUCCESS_WEBHOOK',
  data: {
    order: { order_id: orderId, order_amount: amount },
    payment: { cf_payment_id: cfPaymentId, payment_status: 'SUCCESS', payment_amount: amount },
  },
});

/** The calls, on the app `app()` answers when they are made (a file makes it in beforeAll). */
export function checkoutCalls(app: () => TestApp) {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app().app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });
  const get = (url: string, token?: string | Record<string, string>) =>
    app().app.inject({ method: 'GET', url: `/api${url}`, headers: credentialHeaders(token) });

  /** The buyer's choice on the simulator's hosted page; answers where the browser is sent back. */
  async function choose(sessionId: string, outcome: 'pay' | 'fail' | 'cancel') {
    const res = await app().app.inject({
      method: 'POST',
      url: `/pay/simulator/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
    expect(res.statusCode).toBe(303);
    return res.headers.location as string;
  }

  const statusOf = async (orderId: string) =>
    (await get(`/orders/status/${orderId}`, await orderKeyHeader(app(), orderId))).json<{
      data: { paymentState: string; fulfilment: string };
    }>().data;

  function signedWebhook(body: object, timestamp = String(Date.now()), secret = SIMULATOR_SECRET) {
    const raw = JSON.stringify(body);
    return app().app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(timestamp, raw, secret),
      },
      payload: raw,
    });
  }

  return { post, get, choose, statusOf, signedWebhook };
}
