import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter, type PendingGstin } from '@app/domain';
import { gstinRequests, legalEntityMembers, orders, shops, taxDocuments } from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  credentialHeaders,
  loginAs,
  outboxOnceHolding,
  type OutboxMessage,
  type TestApp,
} from '../../test/test-app.js';
import { applicantPayloads, apply } from '../../test/applicants.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';
import {
  adminToken,
  approveGstinOf,
  approvedTaxDetails,
  pendingGstinOf,
  putTaxDetails,
} from './tax-details-test-helpers.js';

// Issue 40, decision 069: a GSTIN comes with the PAN it is registered to, waits for the admin before
// documents print it, and serves two seller accounts only when the admin linked them as one entity.

let t: TestApp;
let admin: string;

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://revuhub.example', NOTIFICATIONS_POLL_SECONDS: '10' });
  admin = await adminToken(t);
});
afterAll(async () => t?.close());

const send = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: credentialHeaders(token),
    ...(payload === undefined ? {} : { payload }),
  });

type Seller = Awaited<ReturnType<typeof makeSeller>>;

const details = (taxGstin: string, pan?: string) => ({
  legalName: 'Gowda Footwear Private Limited',
  address: '12 MG Road, Bengaluru, Karnataka 560001',
  stateCode: '29',
  gstin: taxGstin,
  ...(pan === undefined ? {} : { pan }),
});

const taxDetailsOf = async (seller: Seller) =>
  (await send('GET', '/taxDetails', seller.token)).json<{
    data: {
      gstin: string;
      pan: string;
      approvedGstin: string;
      gstinReview: { state: string; gstin: string; reason: string } | null;
    };
  }>().data;

/** A paid order dispatched by its seller: its invoice is issued then, from the stores as they are. */
async function dispatchedOrder(seller: Seller, productId: string) {
  const buyer = await createUser(t.db);
  const body = orderBody(productId);
  const [order] = await t.db
    .insert(orders)
    .values({
      buyerUserId: buyer.id,
      sellerUserId: seller.id,
      productId,
      source: 'euOrder/saveOrder2',
      channel: 'b2c',
      quantity: 1,
      unitPrice: 2999,
      amount: 2999,
      address: { ...body.address, state: 'Karnataka' },
      paymentState: 'PAID',
      paidAt: new Date(),
      holdExpiresAt: null,
    })
    .returning();
  const dispatched = await send('POST', '/orders/updateFulfilment', seller.token, {
    orderId: order!.id,
    fulfilment: 'DISPATCHED',
  });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  return order!.id;
}

/** What the order's invoice printed: its kind and the seller's GSTIN, as frozen when it was issued. */
async function invoiceOf(orderId: string) {
  const [doc] = await t.db
    .select({ kind: taxDocuments.kind, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId));
  return { kind: doc!.kind, gstin: doc!.snapshot.seller.gstin };
}

const decisionsTo = (email: string, count: number) => {
  const decisions = (messages: OutboxMessage[]) => messages.filter((m) => m.purpose === 'gstin-decision');
  return outboxOnceHolding(t.db, email, (found) => decisions(found).length >= count).then(decisions);
};

describe('the PAN of a GSTIN', () => {
  it('refuses a GSTIN whose PAN is not the PAN given, and one given without a PAN, field by field', async () => {
    const seller = await makeSeller(t, 'Pan Check Traders');
    const own = gstin('29AAKCP4411Q1Z');
    const other = await putTaxDetails(t, seller.token, details(own, 'AAKCP4412Q'));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({
      pan: "This PAN is not the GSTIN's: characters 3 to 12 of a GSTIN are the PAN it is registered to",
    });
    const none = await putTaxDetails(t, seller.token, details(own, ''));
    expect(none.json().errors).toEqual({ pan: 'Enter the PAN your GSTIN is registered to' });
    const shape = await putTaxDetails(t, seller.token, details(own, 'AAKC1'));
    expect(shape.json().errors).toEqual({ pan: 'Enter a valid PAN, e.g. ABCDE1234F' });
    // Nothing was saved or asked of the admin.
    expect(await t.db.select().from(gstinRequests).where(eq(gstinRequests.sellerUserId, seller.id))).toEqual(
      [],
    );
    const right = await putTaxDetails(t, seller.token, details(own, 'aakcp4411q'));
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({ gstin: own, pan: 'AAKCP4411Q', approvedGstin: '' });
  });
});

describe('a GSTIN waits for the admin', () => {
  it('prints the last approved GSTIN (or none) until the admin approves; issued documents keep theirs', async () => {
    const seller = await makeSeller(t, 'Basavanagudi Shoes');
    const productId = await makeProduct(t, seller, 20, { gstRate: '12', hsnCode: '6403' });
    const first = gstin('29AAFCB1020K1Z');
    const second = gstin('29AAFCB1020K2Z');

    // Never approved: a bill of supply while the first GSTIN waits.
    expect((await putTaxDetails(t, seller.token, details(first))).statusCode).toBe(200);
    expect(await taxDetailsOf(seller)).toMatchObject({
      gstin: first,
      approvedGstin: '',
      gstinReview: { state: 'PENDING', gstin: first, reason: '' },
    });
    const beforeAny = await dispatchedOrder(seller, productId);
    expect(await invoiceOf(beforeAny)).toEqual({ kind: 'BILL_OF_SUPPLY', gstin: '' });

    await approveGstinOf(t, admin, seller.id);
    expect(await taxDetailsOf(seller)).toMatchObject({
      gstin: first,
      approvedGstin: first,
      gstinReview: null,
    });
    const withFirst = await dispatchedOrder(seller, productId);
    expect(await invoiceOf(withFirst)).toEqual({ kind: 'TAX_INVOICE', gstin: first });

    // A changed GSTIN waits in turn: invoices carry the first until the admin approves the second.
    expect((await putTaxDetails(t, seller.token, details(second))).statusCode).toBe(200);
    expect(await taxDetailsOf(seller)).toMatchObject({
      gstin: second,
      approvedGstin: first,
      gstinReview: { state: 'PENDING', gstin: second },
    });
    const meanwhile = await dispatchedOrder(seller, productId);
    expect(await invoiceOf(meanwhile)).toEqual({ kind: 'TAX_INVOICE', gstin: first });
    const pending = await pendingGstinOf(t, admin, seller.id);
    expect(pending).toMatchObject({
      gstin: second,
      pan: second.slice(2, 12),
      legalName: 'Gowda Footwear Private Limited',
      seller: { name: 'Basavanagudi Shoes', storeName: 'Basavanagudi Shoes Store', gstin: first },
      sharedWith: [],
    });

    await approveGstinOf(t, admin, seller.id);
    const after = await dispatchedOrder(seller, productId);
    expect(await invoiceOf(after)).toEqual({ kind: 'TAX_INVOICE', gstin: second });
    // Documents already issued keep the GSTIN they were issued with.
    expect(await invoiceOf(beforeAny)).toEqual({ kind: 'BILL_OF_SUPPLY', gstin: '' });
    expect(await invoiceOf(withFirst)).toEqual({ kind: 'TAX_INVOICE', gstin: first });
    expect(await invoiceOf(meanwhile)).toEqual({ kind: 'TAX_INVOICE', gstin: first });

    // The seller is told of each approval.
    const told = await decisionsTo(seller.email, 2);
    expect(told.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Your GSTIN ${first} is approved`, `Your GSTIN ${second} is approved`]),
    );
    expect(told[0]?.body).toContain('https://revuhub.example/addproduct#tax-details');
  });

  it('keeps the approved GSTIN when the admin refuses a new one, and shows the seller why', async () => {
    const seller = await makeSeller(t, 'Jayanagar Sarees');
    const approved = gstin('29AAGCJ3030L1Z');
    await approvedTaxDetails(t, seller, details(approved), admin);
    const wrong = gstin('29AAGCJ3031L1Z');
    expect((await putTaxDetails(t, seller.token, details(wrong))).statusCode).toBe(200);
    const pending = await pendingGstinOf(t, admin, seller.id);
    const refuse = (reason: string) => send('POST', `/admin/gstins/${pending._id}/refuse`, admin, { reason });
    expect((await refuse('')).json().errors).toEqual({ reason: 'Give the seller a reason' });
    const reason = 'The GST portal shows this GSTIN as cancelled';
    expect((await refuse(reason)).statusCode).toBe(200);
    expect(await taxDetailsOf(seller)).toMatchObject({
      gstin: approved,
      approvedGstin: approved,
      gstinReview: { state: 'REFUSED', gstin: wrong, reason },
    });
    const [store] = await t.db.select({ gstin: shops.gstin }).from(shops).where(eq(shops.userId, seller.id));
    expect(store?.gstin).toBe(approved);
    // Decided once: approving it afterwards is refused.
    expect((await send('POST', `/admin/gstins/${pending._id}/approve`, admin)).statusCode).toBe(409);
    const [message] = await decisionsTo(seller.email, 2).then((all) =>
      all.filter((m) => m.subject.includes('not approved')),
    );
    expect(message?.subject).toBe(`Your GSTIN ${wrong} was not approved`);
    expect(message?.body).toContain(reason);
  });

  it('withdraws a waiting GSTIN when the seller goes back to the approved one or to none', async () => {
    const seller = await makeSeller(t, 'Rajajinagar Bags');
    const approved = gstin('29AAHCR5050M1Z');
    await approvedTaxDetails(t, seller, details(approved), admin);
    await putTaxDetails(t, seller.token, details(gstin('29AAHCR5051M1Z')));
    expect((await putTaxDetails(t, seller.token, details(approved))).statusCode).toBe(200);
    expect(await taxDetailsOf(seller)).toMatchObject({ gstin: approved, gstinReview: null });
    const list = await send('GET', '/admin/gstins', admin);
    expect(list.json<{ data: PendingGstin[] }>().data.some((p) => p.seller.sellerUserId === seller.id)).toBe(
      false,
    );
    // No GSTIN takes effect at once: bills of supply from the next order.
    expect((await putTaxDetails(t, seller.token, details(''))).statusCode).toBe(200);
    expect(await taxDetailsOf(seller)).toMatchObject({ gstin: '', approvedGstin: '', gstinReview: null });
  });
});

describe('one GSTIN, two seller accounts', () => {
  it('refuses a second seller the GSTIN unless the admin linked the two as one legal entity', async () => {
    const head = await makeSeller(t, 'Mysore Silks Head Office');
    const branch = await makeSeller(t, 'Mysore Silks Branch');
    const shared = gstin('29AAJCM7070N1Z');
    await approvedTaxDetails(t, head, details(shared), admin);

    const taken = await putTaxDetails(t, branch.token, details(shared));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({
      gstin: 'This GSTIN is already registered to another seller on Revuhub',
    });

    const linked = await send('POST', '/admin/legalEntities/link', admin, {
      sellerUserId: branch.id,
      withSellerUserId: head.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const group = linked
      .json<{ data: { groups: { members: { sellerUserId: string }[] }[] } }>()
      .data.groups.find((g) => g.members.some((m) => m.sellerUserId === head.id));
    expect(group?.members.map((m) => m.sellerUserId).sort()).toEqual([head.id, branch.id].sort());

    const accepted = await putTaxDetails(t, branch.token, details(shared));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const pending = await pendingGstinOf(t, admin, branch.id);
    expect(pending.sharedWith.map((s) => s.sellerUserId)).toEqual([head.id]);
    await approveGstinOf(t, admin, branch.id);
    expect((await taxDetailsOf(branch)).approvedGstin).toBe(shared);

    // A third account, not linked, is still refused; unlinking while they share it is refused too.
    const stranger = await makeSeller(t, 'Silk Copy House');
    expect((await putTaxDetails(t, stranger.token, details(shared))).statusCode).toBe(409);
    const unlink = await send('POST', '/admin/legalEntities/unlink', admin, { sellerUserId: branch.id });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().message).toContain(shared);
    // Once the branch gives up the GSTIN, the accounts can be unlinked.
    expect((await putTaxDetails(t, branch.token, details(''))).statusCode).toBe(200);
    const unlinked = await send('POST', '/admin/legalEntities/unlink', admin, { sellerUserId: branch.id });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(
      unlinked
        .json<{ data: { groups: { members: { sellerUserId: string }[] }[] } }>()
        .data.groups.some((g) => g.members.some((m) => m.sellerUserId === head.id)),
    ).toBe(false);
    expect((await putTaxDetails(t, branch.token, details(shared))).statusCode).toBe(409);
  });

  it('checks the links again at approval: unlinked meanwhile, the GSTIN is not approved', async () => {
    const one = await makeSeller(t, 'Hubli Hardware');
    const two = await makeSeller(t, 'Hubli Hardware Two');
    const shared = gstin('29AAKCH8080P1Z');
    await send('POST', '/admin/legalEntities/link', admin, {
      sellerUserId: one.id,
      withSellerUserId: two.id,
    });
    expect((await putTaxDetails(t, one.token, details(shared))).statusCode).toBe(200);
    expect((await putTaxDetails(t, two.token, details(shared))).statusCode).toBe(200);
    await approveGstinOf(t, admin, one.id);
    // The link goes in the database directly, as a race with the unlink check would leave it.
    await t.db.delete(legalEntityMembers).where(eq(legalEntityMembers.sellerUserId, two.id));
    const pending = await pendingGstinOf(t, admin, two.id);
    const approve = await send('POST', `/admin/gstins/${pending._id}/approve`, admin);
    expect(approve.statusCode).toBe(409);
    expect((await taxDetailsOf(two)).approvedGstin).toBe('');
  });

  it('never links an account with itself or with one that is no seller; linking again changes nothing', async () => {
    const a = await makeSeller(t, 'Link Check A');
    const b = await makeSeller(t, 'Link Check B');
    const link = (sellerUserId: string, withSellerUserId: string) =>
      send('POST', '/admin/legalEntities/link', admin, { sellerUserId, withSellerUserId });
    expect((await link(a.id, a.id)).json().errors).toEqual({
      withSellerUserId: 'Choose two different seller accounts',
    });
    const buyer = await createUser(t.db);
    const notSeller = await link(a.id, buyer.id);
    expect(notSeller.statusCode).toBe(404);
    expect(notSeller.json().errors).toEqual({ withSellerUserId: 'No seller account with this id' });
    const groupOf = (res: Awaited<ReturnType<typeof link>>) =>
      res
        .json<{ data: { groups: { members: { sellerUserId: string }[] }[] } }>()
        .data.groups.filter((g) => g.members.some((m) => m.sellerUserId === a.id))
        .map((g) => g.members.map((m) => m.sellerUserId).sort());
    const once = groupOf(await link(a.id, b.id));
    expect(groupOf(await link(b.id, a.id))).toEqual(once);
    expect(once).toEqual([[a.id, b.id].sort()]);
  });
});

describe('an application with a GSTIN another seller has', () => {
  it('makes the applicant a seller with bills of supply; the GSTIN waits until the admin links the two and approves it', async () => {
    const holder = await makeSeller(t, 'Belgaum Cottons');
    const shared = gstin('29AAFCB5050K1Z');
    await approvedTaxDetails(t, holder, details(shared), admin);
    const applicant = await apply(t, 'retailer', {
      ...applicantPayloads.retailer('Irfan Belgaumkar', 'Belgaum Cottons Annexe'),
      GSTINnum: shared,
      PANnum: shared.slice(2, 12),
    });
    const approved = await send('POST', '/users/approveSeller', admin, { _id: applicant.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const gstinOnStore = async (userId: string) =>
      (await t.db.select({ gstin: shops.gstin }).from(shops).where(eq(shops.userId, userId)))[0]?.gstin;
    expect(await gstinOnStore(applicant.id)).toBe('');
    expect(await gstinOnStore(holder.id)).toBe(shared);

    const pending = await pendingGstinOf(t, admin, applicant.id);
    expect(pending.gstin).toBe(shared);
    // The admin reads who else holds it before pressing Approve.
    expect(pending.heldUnlinked.map((s) => s.sellerUserId)).toEqual([holder.id]);
    expect(pending.sharedWith).toEqual([]);
    const early = await send('POST', `/admin/gstins/${pending._id}/approve`, admin);
    expect(early.statusCode).toBe(409);
    expect(await gstinOnStore(applicant.id)).toBe('');
    const linked = await send('POST', '/admin/legalEntities/link', admin, {
      sellerUserId: applicant.id,
      withSellerUserId: holder.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const relinked = await pendingGstinOf(t, admin, applicant.id);
    expect(relinked.heldUnlinked).toEqual([]);
    expect(relinked.sharedWith.map((s) => s.sellerUserId)).toEqual([holder.id]);
    await approveGstinOf(t, admin, applicant.id);
    expect(await gstinOnStore(applicant.id)).toBe(shared);

    // An application whose GSTIN nobody else has keeps it: documents print it from approval.
    const own = applicantPayloads.retailer('Leela Hegde', 'Hegde Handlooms');
    const second = await apply(t, 'retailer', own);
    expect((await send('POST', '/users/approveSeller', admin, { _id: second.id })).statusCode).toBe(200);
    expect(await gstinOnStore(second.id)).toBe(own.GSTINnum);
  });
});

describe('who decides', () => {
  it('answers 403 to a seller and to a team member, on every route of the admin', async () => {
    const seller = await makeSeller(t, 'Access Check Seller');
    await putTaxDetails(t, seller.token, details(gstin('29AALCA9090Q1Z')));
    const pending = await pendingGstinOf(t, admin, seller.id);
    const team = await createUser(t.db, { role: 'TEAM' });
    const teamToken = await loginAs(t.app, team.email, team.password);
    const other = await makeSeller(t, 'Access Check Other');
    for (const token of [seller.token, teamToken]) {
      for (const [method, url, body] of [
        ['GET', '/admin/gstins', undefined],
        ['POST', `/admin/gstins/${pending._id}/approve`, undefined],
        ['POST', `/admin/gstins/${pending._id}/refuse`, { reason: 'Looks wrong to me' }],
        ['GET', '/admin/legalEntities', undefined],
        ['POST', '/admin/legalEntities/link', { sellerUserId: seller.id, withSellerUserId: other.id }],
        ['POST', '/admin/legalEntities/unlink', { sellerUserId: seller.id }],
      ] as const) {
        const res = await send(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // Nothing changed: the GSTIN still waits.
    expect((await pendingGstinOf(t, admin, seller.id))._id).toBe(pending._id);
  });
});
