import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { orderRequestSchema } from '@app/domain';
import { createPaymentSimulator, FORGET_AFTER_MS } from '../../providers/payments/simulator.js';
import { wireOrderPath } from '../../order-path.js';
import { reconcileOverdue } from './reconcile-overdue.js';
import { orderStatus } from '../orders/order-status.js';
import { placeOrder } from '../orders/place-order.js';
import { createContactCodes } from '../accounts/contact-codes.js';
import { createOutboxMessaging } from '../../providers/messaging/outbox-messaging.js';
import { makeProduct, makeSeller, orderBody, stockOf } from '../orders/orders-test-helpers.js';
import {
  checkoutCalls,
  CHECKOUT_TEST_ENV,
  successEvent,
  type Created,
} from '../orders/checkout-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(CHECKOUT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

const { post, choose, statusOf, signedWebhook } = checkoutCalls(() => t);

describe('orders left unpaid', () => {
  it('are forgotten by the simulator a day after their window, so a long-running server does not keep them all', async () => {
    let clock = Date.now();
    const simulator = createPaymentSimulator({
      secret: 'forget',
      webhookMaxAgeMs: 300_000,
      now: () => clock,
    });
    const create = (orderId: string) =>
      simulator.createOrder({
        orderId,
        idempotencyKey: `key-${orderId}`,
        amount: 100,
        expiresAt: new Date(clock + 30 * 60_000),
        customer: { id: 'buyer', name: 'Asha', email: 'asha@example.com', phone: '9000000000' },
        returnUrl: 'http://127.0.0.1/return',
        notifyUrl: 'http://127.0.0.1/notify',
      });
    const old = await create('order-old');
    clock += 30 * 60_000 + FORGET_AFTER_MS - 1;
    await create('order-new');
    // A day after its window it still answers (EXPIRED, as Cashfree would say).
    expect((await simulator.getOrder('order-old')).status).toBe('EXPIRED');
    clock += 1;
    await create('order-newer');
    await expect(simulator.getOrder('order-old')).rejects.toMatchObject({ httpStatus: 404 });
    expect(simulator.session(old.paymentSessionId)).toBeUndefined();
    expect((await simulator.getOrder('order-new')).status).toBe('ACTIVE');
  });

  it('expire with their payment window: the sweep gives the stock back, and confirms a payment whose webhook was lost', async () => {
    let clock = Date.now();
    const simulator = createPaymentSimulator({ secret: 'sweep', webhookMaxAgeMs: 300_000, now: () => clock });
    const path = wireOrderPath({
      db: t.db,
      provider: simulator,
      log: t.app.log,
      now: () => clock,
      claims: { db: t.db, codes: createContactCodes(t.db, createOutboxMessaging(t.db)) },
    });
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const place = (quantity: number) =>
      placeOrder(path.orders, {
        source: 'euOrder/saveOrder2',
        actor: null,
        body: orderRequestSchema.parse(orderBody(productId, { quantity })),
        origin: 'http://127.0.0.1',
      });
    const abandoned = await place(3);
    const paidUnheard = await place(2);
    // Paid at the provider, but its webhook never reached us.
    expect(simulator.complete(paidUnheard.paymentSessionId!, 'pay')).toBeDefined();
    expect(await stockOf(t, productId)).toBe(5);

    // Still inside the 10-minute window: nothing to ask.
    clock += 5 * 60_000;
    await reconcileOverdue(path.payments, 10_000);
    expect((await orderStatus(path.orders, abandoned.order._id)).paymentState).toBe('CREATED');

    // Past the window: the provider expired one order and was paid for the other.
    clock += 6 * 60_000;
    expect(simulator.complete(abandoned.paymentSessionId!, 'pay')).toBeUndefined();
    await reconcileOverdue(path.payments, 10_000);
    const states = await t.db
      .select({ id: orders.id, state: orders.paymentState, stockHeld: orders.stockHeld })
      .from(orders)
      .where(eq(orders.productId, productId));
    expect(states.find((o) => o.id === abandoned.order._id)).toMatchObject({
      state: 'CANCELLED',
      stockHeld: false,
    });
    expect(states.find((o) => o.id === paidUnheard.order._id)).toMatchObject({
      state: 'PAID',
      stockHeld: true,
    });
    expect(await stockOf(t, productId)).toBe(8);
  });
});

describe('webhooks', () => {
  it('forged, stale and unconfirmed webhooks change nothing; a duplicate is recognised', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const created = (await post('/euOrder/saveOrder2', orderBody(productId))).json<Created>();
    const orderId = created.data.order._id;
    const event = successEvent(orderId, '9001', 2999);

    expect((await signedWebhook(event, String(Date.now()), 'wrong-secret')).statusCode).toBe(400);
    expect((await signedWebhook(event, String(Date.now() - 60 * 60 * 1000))).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // Correctly signed, but the provider has no such payment: a webhook alone never marks paid.
    expect((await signedWebhook(event)).json().message).toBe('processed');
    expect((await statusOf(orderId)).paymentState).toBe('CREATED');
    expect((await signedWebhook(event)).json().message).toBe('duplicate');

    await choose(created.cfOrder!.paymentSessionId, 'pay');
    expect((await statusOf(orderId)).paymentState).toBe('PAID');
    // A late failure notice for the same order does not undo the payment.
    const late = {
      type: 'PAYMENT_FAILED_WEBHOOK',
      data: { order: { order_id: orderId }, payment: { cf_payment_id: '9002', payment_status: 'FAILED' } },
    };
    expect((await signedWebhook(late)).statusCode).toBe(200);
    expect((await statusOf(orderId)).paymentState).toBe('PAID');
  });
});
