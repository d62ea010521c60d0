import { orderNumberOf } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRights } from '../../db/schema/index.js';
import { createUser, loginAs, orderKeyHeader, type TestApp } from '../../test/test-app.js';
import { releaseHold } from '../payments/payments.repository.js';
import { api, placeOrder, refundTestApp, settled } from '../refunds/refunds-test-helpers.js';
import { makeProduct, makeSeller } from './orders-test-helpers.js';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let adminToken: string;
beforeAll(async () => {
  ({ t, seller, adminToken } = await refundTestApp());
});
afterAll(async () => {
  await t.close();
});

describe("the seller's and admin's order lists", () => {
  it('keep the orders of one state, and find an order by its RH number or its last characters', async () => {
    const own = await makeSeller(t, 'Farhan Qureshi');
    const productId = await makeProduct(t, own, 20);
    const unpaid = await placeOrder(t, productId, { pay: false });
    const toDispatch = await placeOrder(t, productId);
    const dispatched = await placeOrder(t, productId);
    const delivered = await placeOrder(t, productId);
    const buyerCancelled = await placeOrder(t, productId);
    const ranOut = await placeOrder(t, productId, { pay: false });
    for (const [orderId, steps] of [
      [dispatched, ['DISPATCHED']],
      [delivered, ['DISPATCHED', 'DELIVERED']],
    ] as const) {
      for (const fulfilment of steps) {
        const moved = await api(t).post('/orders/updateFulfilment', { orderId, fulfilment }, own.token);
        expect(moved.statusCode).toBe(200);
      }
    }
    const key = await orderKeyHeader(t, buyerCancelled);
    expect((await api(t).post(`/orders/${buyerCancelled}/cancel`, {}, key)).statusCode).toBe(200);
    await settled(t, buyerCancelled);
    expect(await releaseHold(t.db, ranOut)).toBe(true);

    const ids = async (query: string, token = own.token) => {
      const res = await api(t).get(`/orders/sellerOrders${query}`, token);
      expect(res.statusCode).toBe(200);
      return res
        .json<{ data: { _id: string }[] }>()
        .data.map((o) => o._id)
        .sort();
    };
    expect(await ids('')).toEqual([unpaid, toDispatch, dispatched, delivered, buyerCancelled, ranOut].sort());
    expect(await ids('?state=unpaid')).toEqual([unpaid]);
    expect(await ids('?state=to-accept')).toEqual([]);
    expect(await ids('?state=to-dispatch')).toEqual([toDispatch]);
    expect(await ids('?state=dispatched')).toEqual([dispatched]);
    expect(await ids('?state=delivered')).toEqual([delivered]);
    expect(await ids('?state=cancelled')).toEqual([buyerCancelled, ranOut].sort());
    expect(await ids('?state=refunded')).toEqual([buyerCancelled]);

    // The number as messages and lists show it, in any case, its tail, or the whole id.
    const number = orderNumberOf(toDispatch);
    expect(await ids(`?number=${number}`)).toEqual([toDispatch]);
    expect(await ids(`?number=${encodeURIComponent(` ${number.toLowerCase()} `)}`)).toEqual([toDispatch]);
    expect(await ids(`?number=${number.slice(-6)}`)).toEqual([toDispatch]);
    expect(await ids(`?number=${toDispatch}`)).toEqual([toDispatch]);
    expect(await ids(`?number=${number}&state=dispatched`)).toEqual([]);
    // Another seller's order is not found by its number.
    const elsewhere = await placeOrder(t, await makeProduct(t, seller, 5));
    expect(await ids(`?number=${orderNumberOf(elsewhere)}`)).toEqual([]);

    for (const query of ['?number=RH-12%25', '?number=x', '?state=lost']) {
      const bad = await api(t).get(`/orders/sellerOrders${query}`, own.token);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json<{ errors: Record<string, string> }>().errors)).toEqual([
        query.startsWith('?state') ? 'state' : 'number',
      ]);
    }

    // The admin and a team member with the see-orders right find it across every store.
    const team = await createUser(t.db, { role: 'TEAM' });
    await t.db.insert(teamRights).values({ userId: team.id, name: 'see-orders' });
    const teamToken = await loginAs(t.app, team.email, team.password);
    for (const token of [adminToken, teamToken]) {
      const all = await api(t).get(`/orders/allOrders?number=${number}`, token);
      expect(all.json<{ data: { _id: string }[] }>().data.map((o) => o._id)).toEqual([toDispatch]);
    }
    const badAdmin = await api(t).get('/orders/allOrders?number=RH-', adminToken);
    expect(badAdmin.statusCode).toBe(400);
    expect(badAdmin.json<{ errors: Record<string, string> }>().errors.number).toContain('RH-1A2B3C4D');
  });
});
