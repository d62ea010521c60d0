import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rewardRemainingRupees, rewardTotalRupees, users } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { BUSINESS_MESSAGES } from '@app/domain';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';
import { checkoutCalls, CHECKOUT_TEST_ENV, type Created } from './checkout-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(CHECKOUT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

const { post, get, choose } = checkoutCalls(() => t);

describe('referrer, business, admin and fulfilment', () => {
  it('looks up a referrer by mobile without leaking contact data; paid is not yet earned (decision 033)', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const referrer = await createUser(t.db, { ownerName: 'Ravi Kumar' });
    const lookup = await get(`/users/getReferrerByMobile/${referrer.mobile}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().Data).toEqual({});
    expect(lookup.body).not.toContain(referrer.email);
    expect(lookup.body).not.toContain(referrer.mobile);
    expect((await get('/users/getReferrerByMobile/9000000001')).statusCode).toBe(404);
    expect(
      (await post('/euOrder/saveOrder2', orderBody(productId, { referrercontactNum: '9000000001' })))
        .statusCode,
    ).toBe(404);

    const res = await post(
      '/euOrder/saveOrder2',
      orderBody(productId, { quantity: 2, referrercontactNum: referrer.mobile }),
    );
    await choose(res.json<Created>().cfOrder!.paymentSessionId, 'pay');
    const [row] = await t.db
      .select({ remaining: rewardRemainingRupees(users.id), total: rewardTotalRupees(users.id) })
      .from(users)
      .where(eq(users.id, referrer.id));
    // 2 % of ₹5,998 is earned at delivery (ledger.test.ts), not when paid.
    expect(row).toEqual({ remaining: 0, total: 0 });
  });

  it('business orders: wholesale price, MOQ enforced, inactive sellers refused', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 100);
    // Without a session, a contact that is no seller's: business orders are for sellers (decision 056).
    const stranger = await post('/orders/saveOrder2', orderBody(productId, { quantity: 5 }));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(BUSINESS_MESSAGES.forSellers);
    const inactive = await createUser(t.db, { role: 'USER' });
    const inactiveToken = await loginAs(t.app, inactive.email, inactive.password);
    const refused = await post('/orders/saveOrder2', orderBody(productId, { quantity: 5 }), {
      authorization: inactiveToken,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Seller Account not activated!!');
    expect((await get(`/users/getBuyerByMobile/${inactive.mobile}`)).json().Data.role).toBe('USER');

    const retailer = await makeSeller(t, 'Kiran Shah');
    const low = await post('/orders/saveOrder2', orderBody(productId, { quantity: 4 }), {
      authorization: retailer.token,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors.quantity).toContain('at least 5');
    const ok = await post('/orders/saveOrder2', orderBody(productId, { quantity: 6 }), {
      authorization: retailer.token,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Created>().data.order).toMatchObject({ unitPrice: 1500, amount: 9000 });
    expect(ok.json<Created>().cfOrder!.paymentSessionId).toBeTruthy();
  });

  it('only the admin orders without payment; a sample locks the quantity', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 20);
    expect((await post('/euOrder/saveOrderWebWithoutPay', orderBody(productId))).statusCode).toBe(401);
    expect(
      (
        await post('/orders/saveOrderWebWithoutPay', orderBody(productId, { quantity: 5 }), {
          authorization: seller.token,
        })
      ).statusCode,
    ).toBe(403);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    const placed = await post('/euOrder/saveOrderWebWithoutPay', orderBody(productId, { quantity: 2 }), {
      authorization: adminToken,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<Created>().cfOrder).toBeUndefined();
    expect(placed.json<Created>().data.order).toMatchObject({ paymentState: 'NOT_REQUIRED', amount: 5998 });
    const buyer = await createUser(t.db);
    const sample = await post(
      '/orders/saveOrderWebWithoutPay',
      orderBody(productId, { quantity: 9, sample: true, user: buyer.id }),
      { authorization: adminToken },
    );
    expect(sample.json<Created>().data.order).toMatchObject({ quantity: 2, unitPrice: 100, amount: 200 });
    const all = await get('/orders/allOrders?paymentState=NOT_REQUIRED', adminToken);
    expect(all.json().data.length).toBeGreaterThanOrEqual(2);
    expect((await get('/orders/allOrders', seller.token)).statusCode).toBe(403);
  });

  it('the seller sees the order with its address and moves it to dispatched and delivered; the buyer sees it', async () => {
    const seller = await makeSeller(t);
    const other = await makeSeller(t, 'Other Seller');
    const productId = await makeProduct(t, seller, 5);
    const buyer = await createUser(t.db);
    const buyerToken = await loginAs(t.app, buyer.email, buyer.password);
    const res = await post('/euOrder/saveOrder2', orderBody(productId), { authorization: buyerToken });
    const orderId = res.json<Created>().data.order._id;
    const early = await post(
      '/orders/updateFulfilment',
      { orderId, fulfilment: 'DISPATCHED' },
      { authorization: seller.token },
    );
    expect(early.statusCode).toBe(409);
    await choose(res.json<Created>().cfOrder!.paymentSessionId, 'pay');

    const list = await get('/orders/sellerOrders', seller.token);
    expect(list.json().data[0]).toMatchObject({
      _id: orderId,
      paymentState: 'PAID',
      address: { city: 'Bengaluru' },
    });
    expect((await get('/orders/sellerOrders', other.token)).json().data).toHaveLength(0);
    const foreign = await post(
      '/orders/updateFulfilment',
      { orderId, fulfilment: 'DISPATCHED' },
      { authorization: other.token },
    );
    expect(foreign.statusCode).toBe(403);
    for (const step of ['DISPATCHED', 'DELIVERED']) {
      const moved = await post(
        '/orders/updateFulfilment',
        { orderId, fulfilment: step },
        { authorization: seller.token },
      );
      expect(moved.statusCode).toBe(200);
    }
    const mine = await get('/orders/myOrders', buyerToken);
    expect(mine.json().data[0]).toMatchObject({
      _id: orderId,
      paymentState: 'PAID',
      fulfilment: 'DELIVERED',
    });
    expect(mine.json().data[0]).not.toHaveProperty('address');
  });
});
