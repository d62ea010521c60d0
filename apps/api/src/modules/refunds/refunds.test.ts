import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, teamRights } from '../../db/schema/index.js';
import { createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller } from '../orders/orders-test-helpers.js';
import {
  api,
  eventsOf,
  placeOrder,
  refundTestApp,
  settled,
  signedRefundWebhook,
  stateOf,
} from './refunds-test-helpers.js';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let adminToken: string;
beforeAll(async () => {
  ({ t, seller, adminToken } = await refundTestApp());
});
afterAll(async () => {
  await t.close();
});

describe('refunds by the seller and the admin', () => {
  it('a seller refunds half with a reason: the buyer sees it pending, then partially refunded, once', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    expect((await stateOf(t, orderId)).paymentState).toBe('PAID');

    const res = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: '1499.50', reason: 'One shoe was scuffed' },
      seller.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { amountPaise: number } }>().data.amountPaise).toBe(149_950);

    const after = await settled(t, orderId);
    expect(after.paymentState).toBe('PARTIALLY_REFUNDED');
    expect(after.refunds).toEqual([
      expect.objectContaining({ amountPaise: 149_950, reason: 'One shoe was scuffed', status: 'SUCCESS' }),
    ]);
    expect(after.refunds?.[0]?.settledAt).toBeTruthy();
    expect(after.refundablePaise).toBe(299_900 - 149_950);
    expect(await eventsOf(t, 'refund.requested', orderId)).toBe(1);
    expect(await eventsOf(t, 'refund.succeeded', orderId)).toBe(1);

    // A partly refunded order still goes out.
    const dispatched = await api(t).post(
      '/orders/updateFulfilment',
      { orderId, fulfilment: 'DISPATCHED' },
      seller.token,
    );
    expect(dispatched.statusCode).toBe(200);

    // The rest, by the admin: fully refunded, and nothing more can go back.
    const rest = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: 1499.5, reason: 'Returned by the buyer' },
      adminToken,
    );
    expect(rest.statusCode).toBe(200);
    expect((await settled(t, orderId)).paymentState).toBe('REFUNDED');
    const more = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: 1, reason: 'Once more' },
      adminToken,
    );
    expect(more.statusCode).toBe(409);
    expect(more.json<{ errors: { amount: string } }>().errors.amount).toBe(
      'Everything paid has been refunded already',
    );
    // A fully refunded order is not delivered.
    const delivered = await api(t).post(
      '/orders/updateFulfilment',
      { orderId, fulfilment: 'DELIVERED' },
      seller.token,
    );
    expect(delivered.statusCode).toBe(409);
  });

  it('refuses more than is left, bad amounts and missing reasons, per field', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    const tooMuch = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: 3000, reason: 'Too much' },
      seller.token,
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ errors: { amount: string } }>().errors.amount).toBe(
      'At most ₹2,999 can still be refunded',
    );
    const bad = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: '12.345', reason: '' },
      seller.token,
    );
    expect(bad.statusCode).toBe(400);
    const errors = bad.json<{ errors: Record<string, string> }>().errors;
    expect(errors.amount).toBe('Use at most two decimals (paise)');
    expect(errors.reason).toBe('Give a reason of at least 3 characters');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });

  it('an unpaid order has nothing to refund', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId, { pay: false });
    const res = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: 10, reason: 'Not paid' },
      seller.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('This order has no payment to refund');
  });

  it('only the seller of the order and the admin refund: not another seller, the buyer or the team', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    const other = await makeSeller(t, 'Kavya Nair');
    const buyer = await createUser(t.db);
    const team = await createUser(t.db, { role: 'TEAM' });
    await t.db.insert(teamRights).values({ userId: team.id, name: 'see-orders' });
    const ask = { amount: 10, reason: 'Goodwill' };
    expect((await api(t).post(`/orders/${orderId}/refunds`, ask, other.token)).statusCode).toBe(403);
    expect(
      (
        await api(t).post(
          `/orders/${orderId}/refunds`,
          ask,
          await loginAs(t.app, buyer.email, buyer.password),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await api(t).post(`/orders/${orderId}/refunds`, ask, await loginAs(t.app, team.email, team.password)))
        .statusCode,
    ).toBe(403);
    expect((await api(t).post(`/orders/${orderId}/refunds`, ask)).statusCode).toBe(401);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });

  it('20 concurrent partial refunds on one order never add up to more than was paid', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId); // ₹2,999 = 299,900 paise
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(t).post(`/orders/${orderId}/refunds`, { amount: 200, reason: `Part ${i + 1}` }, seller.token),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    // 14 × ₹200 = ₹2,800 fits in ₹2,999; a 15th would not.
    expect(codes.filter((c) => c === 200)).toHaveLength(14);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(280_000);
    const after = await settled(t, orderId);
    expect(after.paymentState).toBe('PARTIALLY_REFUNDED');
    expect(after.refunds?.every((r) => r.status === 'SUCCESS')).toBe(true);
    expect(after.refundablePaise).toBe(19_900);
    expect(await eventsOf(t, 'refund.succeeded', orderId)).toBe(14);
  });

  it('the admin refunds an order paid after its stock was gone (REFUND_DUE)', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    const { orders } = await import('../../db/schema/index.js');
    await t.db
      .update(orders)
      .set({ paymentState: 'REFUND_DUE', stockHeld: false })
      .where(eq(orders.id, orderId));
    const res = await api(t).post(
      `/orders/${orderId}/refunds`,
      { amount: 2999, reason: 'Sold out before payment' },
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect((await settled(t, orderId)).paymentState).toBe('REFUNDED');
  });
});

describe('refund webhooks', () => {
  it('a forged, stale or replayed refund webhook changes nothing', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    await api(t).post(`/orders/${orderId}/refunds`, { amount: 500, reason: 'Late delivery' }, seller.token);
    const before = await settled(t, orderId);
    const refundId = before.refunds![0]!.refundId;
    const events = await eventsOf(t, 'refund.succeeded', orderId);
    expect(events).toBe(1);

    // Forged: signed with another secret.
    const forged = await signedRefundWebhook(t, { orderId, refundId }, { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(400);
    // Stale: an old delivery sent again.
    const stale = await signedRefundWebhook(
      t,
      { orderId, refundId },
      { timestamp: String(Date.now() - 3_600_000) },
    );
    expect(stale.statusCode).toBe(400);
    // Replayed within the window: already settled, a duplicate.
    const replay = await signedRefundWebhook(t, { orderId, refundId });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ message: string }>().message).toBe('duplicate');
    // A refund that is not ours.
    const unknown = await signedRefundWebhook(t, { orderId, refundId: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(unknown.json<{ message: string }>().message).toBe('ignored');

    const after = await stateOf(t, orderId);
    expect(after.paymentState).toBe(before.paymentState);
    expect(after.refunds).toEqual(before.refunds);
    expect(await eventsOf(t, 'refund.succeeded', orderId)).toBe(1);
    expect(await eventsOf(t, 'refund.failed', orderId)).toBe(0);
  });

  it('a webhook that says SUCCESS for a refund the provider has not settled changes nothing', async () => {
    const productId = await makeProduct(t, seller, 5);
    const orderId = await placeOrder(t, productId);
    const [refund] = await t.db
      .insert(refunds)
      .values({
        id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        orderId,
        amountPaise: 100,
        reason: 'Never sent',
        actor: 'admin',
        provider: 'simulator',
      })
      .returning();
    // The provider does not know it: the signed webhook is only a trigger, and the fetch fails.
    const res = await signedRefundWebhook(t, { orderId, refundId: refund!.id });
    expect(res.statusCode).toBe(503);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(row?.status).toBe('PENDING');
    expect(await eventsOf(t, 'refund.succeeded', orderId)).toBe(0);
  });
});
