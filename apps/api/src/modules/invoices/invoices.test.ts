import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@app/domain';
import { orders, shops, taxDocumentCounters, taxDocuments, teamRights } from '../../db/schema/index.js';
import { recordEvent } from '../../lib/domain-events.js';
import { newId } from '../../lib/ids.js';
import {
  createTestApp,
  createUser,
  credentialHeaders,
  loginAs,
  orderKeyHeader,
  type TestApp,
} from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';
import { orderEventPayload, type OrderRow } from '../orders/orders.repository.js';
import { issueInvoice } from './issue-tax-documents.js';
import { approvedTaxDetails } from './tax-details-test-helpers.js';

let t: TestApp;
let admin: { id: string; token: string };

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const KA_GSTIN = gstin('29AAPFU0939F1Z');
const KAVERI_GSTIN = gstin('29AAKFK4821M1Z');

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'ADMIN' });
  admin = { id: user.id, token: await loginAs(t.app, user.email, user.password) };
});
afterAll(async () => t?.close());

const send = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token?: string | Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: credentialHeaders(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

type Seller = Awaited<ReturnType<typeof makeSeller>>;

/** A seller whose documents print `taxGstin`, approved by the admin (decision 069); '' for none. */
async function sellerWith(taxGstin: string, name = 'Gowda Footwear') {
  const seller = await makeSeller(t, name);
  await approvedTaxDetails(
    t,
    seller,
    {
      legalName: `${name} Private Limited`,
      address: '12 MG Road, Bengaluru, Karnataka 560001',
      stateCode: '29',
      gstin: taxGstin,
    },
    admin.token,
  );
  return seller;
}

/** A paid order as the payment webhook leaves it (the payment itself is the orders tests' concern). */
async function paidOrder(
  seller: Seller,
  productId: string,
  state = 'Karnataka',
  quantity = 2,
  buyerId?: string,
) {
  const buyer = buyerId ?? (await createUser(t.db)).id;
  const body = orderBody(productId, { quantity });
  const [row] = await t.db
    .insert(orders)
    .values({
      buyerUserId: buyer,
      sellerUserId: seller.id,
      productId,
      source: 'euOrder/saveOrder2',
      channel: 'b2c',
      quantity,
      unitPrice: 2999,
      amount: 2999 * quantity,
      address: { ...body.address, state },
      paymentState: 'PAID',
      paidAt: new Date(),
      holdExpiresAt: null,
    })
    .returning();
  return row!;
}

const dispatch = (seller: Seller, orderId: string) =>
  send('POST', '/orders/updateFulfilment', seller.token, { orderId, fulfilment: 'DISPATCHED' });

/** Read as `token`'s account, or without a session with the order's key (the buyer's link). */
async function documentsOf(orderId: string, token?: string) {
  const res = await send('GET', `/invoices/${orderId}`, token ?? (await orderKeyHeader(t, orderId)));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { _id: string; kind: string; number: string; totalPaise: number }[] }>().data;
}

async function pdfText(orderId: string, documentId: string, token?: string) {
  const res = await send(
    'GET',
    `/invoices/${orderId}/${documentId}/pdf`,
    token ?? (await orderKeyHeader(t, orderId)),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text, disposition: String(res.headers['content-disposition']) };
}

describe('seller tax details', () => {
  it('checks the GSTIN and its state, and asks for HSN codes still missing', async () => {
    const seller = await makeSeller(t, 'Kaveri Silks');
    await makeProduct(t, seller, 5);
    // Before the seller saves any, the details start from the store they applied with.
    const before = await send('GET', '/taxDetails', seller.token);
    expect(before.json().data).toMatchObject({ address: 'Bengaluru', gstin: '', productsWithoutHsn: 1 });
    const typo = await send('PUT', '/taxDetails', seller.token, {
      legalName: 'Kaveri Silks LLP',
      address: '3 Chickpet, Bengaluru 560053',
      stateCode: '29',
      gstin: KAVERI_GSTIN.slice(0, 14) + (KAVERI_GSTIN.endsWith('A') ? 'B' : 'A'),
      pan: KAVERI_GSTIN.slice(2, 12),
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors).toEqual({
      gstin: 'This GSTIN has a typing mistake: its last character does not match',
    });
    const elsewhere = await send('PUT', '/taxDetails', seller.token, {
      legalName: 'Kaveri Silks LLP',
      address: '3 Chickpet, Bengaluru 560053',
      stateCode: '33',
      gstin: KAVERI_GSTIN,
      pan: KAVERI_GSTIN.slice(2, 12),
    });
    expect(elsewhere.json().errors.gstin).toMatch(/registered in Karnataka/);
    const saved = await send('PUT', '/taxDetails', seller.token, {
      legalName: 'Kaveri Silks LLP',
      address: '3 Chickpet, Bengaluru 560053',
      stateCode: '29',
      gstin: KAVERI_GSTIN.toLowerCase(),
      pan: KAVERI_GSTIN.slice(2, 12).toLowerCase(),
    });
    // The GSTIN waits for the admin (decision 069): documents print none until it is approved.
    expect(saved.json().data).toEqual({
      legalName: 'Kaveri Silks LLP',
      address: '3 Chickpet, Bengaluru 560053',
      stateCode: '29',
      gstin: KAVERI_GSTIN,
      pan: KAVERI_GSTIN.slice(2, 12),
      approvedGstin: '',
      gstinReview: {
        state: 'PENDING',
        gstin: KAVERI_GSTIN,
        requestedAt: expect.any(String),
        reason: '',
        decidedAt: null,
      },
      productsWithoutHsn: 1,
    });
    const buyer = await createUser(t.db);
    const asBuyer = await send('GET', '/taxDetails', await loginAs(t.app, buyer.email, buyer.password));
    expect(asBuyer.statusCode).toBe(403);
  });

  it('takes only the GSTIN of the state the store is in (issue 40)', async () => {
    const seller = await makeSeller(t, 'Chennai Silks Bengaluru');
    await t.db.update(shops).set({ state: 'Karnataka' }).where(eq(shops.userId, seller.id));
    const details = (stateCode: string, taxGstin: string) => ({
      legalName: 'Chennai Silks Private Limited',
      address: '40 Commercial Street, Bengaluru 560001',
      stateCode,
      gstin: taxGstin,
      pan: taxGstin.slice(2, 12),
    });
    // A Tamil Nadu registration on invoices issued from a Karnataka store: refused, nothing saved.
    const other = await send('PUT', '/taxDetails', seller.token, details('33', gstin('33AAKCC7710M1Z')));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({
      stateCode:
        'Your store is in Karnataka: its tax invoices carry state code 29 and a GSTIN registered in Karnataka',
    });
    expect((await send('GET', '/taxDetails', seller.token)).json().data).toMatchObject({
      gstin: '',
      stateCode: '29',
    });
    const own = await send('PUT', '/taxDetails', seller.token, details('29', gstin('29AAKCC7710M1Z')));
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a GSTIN another seller holds, and keeps what each had', async () => {
    const first = await sellerWith(gstin('29AAJCM5521P1Z'), 'Malleshwaram Mills');
    const second = await makeSeller(t, 'Copycat Traders');
    const details = (g: string) => ({
      legalName: 'Copycat Traders',
      address: '1 Avenue Road, Bengaluru 560002',
      stateCode: '29',
      gstin: g,
      pan: g.slice(2, 12),
    });
    const taken = await send('PUT', '/taxDetails', second.token, details(gstin('29AAJCM5521P1Z')));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({
      gstin: 'This GSTIN is already registered to another seller on Revuhub',
    });
    expect((await send('GET', '/taxDetails', second.token)).json().data.gstin).toBe('');
    expect((await send('GET', '/taxDetails', first.token)).json().data.gstin).toBe(gstin('29AAJCM5521P1Z'));
    // Two sellers saving one new GSTIN at the same moment: exactly one keeps it.
    const third = await makeSeller(t, 'Race Traders');
    const contested = gstin('29AAJCR7788Q1Z');
    const answers = await Promise.all(
      [second, third].map((s) => send('PUT', '/taxDetails', s.token, details(contested))),
    );
    // (One waits for the admin: a GSTIN another seller waits for is taken too.)
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // The seller's own GSTIN saves again as often as they like.
    const winner = answers[0]!.statusCode === 200 ? second : third;
    expect((await send('PUT', '/taxDetails', winner.token, details(contested))).statusCode).toBe(200);
  });

  it('gives products a GST rate (18% unless chosen; 0% stays 0%) and an HSN code', async () => {
    const seller = await makeSeller(t, 'Nandi Crafts');
    const plain = await makeProduct(t, seller, 1);
    const listed = await send('GET', `/products/getProductOnId/${plain}`);
    expect(listed.json().Data).toMatchObject({ gst_rate: 18, hsn_code: '' });
    const taxed = await makeProduct(t, seller, 1, { gstRate: '5', hsnCode: '6403' });
    const zero = await send('POST', '/products/updateProduct', seller.token, { _id: taxed, gstRate: 0 });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().Data).toMatchObject({ gst_rate: 0, hsn_code: '6403' });
    const kept = await send('POST', '/products/updateProduct', seller.token, {
      _id: taxed,
      gstRate: '',
      hsnCode: '',
    });
    expect(kept.json().Data).toMatchObject({ gst_rate: 0, hsn_code: '6403' });
    const wrong = await send('POST', '/products/updateProduct', seller.token, {
      _id: taxed,
      gstRate: 15,
      hsnCode: '64',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toMatchObject({
      gstRate: 'Choose a GST rate: 0, 5, 12, 18 or 28%',
      hsnCode: 'HSN code is 4 to 8 digits',
    });
  });
});

describe('tax invoices at dispatch', () => {
  let seller: Seller;
  let productId: string;
  beforeAll(async () => {
    seller = await sellerWith(KA_GSTIN);
    productId = await makeProduct(t, seller, 500, { gstRate: '12', hsnCode: '64039990' });
  });

  it('charges CGST and SGST when the buyer is in the seller’s state, from the stored order', async () => {
    const order = await paidOrder(seller, productId, 'Karnataka', 2);
    expect(await documentsOf(order.id)).toEqual([]);
    expect((await dispatch(seller, order.id)).statusCode).toBe(200);
    const [invoice, ...more] = await documentsOf(order.id, seller.token);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'TAX_INVOICE',
      number: expect.stringMatching(/^I\/20\d\d-\d\d\/000001$/),
      totalPaise: 599_800,
    });
    const { text, disposition } = await pdfText(order.id, invoice!._id, seller.token);
    expect(disposition).toBe(`attachment; filename="Tax-Invoice-${invoice!.number.replace(/\//g, '-')}.pdf"`);
    // ₹5,998 at 12%: taxable 5,355.36; CGST and SGST 321.32 each.
    for (const expected of [
      'Tax Invoice',
      invoice!.number,
      `GSTIN: ${KA_GSTIN}`,
      'Gowda Footwear Private Limited',
      '64039990',
      'Meera Iyer',
      'Place of supply: Karnataka (29)',
      'CGST @ 6%',
      'SGST @ 6%',
      'Rs. 5,355.36',
      'Rs. 321.32',
      'Rs. 5,998.00',
      'Rupees Five Thousand Nine Hundred Ninety Eight Only',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');
  });

  it('charges IGST when the goods go to another state', async () => {
    const order = await paidOrder(seller, productId, 'Maharashtra', 1);
    await dispatch(seller, order.id);
    const [invoice] = await documentsOf(order.id, admin.token);
    const { text } = await pdfText(order.id, invoice!._id, admin.token);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('IGST @ 12%');
    // ₹2,999 at 12%: taxable 2,677.68, IGST 321.32.
    expect(text).toContain('Rs. 2,677.68');
    expect(text).toContain('Rs. 321.32');
    expect(text).not.toContain('CGST');
  });

  it('issues a bill of supply, without tax, when the seller has no GSTIN', async () => {
    const small = await sellerWith('', 'Lakshmi Stores');
    const product = await makeProduct(t, small, 10, { hsnCode: '6403' });
    const order = await paidOrder(small, product, 'Karnataka', 1);
    await dispatch(small, order.id);
    const [bill] = await documentsOf(order.id);
    expect(bill).toMatchObject({ kind: 'BILL_OF_SUPPLY', number: expect.stringMatching(/^B\/.+\/000001$/) });
    const { text } = await pdfText(order.id, bill!._id);
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('Not registered for GST');
    expect(text).toContain('no tax is charged');
    expect(text).not.toMatch(/CGST|SGST|IGST/);
  });

  it('invoices cash on delivery when the cash is paid, not at dispatch', async () => {
    const order = await paidOrder(seller, productId, 'Karnataka', 1);
    const cod = async (type: 'order.dispatched' | 'order.paid', row: OrderRow) =>
      t.db.transaction(async (tx) =>
        recordEvent(tx, { type, payload: { ...(await orderEventPayload(tx, row)), paymentMethod: 'COD' } }),
      );
    await cod('order.dispatched', order);
    expect(await documentsOf(order.id)).toEqual([]);
    await cod('order.paid', order);
    expect((await documentsOf(order.id)).map((d) => d.kind)).toEqual(['TAX_INVOICE']);
  });

  it('issues a credit note for each refund, once, against the invoice', async () => {
    const order = await paidOrder(seller, productId, 'Karnataka', 2);
    await dispatch(seller, order.id);
    const refund = (refundId: string, refundPaise: number) =>
      t.db.transaction(async (tx) =>
        recordEvent(tx, {
          type: 'refund.succeeded',
          payload: {
            ...(await orderEventPayload(tx, order)),
            refundId,
            refundPaise,
            refundedPaiseTotal: refundPaise,
            reason: 'One pair arrived damaged',
            refundedBy: 'seller',
          },
        }),
      );
    const refundId = newId();
    await refund(refundId, 299_900);
    await refund(refundId, 299_900);
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.kind)).toEqual(['TAX_INVOICE', 'CREDIT_NOTE']);
    const note = docs[1]!;
    expect(note).toMatchObject({ number: expect.stringMatching(/^C\/.+\/000001$/), totalPaise: 299_900 });
    const { text } = await pdfText(order.id, note._id);
    for (const expected of [
      'Credit Note',
      `Against invoice ${docs[0]!.number}`,
      'Reason: One pair arrived damaged',
      'CGST @ 6%',
      'Rs. 2,677.68',
      'Rs. 160.66',
      'Rs. 2,999.00',
    ])
      expect(text).toContain(expected);
  });

  it('credits a refund made before dispatch against the invoice issued at dispatch', async () => {
    const order = await paidOrder(seller, productId, 'Kerala', 2);
    await t.db.transaction(async (tx) =>
      recordEvent(tx, {
        type: 'refund.succeeded',
        payload: {
          ...(await orderEventPayload(tx, order)),
          refundId: newId(),
          refundPaise: 299_900,
          refundedPaiseTotal: 299_900,
          reason: 'Only one pair was in stock',
          refundedBy: 'seller',
        },
      }),
    );
    expect(await documentsOf(order.id)).toEqual([]);
    await dispatch(seller, order.id);
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.kind, d.totalPaise])).toEqual([
      ['TAX_INVOICE', 599_800],
      ['CREDIT_NOTE', 299_900],
    ]);
    const { text } = await pdfText(order.id, docs[1]!._id);
    expect(text).toContain(`Against invoice ${docs[0]!.number}`);
    expect(text).toContain('IGST @ 12%');
  });

  it("lets only the buyer, the seller and order viewers in; a visitor needs the order's key, not its id", async () => {
    const buyer = await createUser(t.db);
    const buyerToken = await loginAs(t.app, buyer.email, buyer.password);
    const order = await paidOrder(seller, productId, 'Karnataka', 1, buyer.id);
    await dispatch(seller, order.id);
    const [invoice] = await documentsOf(order.id, buyerToken);
    const pdf = `/invoices/${order.id}/${invoice!._id}/pdf`;
    const other = await makeSeller(t, 'Other Seller');
    const stranger = await createUser(t.db);
    const team = await createUser(t.db, { role: 'TEAM' });
    const teamToken = await loginAs(t.app, team.email, team.password);
    for (const token of [other.token, await loginAs(t.app, stranger.email, stranger.password), teamToken]) {
      expect((await send('GET', pdf, token)).statusCode).toBe(403);
      expect((await send('GET', `/invoices/${order.id}`, token)).statusCode).toBe(403);
    }
    await t.db.insert(teamRights).values({ userId: team.id, name: 'see-orders' });
    expect((await send('GET', pdf, await loginAs(t.app, team.email, team.password))).statusCode).toBe(200);
    expect((await send('GET', pdf, buyerToken)).statusCode).toBe(200);
    // Without a session the order id alone is refused, as to a stranger signed in; its key opens it.
    expect((await send('GET', pdf)).statusCode).toBe(403);
    expect((await send('GET', `/invoices/${order.id}`)).statusCode).toBe(403);
    expect((await send('GET', pdf, await orderKeyHeader(t, order.id))).statusCode).toBe(200);
    // A key opens its own order only.
    const another = await paidOrder(seller, productId, 'Karnataka', 1);
    expect((await send('GET', `/invoices/${another.id}`, await orderKeyHeader(t, order.id))).statusCode).toBe(
      403,
    );
    expect((await send('GET', `/invoices/${newId()}`)).statusCode).toBe(404);
    expect((await send('GET', `/invoices/${order.id}/${newId()}/pdf`, buyerToken)).statusCode).toBe(404);
    // Each listed document carries a download link the browser follows without a session or the
    // order's key; it opens that one PDF only, and a forged or expired one opens nothing.
    const listed = (await send('GET', `/invoices/${order.id}`, buyerToken)).json<{
      data: { _id: string; downloadUrl: string }[];
    }>().data;
    const downloadUrl = listed[0]!.downloadUrl;
    expect(downloadUrl).toMatch(
      new RegExp(`^/api/invoices/${order.id}/${invoice!._id}/pdf\\?download=\\d+\\.`),
    );
    const followed = await t.app.inject({ url: downloadUrl });
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toBe('application/pdf');
    const [, token] = downloadUrl.split('?download=');
    const [expiry, mac] = token!.split('.');
    for (const forged of [`${expiry!}.${'A'.repeat(mac!.length)}`, `${String(Date.now() - 1000)}.${mac!}`]) {
      expect((await send('GET', `${pdf}?download=${forged}`)).statusCode).toBe(403);
    }
    const otherInvoice = await paidOrder(seller, productId, 'Karnataka', 1);
    await dispatch(seller, otherInvoice.id);
    const [otherDoc] = await documentsOf(otherInvoice.id, seller.token);
    expect(
      (await send('GET', `/invoices/${otherInvoice.id}/${otherDoc!._id}/pdf?download=${token!}`)).statusCode,
    ).toBe(403);
    // A document of another order is not reachable through that order's id, even with its key.
    const anotherKey = await orderKeyHeader(t, another.id);
    expect((await send('GET', `/invoices/${another.id}/${invoice!._id}/pdf`, anotherKey)).statusCode).toBe(
      404,
    );
  });

  it('never changes an issued document', async () => {
    const [doc] = await t.db.select().from(taxDocuments).limit(1);
    await expect(
      t.db.update(taxDocuments).set({ totalPaise: 1 }).where(eq(taxDocuments.id, doc!.id)),
    ).rejects.toThrow();
  });
});

describe('gapless numbers', () => {
  it('numbers 50 orders of one seller dispatched at once 1 to 50, and a rollback gives its number back', async () => {
    const seller = await sellerWith(gstin('29AABCT1332L1Z'), 'Tumkur Traders');
    const productId = await makeProduct(t, seller, 1000, { hsnCode: '6403' });
    const placed = [];
    for (let i = 0; i < 51; i++)
      placed.push(await paidOrder(seller, productId, i % 2 ? 'Karnataka' : 'Kerala', 1));
    const [held, ...batch] = placed;
    // A dispatch that fails after its invoice was numbered takes no number with it.
    await expect(
      t.db.transaction(async (tx) => {
        await issueInvoice(tx, held!.id, new Date());
        throw new Error('the courier booking failed');
      }),
    ).rejects.toThrow('courier');
    const answers = await Promise.all(batch.map((o) => dispatch(seller, o.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(batch.map(() => 200));
    const issued = await t.db
      .select({ serial: taxDocuments.serial, number: taxDocuments.number, orderId: taxDocuments.orderId })
      .from(taxDocuments)
      .where(eq(taxDocuments.sellerUserId, seller.id))
      .orderBy(taxDocuments.serial);
    expect(issued.map((d) => d.serial)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(issued.map((d) => d.orderId)).size).toBe(50);
    expect(issued.at(-1)!.number).toMatch(/^I\/.+\/000050$/);
    const [counter] = await t.db
      .select({ last: taxDocumentCounters.lastSerial })
      .from(taxDocumentCounters)
      .where(eq(taxDocumentCounters.sellerUserId, seller.id));
    expect(counter?.last).toBe(50);
  }, 120_000);
});
