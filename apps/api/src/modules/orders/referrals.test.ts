import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferredOrdersResponse, SellerOrderView } from '@app/domain';
import { newId } from '../../lib/ids.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';

// Referral attribution (issue 38, decision 055): a /refer link's influencerDetails credits its
// referrer, a contact validated at checkout wins over it, self-referral earns nothing, and an id
// that names nobody is ignored. The seller, the admin and the referrer see it; nobody sees a contact.

let t: TestApp;
let admin: { token: string };
let seller: Awaited<ReturnType<typeof makeSeller>>;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    UNPAID_ORDERS_MAX: '100000',
    UNPAID_UNITS_MAX: '100000',
  });
  const user = await createUser(t.db, { role: 'ADMIN' });
  admin = { token: await loginAs(t.app, user.email, user.password) };
  seller = await makeSeller(t, 'Kaveri Footwear');
  productId = await makeProduct(t, seller, 50);
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });
}

async function influencer(name: string) {
  const user = await createUser(t.db, { ownerName: name });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

/** A ₹2,999 order paid through the simulator; answers its id. */
async function paidOrder(extra: Record<string, unknown>, token?: string) {
  const placed = await call('POST', '/euOrder/saveOrder2', token, orderBody(productId, extra));
  expect(placed.statusCode, placed.body).toBe(201);
  const { data, cfOrder } = placed.json<{
    data: { order: { _id: string } };
    cfOrder: { paymentSessionId: string };
  }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/pay/simulator/${cfOrder.paymentSessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode).toBe(303);
  return data.order._id;
}

async function deliver(orderId: string) {
  for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
    const res = await call('POST', '/orders/updateFulfilment', seller.token, { orderId, fulfilment });
    expect(res.statusCode).toBe(200);
  }
}

async function sellerView(orderId: string) {
  const res = await call('GET', '/orders/sellerOrders', seller.token);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SellerOrderView[] }>().data.find((o) => o._id === orderId)!;
}

async function adminView(orderId: string) {
  const res = await call('GET', '/orders/allOrders', admin.token);
  expect(res.statusCode).toBe(200);
  return {
    order: res.json<{ data: SellerOrderView[] }>().data.find((o) => o._id === orderId)!,
    body: res.body,
  };
}

async function referrals(token: string) {
  const res = await call('GET', '/ledger/referrals', token);
  expect(res.statusCode).toBe(200);
  return res.json<ReferredOrdersResponse>().data;
}

const justNow = () => new Date().toISOString();

describe('referral attribution', () => {
  it('credits the /refer link’s referrer: the seller and the admin see a name, the referrer the order and its reward', async () => {
    const priya = await influencer('Priya Nair');
    const orderId = await paidOrder({ influencerDetails: { _id: priya.id, referredAt: justNow() } });

    const seen = await sellerView(orderId);
    expect(seen.referrer).toEqual({ name: 'Priya Nair', via: 'link', self: false });
    const { order, body } = await adminView(orderId);
    expect(order.referrer).toEqual({ name: 'Priya Nair', via: 'link', self: false });
    // A name, never a contact.
    expect(body).not.toContain(priya.mobile);
    expect(body).not.toContain(priya.email);

    // Paid is not earned (decision 033): the reward waits for delivery.
    const before = await referrals(priya.token);
    expect(before.orders).toHaveLength(1);
    expect(before.orders[0]).toMatchObject({
      _id: orderId,
      via: 'link',
      self: false,
      amount: 2999,
      reward: 59,
      rewardState: 'PENDING',
      booked: 0,
    });
    expect(before.remaining_reward_amount).toBe(0);

    await deliver(orderId);
    const after = await referrals(priya.token);
    expect(after.orders[0]).toMatchObject({ rewardState: 'EARNED', booked: 59 });
    expect(after).toMatchObject({ remaining_reward_amount: 59, total_rewards_rolledout: 59 });
    // The referrer's list names no buyer.
    expect(JSON.stringify(after)).not.toContain('Meera');

    // Another account referred nothing.
    const other = await influencer('Rohan Das');
    expect((await referrals(other.token)).orders).toEqual([]);
    expect((await call('GET', '/ledger/referrals')).statusCode).toBe(401);
  });

  it('lets a referrer validated at checkout by contact number take precedence over the link', async () => {
    const linked = await influencer('Ananya Kulkarni');
    const validated = await makeSeller(t, 'Farhan Qureshi');
    const orderId = await paidOrder({
      influencerDetails: { _id: linked.id, referredAt: justNow() },
      referrercontactNum: validated.mobile,
    });
    expect((await sellerView(orderId)).referrer).toEqual({
      name: 'Farhan Qureshi',
      via: 'contact',
      self: false,
    });
    expect((await referrals(validated.token)).orders.map((o) => o._id)).toEqual([orderId]);
    expect((await referrals(linked.token)).orders).toEqual([]);
  });

  it('records self-referral, which earns nothing', async () => {
    const kiran = await influencer('Kiran Shetty');
    // Kiran opened their own link, then ordered signed in.
    const orderId = await paidOrder(
      { influencerDetails: { _id: kiran.id, referredAt: justNow() } },
      kiran.token,
    );
    expect((await sellerView(orderId)).referrer).toEqual({ name: 'Kiran Shetty', via: 'link', self: true });
    await deliver(orderId);
    const mine = await referrals(kiran.token);
    expect(mine.orders[0]).toMatchObject({
      _id: orderId,
      self: true,
      reward: 0,
      rewardState: 'NONE',
      booked: 0,
    });
    expect(mine.remaining_reward_amount).toBe(0);
  });

  it('ignores an id that names nobody, an inactive account or a referral older than 30 days, and refuses none of those orders', async () => {
    const inactive = await createUser(t.db, { role: 'USER', ownerName: 'Not Yet Active' });
    const stale = await influencer('Meghna Pillai');
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    for (const influencerDetails of [
      { _id: newId() },
      { _id: 'not-one-of-ours' },
      { _id: inactive.id, referredAt: justNow() },
      { _id: stale.id, referredAt: monthAgo },
      // The spec's clients may send anything else in it.
      { name: 'Somebody', email: 'x@example.com' },
    ]) {
      const orderId = await paidOrder({ influencerDetails });
      expect((await sellerView(orderId)).referrer, JSON.stringify(influencerDetails)).toBeNull();
    }
    expect((await referrals(stale.token)).orders).toEqual([]);

    // A referral time that is not a time is a field error, not a 500.
    const bad = await call(
      'POST',
      '/euOrder/saveOrder2',
      undefined,
      orderBody(productId, { influencerDetails: { _id: stale.id, referredAt: 'last Tuesday' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['influencerDetails.referredAt']).toBe('Use an ISO date and time for referredAt');
  });
});
