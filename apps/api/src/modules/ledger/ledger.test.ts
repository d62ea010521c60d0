import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PayoutAccount, SettlementStatement } from '@app/domain';
import { domainEvents, orders, rewardEntries, settlementEntries } from '../../db/schema/index.js';
import { recordEvent, type OrderEventPayload } from '../../lib/domain-events.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { findOrderById, orderEventPayload } from '../orders/orders.repository.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';
import { settled } from '../refunds/refunds-test-helpers.js';

// Seller settlements and referral rewards (issue 23, decision 033). The mixed run refunds through
// the refunds service and the simulator; other tests record the refund.succeeded fact directly, to
// choose its numbers (cash on delivery, refunds before delivery, a fact recorded twice).

let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'ledger-test-secret',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    UNPAID_ORDERS_MAX: '100000',
    UNPAID_UNITS_MAX: '100000',
  });
  const user = await createUser(t.db, { role: 'ADMIN' });
  admin = { id: user.id, token: await loginAs(t.app, user.email, user.password) };
  // 5 % commission, 0.5 % GST TCS, 0.1 % income-tax TDS.
  const rates = await call('PUT', '/admin/ledger/rates', admin.token, {
    commissionBasisPoints: 500,
    tcsBasisPoints: 50,
    tdsBasisPoints: 10,
  });
  expect(rates.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });
}

/** A paid order of one ₹2,999 product through the simulator, as a buyer would pay it. */
async function paidOrder(productId: string, extra: Record<string, unknown> = {}) {
  const placed = await call('POST', '/euOrder/saveOrder2', undefined, orderBody(productId, extra));
  expect(placed.statusCode).toBe(201);
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

async function payloadOf(orderId: string): Promise<OrderEventPayload> {
  const order = await findOrderById(t.db, orderId);
  return orderEventPayload(t.db, order!);
}

/** The refunds module's fact: money went back to the buyer. */
async function refundSucceeded(
  orderId: string,
  refundPaise: number,
  refundedPaiseTotal: number,
  { refundId = newId(), paymentMethod }: { refundId?: string; paymentMethod?: 'COD' } = {},
) {
  const payload = { ...(await payloadOf(orderId)), ...(paymentMethod ? { paymentMethod } : {}) };
  await t.db.transaction((tx) =>
    recordEvent(tx, {
      type: 'refund.succeeded',
      payload: {
        ...payload,
        refundId,
        refundPaise,
        refundedPaiseTotal,
        reason: 'Damaged in transit',
        refundedBy: 'seller',
      },
    }),
  );
  return refundId;
}

async function deliver(seller: { token: string }, orderId: string) {
  for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
    const res = await call('POST', '/orders/updateFulfilment', seller.token, { orderId, fulfilment });
    expect(res.statusCode).toBe(200);
  }
}

async function statement(token: string) {
  const res = await call('GET', '/ledger/settlements', token);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SettlementStatement }>().data;
}

async function account(userId: string) {
  const res = await call('GET', '/admin/ledger/accounts', admin.token);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: PayoutAccount[] }>().data.find((a) => a.userId === userId);
}

const payout = (
  userId: string,
  kind: 'SETTLEMENT' | 'REWARD',
  amountPaise: number,
  reference: string,
  token = admin.token,
) => call('POST', '/admin/ledger/payouts', token, { userId, kind, amountPaise, reference });

describe('seller settlements', () => {
  it('balance = sales − refunds − commission − taxes − payouts after a mixed run', async () => {
    const seller = await makeSeller(t, 'Lakshmi Textiles');
    const productId = await makeProduct(t, seller, 10);
    const [first, second] = [await paidOrder(productId), await paidOrder(productId)];
    await paidOrder(productId);

    // Through the refunds service: ₹1,000.50 back on the first, everything on the second; the
    // simulator settles each and its signed webhook records refund.succeeded.
    for (const [orderId, amount] of [
      [first, 1000.5],
      [second, 2999],
    ] as const) {
      const asked = await call('POST', `/orders/${orderId}/refunds`, seller.token, {
        amount,
        reason: 'Damaged in transit',
      });
      expect(asked.statusCode).toBe(200);
      expect((await settled(t, orderId)).paymentState).toMatch(/REFUNDED$/);
    }
    expect((await payout(seller.id, 'SETTLEMENT', 400_000, 'UTR0001')).statusCode).toBe(201);

    // Each ₹2,999 sale at 18 % GST (taxable ₹2,541.53): commission ₹149.95 on what was paid, TCS
    // ₹12.71 (1,270.765 paise) and TDS ₹2.54 on the taxable value.
    const charges = 14_995 + 1_271 + 254;
    // The partial refund returns 100,050 / 299,900 of each: 5,002.5 → 5,003; 424.0 → 424; 84.7 → 85.
    const returned = 5_003 + 424 + 85 + charges;
    const sales = 3 * 299_900;
    const refunds = 100_050 + 299_900;
    const mine = await statement(seller.token);
    expect(mine.owedPaise).toBe(sales - refunds - 3 * charges + returned);
    expect(mine.paidPaise).toBe(400_000);
    expect(mine.balancePaise).toBe(sales - refunds - 3 * charges + returned - 400_000);
    expect(mine.balancePaise).toBe(72_222);
    expect(mine.entries.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(mine.balancePaise);
    expect(mine.entries[0]).toMatchObject({ kind: 'PAYOUT', amountPaise: -400_000, reference: 'UTR0001' });
    expect((await account(seller.id))?.settlementBalancePaise).toBe(72_222);

    // Every row is one half of a posting whose other account is named.
    const counters = await t.db
      .selectDistinct({ kind: settlementEntries.kind, counter: settlementEntries.counterAccount })
      .from(settlementEntries)
      .where(eq(settlementEntries.sellerUserId, seller.id));
    expect(counters).toContainEqual({ kind: 'TCS', counter: 'gst-tcs-payable' });
    expect(counters).toContainEqual({ kind: 'PAYOUT', counter: 'bank' });

    // The CSV: oldest first, the balance after each row ending at the balance.
    const csv = await call('GET', '/ledger/settlements/csv', seller.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Order,Entry,Amount (INR),Reference,Balance (INR)');
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},RH-[0-9A-F]{8},Sale,2999\.00,,2999\.00$/);
    expect(lines.at(-1)).toMatch(/,Settlement paid out,-4000\.00,UTR0001,722\.22$/);
    expect(lines).toHaveLength(mine.entries.length + 1);
  });

  it('refuses a payout above the balance, and books one reference once', async () => {
    const seller = await makeSeller(t, 'Farah Footwear');
    const productId = await makeProduct(t, seller, 5);
    await paidOrder(productId);
    const balance = (await statement(seller.token)).balancePaise;
    expect(balance).toBe(299_900 - 16_520);

    const above = await payout(seller.id, 'SETTLEMENT', balance + 1, 'UTR0002');
    expect(above.statusCode).toBe(409);
    expect(above.json().errors.amountPaise).toBe('The payout is above what is owed (₹2,833.80)');
    expect(await payout(seller.id, 'SETTLEMENT', 100_000, 'utr0003').then((r) => r.statusCode)).toBe(201);
    const again = await payout(seller.id, 'SETTLEMENT', 100_000, 'UTR0003');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.reference).toBe(
      'A payout with this reference is already recorded for this account',
    );
    // Two payouts at once of what is left: only one fits.
    const left = balance - 100_000;
    const both = await Promise.all([
      payout(seller.id, 'SETTLEMENT', left, 'UTR0004'),
      payout(seller.id, 'SETTLEMENT', left, 'UTR0005'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await statement(seller.token)).balancePaise).toBe(0);
    // A bad amount is named on its field, never a 500.
    const bad = await payout(seller.id, 'SETTLEMENT', 10.5, 'UTR0006');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.amountPaise).toBe('Enter the amount in whole paise');
  });

  it('cash on delivery: the seller holds the cash and owes the platform its charges', async () => {
    const seller = await makeSeller(t, 'Gopal Stores');
    const productId = await makeProduct(t, seller, 5);
    // An order paid online, booked again as the cash-on-delivery module records "paid on delivery".
    const cod = await paidOrder(productId);
    await t.db.delete(settlementEntries).where(eq(settlementEntries.orderId, cod));
    const payload = { ...(await payloadOf(cod)), paymentMethod: 'COD' as const };
    await t.db.transaction((tx) => recordEvent(tx, { type: 'order.paid', payload }));
    const rows = (await statement(seller.token)).entries.filter((e) => e.orderId === cod);
    expect(rows.map((r) => [r.kind, r.amountPaise]).sort()).toEqual(
      [
        ['CASH_COLLECTED', -299_900],
        ['COMMISSION', -14_995],
        ['SALE', 299_900],
        ['TCS', -1_271],
        ['TDS', -254],
      ].sort(),
    );
    // The seller pays a COD refund themselves: only the charges come back to them.
    await refundSucceeded(cod, 299_900, 299_900, { paymentMethod: 'COD' });
    const after = (await statement(seller.token)).entries.filter((e) => e.orderId === cod);
    expect(after.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(0);
  });

  it('books an event recorded twice for one fact once, and a reaction that fails undoes the fact', async () => {
    const seller = await makeSeller(t, 'Harish Traders');
    const productId = await makeProduct(t, seller, 5);
    const orderId = await paidOrder(productId);
    const refundId = await refundSucceeded(orderId, 50_000, 50_000);
    const before = await statement(seller.token);

    const payload = await payloadOf(orderId);
    await t.db.transaction((tx) => recordEvent(tx, { type: 'order.paid', payload }));
    await refundSucceeded(orderId, 50_000, 50_000, { refundId });
    expect(await statement(seller.token)).toEqual(before);

    // A delivery whose reward cannot be booked (its referrer does not exist) is not delivered.
    await call('POST', '/orders/updateFulfilment', seller.token, { orderId, fulfilment: 'DISPATCHED' });
    const events = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents)).at(0)?.n ?? 0;
    const eventsBefore = await events();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(orders).set({ fulfilment: 'DELIVERED' }).where(eq(orders.id, orderId));
        await recordEvent(tx, {
          type: 'order.delivered',
          payload: { ...payload, referrerUserId: newId(), referrerRewardPaise: 5_900 },
        });
      }),
    ).rejects.toThrow();
    const [order] = await t.db
      .select({ fulfilment: orders.fulfilment })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order?.fulfilment).toBe('DISPATCHED');
    expect(await events()).toBe(eventsBefore);
  });

  it('takes back on refund what the sale was charged, whatever the rates are now', async () => {
    const seller = await makeSeller(t, 'Kamala Weaves');
    const productId = await makeProduct(t, seller, 5);
    const orderId = await paidOrder(productId);
    const setRates = (commissionBasisPoints: number) =>
      call('PUT', '/admin/ledger/rates', admin.token, {
        commissionBasisPoints,
        tcsBasisPoints: 50,
        tdsBasisPoints: 10,
      });
    expect((await setRates(0)).statusCode).toBe(200);
    try {
      await refundSucceeded(orderId, 299_900, 299_900);
      const rows = (await statement(seller.token)).entries;
      expect(rows.find((e) => e.kind === 'COMMISSION_REVERSAL')?.amountPaise).toBe(14_995);
      expect(rows.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(0);
    } finally {
      await setRates(500);
    }
  });

  it('shows a seller only their own ledger; only the admin pays out and sets rates', async () => {
    const seller = await makeSeller(t, 'Indira Crafts');
    const other = await makeSeller(t, 'Jaya Home');
    const productId = await makeProduct(t, seller, 5);
    await paidOrder(productId);
    expect((await statement(other.token)).entries).toEqual([]);
    expect(
      (await call('GET', `/admin/ledger/accounts/${seller.id}/settlements`, other.token)).statusCode,
    ).toBe(403);
    expect((await payout(other.id, 'SETTLEMENT', 100, 'UTR0100', other.token)).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/admin/ledger/rates', other.token, {
          commissionBasisPoints: 0,
          tcsBasisPoints: 0,
          tdsBasisPoints: 0,
        })
      ).statusCode,
    ).toBe(403);
    const team = await createUser(t.db, { role: 'TEAM' });
    const teamToken = await loginAs(t.app, team.email, team.password);
    expect((await payout(seller.id, 'SETTLEMENT', 100, 'UTR0101', teamToken)).statusCode).toBe(403);
    expect((await call('GET', '/admin/ledger/accounts', teamToken)).statusCode).toBe(403);
    const buyer = await createUser(t.db);
    expect(
      (await call('GET', '/ledger/settlements', await loginAs(t.app, buyer.email, buyer.password)))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/ledger/settlements')).statusCode).toBe(401);
    // The admin reads the seller's rows before paying them.
    const read = await call('GET', `/admin/ledger/accounts/${seller.id}/settlements`, admin.token);
    expect(read.json<{ data: SettlementStatement }>().data.balancePaise).toBe(299_900 - 16_520);
    const rates = await call('PUT', '/admin/ledger/rates', admin.token, {
      commissionBasisPoints: 500,
      tcsBasisPoints: 300,
      tdsBasisPoints: 10,
    });
    expect(rates.statusCode).toBe(400);
    expect(rates.json().errors.tcsBasisPoints).toBe('GST TCS is at most 2 % (200 basis points)');
  });
});

describe('referral rewards', () => {
  const storeOf = async (userId: string) =>
    (await call('GET', `/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${userId}`)).json<{
      Data: { affiliate_code: string; remaining_reward_amount: number; total_rewards_rolledout: number };
    }>().Data;

  it('are earned at delivery, reversed on refund in proportion, and redeemed by a payout', async () => {
    const seller = await makeSeller(t, 'Kabir Sports');
    const referrer = await makeSeller(t, 'Leela Referrals');
    const productId = await makeProduct(t, seller, 10);
    const orderId = await paidOrder(productId, { referrercontactNum: referrer.mobile });
    // Paid is not earned.
    expect(await storeOf(referrer.id)).toMatchObject({
      remaining_reward_amount: 0,
      total_rewards_rolledout: 0,
    });
    await deliver(seller, orderId);
    // 2 % of ₹2,999, in whole rupees: ₹59.
    expect(await storeOf(referrer.id)).toMatchObject({
      remaining_reward_amount: 59,
      total_rewards_rolledout: 59,
    });
    await refundSucceeded(orderId, 149_950, 149_950);
    expect(await storeOf(referrer.id)).toMatchObject({
      remaining_reward_amount: 29.5,
      total_rewards_rolledout: 29.5,
    });

    // Refunded half before delivery: half is earned at delivery, and the rest goes with the rest.
    const early = await paidOrder(productId, { referrercontactNum: referrer.mobile });
    await refundSucceeded(early, 149_950, 149_950);
    expect((await storeOf(referrer.id)).remaining_reward_amount).toBe(29.5);
    await deliver(seller, early);
    expect((await storeOf(referrer.id)).remaining_reward_amount).toBe(59);
    await refundSucceeded(early, 149_950, 299_900);
    expect((await storeOf(referrer.id)).remaining_reward_amount).toBe(29.5);

    const above = await payout(referrer.id, 'REWARD', 2_951, 'UPI-0001');
    expect(above.statusCode).toBe(409);
    const paid = await payout(referrer.id, 'REWARD', 2_000, 'UPI-0001');
    expect(paid.statusCode).toBe(201);
    expect(paid.json<{ data: PayoutAccount }>().data.rewardBalancePaise).toBe(950);
    expect(await storeOf(referrer.id)).toMatchObject({
      remaining_reward_amount: 9.5,
      total_rewards_rolledout: 29.5,
    });
    const rows = await t.db
      .select({ kind: rewardEntries.kind, amount: rewardEntries.amountPaise })
      .from(rewardEntries)
      .where(eq(rewardEntries.userId, referrer.id));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(950);
  });

  it('cannot be typed in by the seller: the affiliate code is generated, unique and editable', async () => {
    const a = await makeSeller(t, 'Manoj Retail');
    const b = await makeSeller(t, 'Nisha Retail');
    const [codeA, codeB] = [(await storeOf(a.id)).affiliate_code, (await storeOf(b.id)).affiliate_code];
    expect(codeA).toMatch(/^[0-9A-F]{10}$/);
    expect(codeB).not.toBe(codeA);
    const typed = await call('POST', '/shop/updateSellerField', a.token, { remaining_reward_amount: 5000 });
    expect(typed.statusCode).toBe(403);
    expect(typed.json().errors.remaining_reward_amount).toBe(
      'Reward amounts add up from delivered orders and payouts, and cannot be typed in: only the affiliate code can be updated',
    );
    expect(
      (await call('POST', '/shop/updateSellerField', a.token, { affiliate_code: 'Manoj-5' })).statusCode,
    ).toBe(200);
    const taken = await call('POST', '/shop/updateSellerField', b.token, { affiliate_code: 'MANOJ-5' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.affiliate_code).toBe('This affiliate code is taken: choose another');
    expect((await storeOf(b.id)).affiliate_code).toBe(codeB);
  });
});
