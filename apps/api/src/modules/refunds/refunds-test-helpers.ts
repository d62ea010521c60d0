import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { domainEvents } from '../../db/schema/index.js';
import { signWebhook } from '../../providers/payments/webhook-signature.js';
import {
  createTestApp,
  createUser,
  credentialHeaders,
  loginAs,
  orderKeyHeader,
  type TestApp,
} from '../../test/test-app.js';
import { makeSeller, orderBody } from '../orders/orders-test-helpers.js';

export const SECRET = 'refunds-test-secret';

/** The lifted caps of orders.test.ts: every order here comes from one address. */
export const REFUND_TEST_ENV = {
  PAYMENT_SIMULATOR_SECRET: SECRET,
  RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  UNPAID_ORDERS_MAX: '100000',
  UNPAID_UNITS_MAX: '100000',
};

/** A session token, or headers (an order's key: orderKeyHeader). */
type Credentials = string | Record<string, string> | undefined;

/** What the refund and order-list test files start from: the app, a seller, and an admin signed in. */
export async function refundTestApp() {
  const t = await createTestApp(REFUND_TEST_ENV);
  const seller = await makeSeller(t);
  const admin = await createUser(t.db, { role: 'ADMIN' });
  return { t, seller, adminToken: await loginAs(t.app, admin.email, admin.password) };
}

export const api = (t: TestApp) => ({
  post: (url: string, payload: unknown, credentials?: Credentials) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: credentialHeaders(credentials),
      payload: payload as object,
    }),
  get: (url: string, credentials?: Credentials) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: credentialHeaders(credentials) }),
});

export interface OrderState {
  _id: string;
  amount: number;
  paymentState: string;
  fulfilment: string;
  cancellation?: { by: string; reason: string; at: string } | null;
  refunds?: {
    refundId: string;
    amountPaise: number;
    reason: string;
    status: string;
    settledAt: string | null;
  }[];
  refundablePaise?: number;
}

/** An anonymous buyer's order of `quantity`; paid on the simulator's page unless `pay` is false. */
export async function placeOrder(
  t: TestApp,
  productId: string,
  opts: { quantity?: number; pay?: boolean } = {},
) {
  const res = await api(t).post(
    '/euOrder/saveOrder2',
    orderBody(productId, { quantity: opts.quantity ?? 1 }),
  );
  expect(res.statusCode).toBe(201);
  const created = res.json<{ data: { order: { _id: string } }; cfOrder: { paymentSessionId: string } }>();
  if (opts.pay !== false) {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/simulator/${created.cfOrder.paymentSessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
  }
  return created.data.order._id;
}

export async function stateOf(t: TestApp, orderId: string): Promise<OrderState> {
  return (await api(t).get(`/orders/status/${orderId}`, await orderKeyHeader(t, orderId))).json<{
    data: OrderState;
  }>().data;
}

/** The simulator settles refunds on its own and calls our webhook: wait until none is open. */
export async function settled(t: TestApp, orderId: string): Promise<OrderState> {
  for (let i = 0; i < 200; i++) {
    const state = await stateOf(t, orderId);
    if (state.paymentState !== 'REFUND_PENDING') return state;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('refund never settled');
}

/** How many facts of this type were recorded about this order. */
export async function eventsOf(t: TestApp, type: string, orderId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), sql`${domainEvents.payload}->>'orderId' = ${orderId}`));
  return row?.n ?? 0;
}

export function signedRefundWebhook(
  t: TestApp,
  refund: { orderId: string; refundId: string; status?: string },
  opts: { timestamp?: string; secret?: string } = {},
) {
  const raw = JSON.stringify({
    type: 'REFUND_STATUS_WEBHOOK',
    event_time: new Date().toISOString(),
    data: {
      refund: {
        cf_refund_id: 1234,
        refund_id: refund.refundId,
        order_id: refund.orderId,
        refund_amount: 1,
        refund_status: refund.status ?? 'SUCCESS',
      },
    },
  });
  const timestamp = opts.timestamp ?? String(Date.now());
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(timestamp, raw, opts.secret ?? SECRET),
    },
    payload: raw,
  });
}
