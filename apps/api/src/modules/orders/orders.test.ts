import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentRecords, orders, outboxMessages, users } from '../../db/schema/index.js';
import { createTestApp, loginAs, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody, stockOf } from './orders-test-helpers.js';
import { checkoutCalls, CHECKOUT_TEST_ENV, type Created } from './checkout-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(CHECKOUT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

const { post, get, choose, statusOf } = checkoutCalls(() => t);

describe('consumer checkout through the simulator', () => {
  it('prices from the stored product, ignores a tampered amount, pays and shows PAID', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const res = await post(
      '/euOrder/saveOrder2',
      orderBody(productId, { quantity: 3, amount: 1, price: 1, order_amount: 1, unitPrice: 1 }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<Created & { data: { accountCreated: boolean } }>();
    expect(body.data.order).toMatchObject({
      quantity: 3,
      unitPrice: 2999,
      amount: 8997,
      paymentState: 'CREATED',
    });
    expect(body.data.accountCreated).toBe(true);
    expect(res.body).not.toMatch(/password"\s*:\s*"[^"]/i);
    expect(await stockOf(t, productId)).toBe(7);

    const session = body.cfOrder!.paymentSessionId;
    const hosted = await t.app.inject({ url: `/pay/simulator/${session}` });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.body).toContain('₹8,997');
    const back = await choose(session, 'pay');
    expect(back).toContain(`/thankyou/${productId}?order_id=${body.data.order._id}`);
    expect((await statusOf(body.data.order._id)).paymentState).toBe('PAID');
  });

  it('shows a failed payment as FAILED, and a retry opens checkout again and can pay', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const body = (await post('/euOrder/saveOrder2', orderBody(productId))).json<Created>();
    await choose(body.cfOrder!.paymentSessionId, 'fail');
    expect((await statusOf(body.data.order._id)).paymentState).toBe('FAILED');
    const retry = await post(
      `/orders/retryPayment/${body.data.order._id}`,
      {},
      await orderKeyHeader(t, body.data.order._id),
    );
    expect(retry.statusCode).toBe(200);
    await choose(retry.json<{ cfOrder: { paymentSessionId: string } }>().cfOrder.paymentSessionId, 'pay');
    expect((await statusOf(body.data.order._id)).paymentState).toBe('PAID');
    expect(await stockOf(t, productId)).toBe(4);
  });

  it('refuses bad input per field, a missing product with 404, and too little stock with 409', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 1);
    const bad = await post('/euOrder/saveOrder2', {
      ...orderBody(productId, { quantity: 0 }),
      address: { ...orderBody(productId).address, pinCode: '5600', mobile: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      quantity: 'Quantity must be greater than 0',
      'address.pinCode': 'Enter a 6-digit pincode',
      'address.mobile': 'Enter a 10-digit contact number',
    });
    const missing = await post('/euOrder/saveOrder2', orderBody('a'.repeat(24)));
    expect(missing.statusCode).toBe(404);
    const tooMany = await post('/euOrder/saveOrder2', orderBody(productId, { quantity: 2 }));
    expect(tooMany.statusCode).toBe(409);
    expect(await stockOf(t, productId)).toBe(1);
  });

  it('saveOrder3 needs the review post it came from and returns to its thank-you route', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    expect((await post('/euOrder/saveOrder3', orderBody(productId))).statusCode).toBe(400);
    const inf = 'b'.repeat(24);
    const postId = 'c'.repeat(24);
    const res = await post(
      '/euOrder/saveOrder3',
      orderBody(productId, { mentionInfId: inf, mentionPostId: postId }),
    );
    expect(res.statusCode).toBe(201);
    const back = await choose(res.json<Created>().cfOrder!.paymentSessionId, 'cancel');
    expect(back).toContain(`/thankyou/${inf}/${postId}/${productId}`);
    expect((await statusOf(res.json<Created>().data.order._id)).paymentState).toBe('CANCELLED');
  });
});

describe('an account for an anonymous buyer', () => {
  it('sends the one-time password to the outbox, never in the answer, and the buyer logs in to see the paid order', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const body = orderBody(productId);
    const res = await post('/euOrder/saveOrder2', body);
    const created = res.json<Created & { data: { passwordSentTo: string } }>();
    const email = body.address.email;
    expect(created.data.passwordSentTo).toBe(`your e-mail b***@example.com`);
    const [message] = await t.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    const password = /Default password for new account:(\S+)/.exec(message!.body)![1]!;
    expect(res.body).not.toContain(password);
    await choose(created.cfOrder!.paymentSessionId, 'pay');
    const token = await loginAs(t.app, email, password);
    // A one-time password must be replaced before anything else (issue 13).
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { authorization: token },
      payload: { currentPassword: password, newPassword: 'Buyer-own-2026!' },
    });
    expect(changed.statusCode).toBe(200);
    const mine = await get('/orders/myOrders', token);
    expect(mine.json().data).toMatchObject([{ _id: created.data.order._id, paymentState: 'PAID' }]);
  });
});

describe('a refused order', () => {
  it('writes nothing: no account, consent or order; the same guest then orders as a new buyer', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 2);
    const body = orderBody(productId, { quantity: 3 });
    const email = body.address.email;
    const refused = await post('/euOrder/saveOrder2', body);
    expect(refused.statusCode).toBe(409);
    const accounts = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(0);
    const orderRows = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.productId, productId));
    expect(orderRows).toHaveLength(0);
    const consents = await t.db
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .where(eq(consentRecords.purpose, 'order'));
    const before = consents.length;
    expect(await outboxTo(email)).toHaveLength(0);

    // What is left: the account is made with this order, the password sent, no code asked for.
    const placed = await post('/euOrder/saveOrder2', { ...body, quantity: 2 });
    expect(placed.statusCode).toBe(201);
    const data = placed.json<{ data: { accountCreated: boolean; confirmation?: unknown } }>().data;
    expect(data).toMatchObject({ accountCreated: true });
    expect(data.confirmation).toBeUndefined();
    const after = await t.db
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .where(eq(consentRecords.purpose, 'order'));
    expect(after).toHaveLength(before + 1);
    expect(await stockOf(t, productId)).toBe(0);
  });
});

const outboxTo = (email: string) =>
  t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.recipient, email));

describe('stock set by the seller', () => {
  it('a product created with a stock can be ordered until it is gone; an update adds stock', async () => {
    const seller = await makeSeller(t);
    const created = await post(
      '/products/createNewProduct',
      {
        brand: 'Stride Lab',
        model: 'Stock Test',
        colour: 'Navy',
        size: 'UK 9',
        gender: 'Men',
        category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
        moq: '1',
        ogPrice: '2000',
        dsctPrice: '1500',
        retailPrice: '3999',
        dsctRetailPrice: '2999',
        stock: '1',
        images: [{ url: '/media/x.webp', name: 'x.webp', type: 'IMAGE' }],
      },
      { authorization: seller.token },
    );
    expect(created.statusCode).toBe(201);
    const productId = created.json<{ Data: { _id: string; inventory_quantity: number } }>().Data._id;
    expect((await post('/euOrder/saveOrder2', orderBody(productId))).statusCode).toBe(201);
    expect((await post('/euOrder/saveOrder2', orderBody(productId))).statusCode).toBe(409);
    const updated = await post(
      '/products/updateProduct',
      { _id: productId, stock: '5' },
      { authorization: seller.token },
    );
    expect(updated.statusCode).toBe(200);
    expect((await post('/euOrder/saveOrder2', orderBody(productId))).statusCode).toBe(201);
    expect(await stockOf(t, productId)).toBe(4);
  });
});
