import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUSINESS_MESSAGES, BUSINESS_PROOF_HEADER } from '@app/domain';
import { orders, users } from '../../db/schema/index.js';
import { createTestApp, createUser, outboxFor, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from './orders-test-helpers.js';
import { signProof } from './business-buyer.js';
import { findInvoiceFacts } from '../invoices/invoices.repository.js';

// Business checkout without a session (issue 38, decision 056): the dealer app's order and the web
// page's proven number.
const SECRET = 'business-proof-test-secret-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ORDERS_PER_MINUTE: '100000', DEVICE_COOKIE_SECRET: SECRET });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });

interface Placed {
  data: {
    order: { _id: string; unitPrice: number; amount: number; quantity: number };
    confirmation?: { _id: string };
  };
  cfOrder?: { paymentSessionId: string };
}

/** A retailer buying wholesale: an activated seller with a store; their order's contact is theirs. */
async function retailer() {
  const seller = await makeSeller(t, 'Kiran Shah');
  const body = (productId: string, extra: Record<string, unknown> = {}) => {
    const base = orderBody(productId, { quantity: 5, ...extra });
    return { ...base, address: { ...base.address, email: seller.email, mobile: seller.mobile } };
  };
  return { ...seller, body };
}

async function codeSentTo(email: string) {
  const [message] = await outboxFor(t.db, email);
  return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
}

describe('business checkout without a session', () => {
  it('a seller proves their number by its code, then orders at the wholesale price with their GSTIN on the invoice', async () => {
    const supplier = await makeSeller(t);
    const productId = await makeProduct(t, supplier, 50);
    const buyer = await retailer();

    const sent = await post('/users/businessBuyer/sendCode', { mobile: buyer.mobile });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toMatch(/\*\*\*/);
    expect(sent.body).not.toContain(buyer.email);
    const wrong = await post('/users/businessBuyer/verifyCode', { mobile: buyer.mobile, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const code = await codeSentTo(buyer.email);
    const proven = await post('/users/businessBuyer/verifyCode', { mobile: buyer.mobile, code });
    expect(proven.statusCode).toBe(200);
    const proof = proven.json<{ data: { proof: string } }>().data.proof;

    // Karnataka's GSTIN for a delivery in Karnataka; another state's is refused by field.
    const elsewhere = await post('/orders/saveOrder2', buyer.body(productId, { gstin: '27AAPFU0939F1ZV' }), {
      [BUSINESS_PROOF_HEADER]: proof,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.gstin).toContain('another state');
    const placed = await post('/orders/saveOrder2', buyer.body(productId, { gstin: '29aabct3518q1zs' }), {
      [BUSINESS_PROOF_HEADER]: proof,
    });
    expect(placed.statusCode).toBe(201);
    const data = placed.json<Placed>();
    // Wholesale selling price × the MOQ; the order is the seller's own at once, no code to wait for.
    expect(data.data.order).toMatchObject({ unitPrice: 1500, quantity: 5, amount: 7500 });
    expect(data.data.confirmation).toBeUndefined();
    expect(data.cfOrder?.paymentSessionId).toBeTruthy();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, data.data.order._id));
    expect(row).toMatchObject({ buyerUserId: buyer.id, buyerConfirmed: true, buyerGstin: '29AABCT3518Q1ZS' });
    expect((await findInvoiceFacts(t.db, row!.id))?.buyerGstin).toBe('29AABCT3518Q1ZS');
  });

  it("the dealer app's order without proof waits for the seller account's code, and is not dispatched before", async () => {
    const supplier = await makeSeller(t);
    const productId = await makeProduct(t, supplier, 50);
    const buyer = await retailer();
    const placed = await post('/orders/saveOrder2', buyer.body(productId));
    expect(placed.statusCode).toBe(201);
    const data = placed.json<Placed>().data;
    expect(data.confirmation?._id).toBeTruthy();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, data.order._id));
    expect(row).toMatchObject({ buyerUserId: buyer.id, buyerConfirmed: false, channel: 'b2b' });
    await t.db.update(orders).set({ paymentState: 'PAID', paidAt: new Date() }).where(eq(orders.id, row!.id));

    const dispatch = () =>
      post(
        '/orders/updateFulfilment',
        { orderId: row!.id, fulfilment: 'DISPATCHED' },
        { authorization: supplier.token },
      );
    const early = await dispatch();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BUSINESS_MESSAGES.unconfirmedBuyer);

    const code = await codeSentTo(buyer.email);
    const confirmed = await post('/contributions/confirm', { _id: data.confirmation!._id, code });
    expect(confirmed.statusCode).toBe(200);
    expect((await dispatch()).statusCode).toBe(200);
  });

  it('refuses a number that is no activated seller, and a forged or expired proof, writing nothing', async () => {
    const supplier = await makeSeller(t);
    const productId = await makeProduct(t, supplier, 50);
    const inactive = await createUser(t.db, { role: 'USER' });
    const notActivated = await post('/users/businessBuyer/sendCode', { mobile: inactive.mobile });
    expect(notActivated.statusCode).toBe(403);
    expect(notActivated.json().message).toBe('Seller Account not activated!!');
    const customer = await createUser(t.db, { role: 'END_USER' });
    expect((await post('/users/businessBuyer/sendCode', { mobile: customer.mobile })).statusCode).toBe(404);
    expect(await outboxFor(t.db, customer.email)).toHaveLength(0);

    const buyer = await retailer();
    const forged = signProof('not-the-secret', buyer.id, Date.now() + 60_000);
    const expired = signProof(SECRET, buyer.id, Date.now() - 1);
    for (const proof of [forged, expired, 'junk']) {
      const res = await post('/orders/saveOrder2', buyer.body(productId), { [BUSINESS_PROOF_HEADER]: proof });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(BUSINESS_MESSAGES.proofExpired);
    }
    const written = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.productId, productId));
    expect(written).toHaveLength(0);
    const [account] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, buyer.id));
    expect(account?.role).toBe('SELLER');
  });
});
