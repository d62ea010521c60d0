import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SellerListItem } from '@app/domain';
import { applicantDecisions, shops } from '../../db/schema/index.js';
import { apply, applicantPayloads } from '../../test/applicants.js';
import { createTestApp, createUser, loginAs, outboxFor, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
const send = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => {
  ip += 1;
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    remoteAddress: `10.88.0.${ip}`,
    ...(payload ? { payload } : {}),
  });
};
const reject = (id: string, reason: string) =>
  send('POST', '/api/users/rejectSeller', adminToken, { _id: id, reason });
const me = async (token: string) => (await send('GET', '/api/users/me', token)).json().data;
const listed = async (id: string) =>
  (
    (await send('GET', '/api/users/getAllUserShopDetailsWithOutMobileAndEmail', adminToken)).json()
      .Data as SellerListItem[]
  ).find((u) => u._id === id)!;

describe('re-applying after a rejection', () => {
  it('replaces a rejected retailer application on the same account, keeps the history and waits for the admin again', async () => {
    const payload = applicantPayloads.retailer();
    const retailer = await apply(t, 'retailer', payload);
    const reason = 'The GSTIN does not match the store name; please apply again with the right one.';
    expect((await reject(retailer.id, reason)).statusCode).toBe(200);

    // Nobody re-applies for them without signing in: the e-mail is still taken.
    const anonymous = await send('POST', '/api/users/singleStepOnboardUser', null, payload);
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json().errors.email).toBe('An account with this e-mail already exists');

    const token = await loginAs(t.app, retailer.email, retailer.password);
    const earlier = await send('GET', '/api/users/myApplication', token);
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json().data).toMatchObject({
      kind: 'retailer',
      answers: {
        ownerName: 'Sunita Gowda',
        emailId: retailer.email,
        contactNum: payload.registerUser.mobile,
        storeName: 'Gowda Footwear',
        GSTINnum: payload.GSTINnum,
        businessType: 'Partnership Firm',
        pinCode: '560011',
        latitude: 12.925,
        longitude: 77.5938,
        media: [{ url: '/media/images/shopfront.webp' }],
      },
    });
    const codesBefore = (await outboxFor(t.db, retailer.email)).length;

    const again = await send('POST', '/api/users/singleStepOnboardUser', token, {
      ...payload,
      storeName: 'Gowda Footwear & Sports',
      GSTINnum: '29ABCDE1234F2Z4',
      media: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ _id: retailer.id, reapplied: true });
    // The e-mail is proven and the password kept: no code, no new password, still signed in.
    expect(await outboxFor(t.db, retailer.email)).toHaveLength(codesBefore);
    expect(await me(token)).toMatchObject({ approval: { status: 'pending', reason: '' } });
    const stores = await t.db.select().from(shops).where(eq(shops.userId, retailer.id));
    expect(stores).toEqual([
      expect.objectContaining({
        name: 'Gowda Footwear & Sports',
        gstin: '29ABCDE1234F2Z4',
        media: [expect.objectContaining({ url: '/media/images/shopfront.webp' })],
      }),
    ]);
    expect((await listed(retailer.id)).approval).toMatchObject({
      status: 'pending',
      decidedBy: null,
    });
    const history = await t.db
      .select({ decision: applicantDecisions.decision, reason: applicantDecisions.reason })
      .from(applicantDecisions)
      .where(eq(applicantDecisions.applicantId, retailer.id))
      .orderBy(applicantDecisions.decidedAt);
    expect(history).toEqual([
      { decision: 'rejected', reason },
      { decision: 'reapplied', reason: '' },
    ]);

    // Waiting again: a second re-application is refused until the admin decides.
    const twice = await send('POST', '/api/users/singleStepOnboardUser', token, payload);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/only after a rejection/);

    expect(
      (await send('POST', '/api/users/approveSeller', adminToken, { _id: retailer.id })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(shops).where(eq(shops.userId, retailer.id))).toHaveLength(1);
    expect(await me(token)).toMatchObject({ role: 'SELLER', approval: { status: 'approved' } });
  });

  it('lets a rejected brand apply again with its earlier answers, and nobody else with its e-mail', async () => {
    const payload = applicantPayloads.brand();
    const brand = await apply(t, 'brand', payload);
    expect((await reject(brand.id, 'Your website does not show the brand yet')).statusCode).toBe(200);
    const token = await loginAs(t.app, brand.email, brand.password);
    expect((await send('GET', '/api/users/myApplication', token)).json().data).toEqual({
      kind: 'brand',
      answers: {
        ownerName: 'Arjun Mehta',
        emailId: brand.email,
        contactNum: payload.mobile,
        companyName: 'Mehta Denim',
        sellCategory: 'Apparel',
        websiteLink: 'http://mehtadenim.in',
      },
    });

    // Another rejected applicant, signed in, cannot replace this brand's application.
    const other = await apply(t, 'brand', applicantPayloads.brand('Ravi Kumar', 'Kumar Knits'));
    expect((await reject(other.id, 'No website')).statusCode).toBe(200);
    const otherToken = await loginAs(t.app, other.email, other.password);
    const hijack = await send('POST', '/api/users/registerNewUser', otherToken, {
      ...payload,
      companyName: 'Not Mehta',
    });
    expect(hijack.statusCode).toBe(409);

    const again = await send('POST', '/api/users/registerNewUser', token, {
      ...payload,
      websiteLink: 'mehtadenim.co.in',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await send('GET', '/api/users/myApplication', token)).json().data.answers).toMatchObject({
      companyName: 'Mehta Denim',
      websiteLink: 'http://mehtadenim.co.in',
    });
    expect(await me(token)).toMatchObject({ kind: 'brand', approval: { status: 'pending' } });
    expect((await send('GET', '/api/users/myApplication', otherToken)).json().data.answers.companyName).toBe(
      'Kumar Knits',
    );
  });

  it('answers the earlier application only to the signed-in applicant', async () => {
    expect((await send('GET', '/api/users/myApplication', null)).statusCode).toBe(401);
    const seller = await createUser(t.db, { role: 'SELLER' });
    const sellerToken = await loginAs(t.app, seller.email, seller.password);
    expect((await send('GET', '/api/users/myApplication', sellerToken)).statusCode).toBe(403);
  });
});
