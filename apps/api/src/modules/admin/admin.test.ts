import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder } from '../../db/client.js';
import type { SellerListItem } from '@app/domain';
import { applicantDecisions, influencerProfiles, shops, users } from '../../db/schema/index.js';
import { apply } from '../../test/applicants.js';
import { selectApplicantForUpdate } from './admin.repository.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const LIST = '/api/users/getAllUserShopDetailsWithOutMobileAndEmail';
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });
const list = async () => (await call('GET', LIST, adminToken)).json().Data as SellerListItem[];
const profileAfterLogin = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { userName: email, password },
      remoteAddress: '10.9.9.9',
    })
  ).json().data.profile;

describe('approval list', () => {
  it('shows waiting applicants of every kind with what they submitted, and never contact data or passwords', async () => {
    const expert = await apply(t, 'expert');
    const brand = await apply(t, 'brand');
    const retailer = await apply(t, 'retailer');
    const res = await call('GET', LIST, adminToken);
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().Data.map((u: { _id: string }) => [u._id, u]));

    expect(byId.get(expert.id)).toMatchObject({
      kind: 'expert',
      role: 'USER',
      approval: { status: 'pending', reason: '', decidedBy: null },
      application: { education: 'Post Graduate', expertise: 'Fitness', yearsOfExperience: 6 },
    });
    // A brand has no shop before approval; the spec's shop rule used to hide it from the admin.
    expect(byId.get(brand.id)).toMatchObject({
      kind: 'brand',
      shops: [],
      application: {
        companyName: 'Mehta Denim',
        websiteLink: 'http://mehtadenim.in',
        categories: ['Apparel'],
      },
    });
    expect(byId.get(retailer.id)).toMatchObject({
      kind: 'retailer',
      shops: [{ name: 'Gowda Footwear' }],
      application: {
        // Each applicant's own (test/applicants.ts uniqueGstin): characters 3 to 12 are its PAN.
        gstin: expect.stringMatching(/^29[A-Z]{3}FG\d{4}Q1Z[0-9A-Z]$/),
        pan: expect.stringMatching(/^[A-Z]{3}FG\d{4}Q$/),
        businessType: 'Partnership Firm',
        categories: ['Footwear: Sports Shoes'],
        images: [{ url: '/media/images/shopfront.webp', type: 'IMAGE' }],
      },
    });
    for (const who of [expert, brand, retailer]) expect(res.body).not.toContain(who.email);
    expect(res.body).not.toMatch(/password|argon2/i);
  });
});

describe('deciding with the whole application', () => {
  it("shows the store's address and earlier decisions, and the contact only when the admin asks for it", async () => {
    const retailer = await apply(t, 'retailer');
    expect(
      (
        await call('POST', '/api/users/rejectSeller', adminToken, {
          _id: retailer.id,
          reason: 'Blurry photos',
        })
      ).statusCode,
    ).toBe(200);
    const listed = (await list()).find((u) => u._id === retailer.id)!;
    expect(listed.application.address).toBe(
      '14, 11th Main Road, 4th Block, Jayanagar, Bengaluru, Karnataka 560011',
    );
    expect(listed.history).toEqual([
      expect.objectContaining({ decision: 'rejected', reason: 'Blurry photos', decidedBy: 'Priya Admin' }),
    ]);

    const contact = await call('GET', `/api/admin/applicants/${retailer.id}/contact`, adminToken);
    expect(contact.statusCode).toBe(200);
    expect(contact.json().data).toEqual({ email: retailer.email, mobile: expect.stringMatching(/^\d{10}$/) });
    const team = await createUser(t.db, { role: 'TEAM' });
    const teamToken = await loginAs(t.app, team.email, team.password);
    expect((await call('GET', `/api/admin/applicants/${retailer.id}/contact`, teamToken)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/admin/applicants/${retailer.id}/contact`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/applicants/${team.id}/contact`, adminToken)).statusCode).toBe(404);
  });
});

describe('approve', () => {
  it('turns a retailer into a seller who can add a product, and records who approved whom and when', async () => {
    const retailer = await apply(t, 'retailer');
    const before = await profileAfterLogin(retailer.email, retailer.password);
    expect(before.approval).toEqual({ status: 'pending', reason: '' });

    const res = await call('POST', '/api/users/approveSeller', adminToken, { _id: retailer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Approved Successfully');
    const [row] = await t.db.select().from(users).where(eq(users.id, retailer.id));
    expect(row).toMatchObject({ role: 'SELLER', isActive: true });
    const decisions = await t.db
      .select()
      .from(applicantDecisions)
      .where(eq(applicantDecisions.applicantId, retailer.id));
    expect(decisions).toEqual([
      expect.objectContaining({ decision: 'approved', decidedById: admin.id, decidedByName: 'Priya Admin' }),
    ]);
    expect(Date.now() - decisions[0]!.decidedAt.getTime()).toBeLessThan(60_000);
    const listed = (await list()).find((u) => u._id === retailer.id)!;
    expect(listed.approval).toMatchObject({ status: 'approved', decidedBy: 'Priya Admin' });

    const after = await profileAfterLogin(retailer.email, retailer.password);
    expect(after).toMatchObject({ role: 'SELLER', kind: 'retailer', approval: { status: 'approved' } });
    const token = await loginAs(t.app, retailer.email, retailer.password);
    const product = await call('POST', '/api/products/createNewProduct', token, {
      productName: 'Stride Runner',
      brand: 'Stride',
      model: 'Runner',
      colour: 'Black',
      size: '9',
      ogPrice: 2000,
      dsctPrice: 1800,
      retailPrice: 2500,
      dsctRetailPrice: 2200,
      gender: 'Men',
      category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
    });
    expect(product.statusCode, product.body).toBe(201);
  });

  it('leaves a retailer with the one store they applied with, not a second empty one', async () => {
    const retailer = await apply(t, 'retailer');
    expect(
      (await call('POST', '/api/users/approveSeller', adminToken, { _id: retailer.id })).statusCode,
    ).toBe(200);
    const stores = await t.db.select().from(shops).where(eq(shops.userId, retailer.id));
    expect(stores).toEqual([
      expect.objectContaining({
        name: 'Gowda Footwear',
        gstin: expect.stringMatching(/^29[A-Z]{3}FG\d{4}Q1Z/),
      }),
    ]);
    expect((await list()).find((u) => u._id === retailer.id)!.shops).toEqual([
      expect.objectContaining({ name: 'Gowda Footwear' }),
    ]);
  });

  it('migration 0020 removes the empty stores earlier approvals added, and keeps every filled-in one', async () => {
    const retailer = await apply(t, 'retailer');
    // What an approval made before the fix: a second store with a name and nothing else.
    await t.db.insert(shops).values({
      userId: retailer.id,
      name: 'Owner Name',
      companyName: 'Owner Name',
      createdAt: new Date(Date.now() + 1000),
    });
    const seller = await createUser(t.db, { role: 'SELLER' });
    await t.db.insert(shops).values([
      { userId: seller.id, name: 'First', createdAt: new Date(Date.now() - 2000) },
      { userId: seller.id, name: 'Second, filled in', address: '12 Brigade Road', createdAt: new Date() },
    ]);
    const migration = fs.readFileSync(
      path.join(migrationsFolder(), '0020_remove_empty_approval_stores.sql'),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const names = async (userId: string) =>
      (await t.db.select({ name: shops.name }).from(shops).where(eq(shops.userId, userId))).map(
        (r) => r.name,
      );
    expect(await names(retailer.id)).toEqual(['Gowda Footwear']);
    expect((await names(seller.id)).sort()).toEqual(['First', 'Second, filled in']);
  });

  it("compares the shop's owner with the applicant's id, not with the shop's own id", () => {
    // Drizzle writes select-field columns bare; a bare "id" inside the subquery is the shop's.
    const { sql } = selectApplicantForUpdate(t.db, 'aaaaaaaaaaaaaaaaaaaaaaaa').toSQL();
    expect(sql).toContain('from "shops" where "user_id" = "users"."id"');
  });

  it('gives an approved brand its store, named after the company, so it lands on its catalogue', async () => {
    const brand = await apply(t, 'brand');
    expect((await call('POST', '/api/users/approveSeller', adminToken, { _id: brand.id })).statusCode).toBe(
      200,
    );
    const [shop] = await t.db.select().from(shops).where(eq(shops.userId, brand.id));
    expect(shop).toMatchObject({ name: 'Mehta Denim', sellCategory: [{ parentCategory: 'Apparel' }] });
    const store = await call(
      'GET',
      `/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${brand.id}`,
      null,
    );
    expect(store.json().Data).toMatchObject({
      name: 'Mehta Denim',
      user_id: { _id: brand.id, isBrand: true },
    });
    const profile = await profileAfterLogin(brand.email, brand.password);
    expect(profile).toMatchObject({ role: 'SELLER', kind: 'brand', approval: { status: 'approved' } });
  });

  it('makes an approved expert an active end user with a public profile', async () => {
    const expert = await apply(t, 'expert');
    expect((await call('POST', '/api/users/approveSeller', adminToken, { _id: expert.id })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, expert.id));
    expect(row).toMatchObject({ role: 'END_USER', isActive: true });
    const [profile] = await t.db
      .select()
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, expert.id));
    expect(profile).toMatchObject({ name: 'Kavya Nair', categories: ['Fitness'] });
    const influencer = await call(
      'GET',
      `/api/inflncr/getSinlgeInfluencerDetailsWithOutMobileAndEmail/${expert.id}`,
      null,
    );
    expect(influencer.statusCode).toBe(200);
    expect((await profileAfterLogin(expert.email, expert.password)).approval.status).toBe('approved');
  });

  it('answers the spec statuses: 409 twice, 406 for an account that never applied, 404 unknown, 400 bad id', async () => {
    const retailer = await apply(t, 'retailer');
    const approve = (body: object) => call('POST', '/api/users/approveSeller', adminToken, body);
    expect((await approve({ _id: retailer.id, password: 'ignored' })).statusCode).toBe(200);
    const again = await approve({ _id: retailer.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Seller is already approved');
    const customer = await createUser(t.db, { role: 'END_USER' });
    expect((await approve({ _id: customer.id })).statusCode).toBe(406);
    expect((await approve({ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
    const bad = await approve({ _id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors._id).toBe('Must be a valid id');
  });
});

describe('reject', () => {
  it('keeps the applicant out, shows them the reason at login, and takes them off the approvable list', async () => {
    const brand = await apply(t, 'brand');
    const noReason = await call('POST', '/api/users/rejectSeller', adminToken, {
      _id: brand.id,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('Give the applicant a reason');

    const reason = 'Your website does not show the brand yet';
    const res = await call('POST', '/api/users/rejectSeller', adminToken, { _id: brand.id, reason });
    expect(res.statusCode).toBe(200);
    const profile = await profileAfterLogin(brand.email, brand.password);
    expect(profile).toMatchObject({ role: 'USER', kind: 'brand', approval: { status: 'rejected', reason } });
    const listed = (await list()).find((u) => u._id === brand.id)!;
    expect(listed.approval).toMatchObject({ status: 'rejected', reason, decidedBy: 'Priya Admin' });
    // Still a USER: a rejected applicant cannot sell.
    const token = await loginAs(t.app, brand.email, brand.password);
    expect((await call('POST', '/api/products/createNewProduct', token, {})).statusCode).toBe(403);

    // The admin may still change their mind.
    expect((await call('POST', '/api/users/approveSeller', adminToken, { _id: brand.id })).statusCode).toBe(
      200,
    );
    expect((await profileAfterLogin(brand.email, brand.password)).approval.status).toBe('approved');
  });
});

describe('team accounts', () => {
  it('the admin adds a member who signs in as TEAM, then removes them and their session ends', async () => {
    const email = `team.${Date.now()}@example.com`;
    const created = await call('POST', '/api/admin/team', adminToken, {
      name: 'Rahul Team',
      email,
      password: 'Moderate-2026!',
    });
    expect(created.statusCode).toBe(201);
    const member = created.json().Data;
    expect(member).toMatchObject({ name: 'Rahul Team', email });
    expect(created.body).not.toMatch(/argon2|Moderate-2026/);
    const dup = await call('POST', '/api/admin/team', adminToken, {
      name: 'Rahul Two',
      email,
      password: 'Moderate-2026!',
    });
    expect(dup.statusCode).toBe(409);

    const profile = await profileAfterLogin(email, 'Moderate-2026!');
    expect(profile).toMatchObject({ role: 'TEAM', mustChangePassword: true, kind: null });
    const token = await loginAs(t.app, email, 'Moderate-2026!');
    // The admin chose that password: the member must replace it before doing anything else.
    const early = await call('GET', '/api/inflncr/getPostsForModeration/1/10', token);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call('POST', '/api/users/changePassword', token, {
      currentPassword: 'Moderate-2026!',
      newPassword: 'Moderate-own-2026!',
    });
    expect(changed.statusCode).toBe(200);
    // A new member may do nothing until the admin gives rights (decision 028).
    const before = await call('GET', '/api/inflncr/getPostsForModeration/1/10', token);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe('You are not authorized!');
    const granted = await call('PUT', `/api/admin/team/${member._id}/rights`, adminToken, {
      rights: ['moderate'],
    });
    expect(granted.statusCode).toBe(200);
    expect((await call('GET', '/api/inflncr/getPostsForModeration/1/10', token)).statusCode).toBe(200);
    // A member with the moderate right only: no seller approval, no team management.
    expect((await call('GET', LIST, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/team', token)).statusCode).toBe(403);

    const listed = await call('GET', '/api/admin/team', adminToken);
    expect(listed.json().Data.map((m: { _id: string }) => m._id)).toContain(member._id);
    expect((await call('DELETE', `/api/admin/team/${member._id}`, adminToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', token)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/team/${member._id}`, adminToken)).statusCode).toBe(404);
    // Only TEAM accounts can be removed this way, never the admin or a seller.
    expect((await call('DELETE', `/api/admin/team/${admin.id}`, adminToken)).statusCode).toBe(404);
  });
});
