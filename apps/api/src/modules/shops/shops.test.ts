import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  rewardRemainingRupees,
  rewardTotalRupees,
  shopLocatorKeys,
  shops,
  users,
} from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { AFFILIATE_CODE_TAKEN, REWARDS_READ_ONLY } from './shops.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function seller(name: string) {
  const user = await createUser(t.db, { role: 'SELLER', ownerName: name });
  await t.db.insert(shops).values({ userId: user.id, name: `${name} Store`, city: 'Bengaluru' });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: token }, payload });

const balancesOf = (id: string) =>
  t.db
    .select({ remaining: rewardRemainingRupees(users.id), total: rewardTotalRupees(users.id) })
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);

describe('seller fields', () => {
  it('refuse a seller writing their own reward balances, naming the field', async () => {
    const s = await seller('Imran Sheikh');
    for (const field of ['remaining_reward_amount', 'total_rewards_rolledout']) {
      const direct = await post('/shop/updateSellerField', s.token, { [field]: 9_999_999 });
      expect(direct.statusCode).toBe(403);
      expect(direct.json().errors).toEqual({ [field]: REWARDS_READ_ONLY });
      // The store form is a second door to the same columns.
      const viaStore = await post('/shop/updateMyStore', s.token, {
        name: 'Imran Traders',
        [field]: 9_999_999,
      });
      expect(viaStore.statusCode).toBe(403);
      expect(viaStore.json().errors).toEqual({ [field]: REWARDS_READ_ONLY });
    }
    expect(await balancesOf(s.id)).toEqual({ remaining: 0, total: 0 });
    // Refused as a whole: the store name sent with a balance was not saved either.
    const [shop] = await t.db.select({ name: shops.name }).from(shops).where(eq(shops.userId, s.id));
    expect(shop!.name).toBe('Imran Sheikh Store');
    const code = await post('/shop/updateSellerField', s.token, { affiliate_code: 'IMRAN10' });
    expect(code.statusCode).toBe(200);
    expect(code.json().data).toEqual({
      affiliate_code: 'IMRAN10',
      remaining_reward_amount: 0,
      total_rewards_rolledout: 0,
    });
  });

  it('keep an affiliate code to one seller, whatever its case', async () => {
    const first = await seller('Kaveri Rao');
    const second = await seller('Stride Shah');
    expect(
      (await post('/shop/updateSellerField', first.token, { affiliate_code: 'KAVERI10' })).statusCode,
    ).toBe(200);
    for (const [url, body] of [
      ['/shop/updateSellerField', { affiliate_code: 'kaveri10' }],
      ['/shop/updateMyStore', { affiliate_code: 'Kaveri10', name: 'Stride Store' }],
    ] as const) {
      const clash = await post(url, second.token, body);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().errors).toEqual({ affiliate_code: AFFILIATE_CODE_TAKEN });
    }
    // Its holder may change the case of their own code.
    expect(
      (await post('/shop/updateSellerField', first.token, { affiliate_code: 'Kaveri10' })).statusCode,
    ).toBe(200);
    const holders = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.affiliateCode}) = 'kaveri10'`);
    expect(holders).toEqual([{ id: first.id }]);
  });

  it('give a code claimed by two sellers at once to exactly one of them', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await seller('Asha Iyer');
      const b = await seller('Bala Nair');
      const code = `RUSH${round}`;
      const answers = await Promise.all([
        post('/shop/updateSellerField', a.token, { affiliate_code: code }),
        post('/shop/updateMyStore', b.token, { affiliate_code: code.toLowerCase() }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const holders = await t.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.affiliateCode}) = lower(${code})`);
      expect(holders).toHaveLength(1);
    }
  });
});

describe('migration 0018', () => {
  it('leaves a code held twice with its oldest holder and clears the others', async () => {
    const file = fileURLToPath(
      new URL('../../db/migrations/0018_seller_rewards_and_codes.sql', import.meta.url),
    );
    const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint');
    // As before the migration: no index, and three sellers holding one code in different cases.
    await t.db.execute(sql`drop index users_affiliate_code_key`);
    const made: string[] = [];
    for (const [i, code] of ['DUP5', 'dup5', 'Dup5', 'SOLO7'].entries()) {
      const user = await createUser(t.db, { role: 'SELLER' });
      await t.db
        .update(users)
        .set({ affiliateCode: code, createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 3))) })
        .where(eq(users.id, user.id));
      made.push(user.id);
    }
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    const rows = await t.db
      .select({ id: users.id, code: users.affiliateCode })
      .from(users)
      .where(inArray(users.id, made))
      .orderBy(asc(users.createdAt));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.code]))).toEqual({
      [made[0]!]: 'DUP5',
      [made[1]!]: '',
      [made[2]!]: '',
      [made[3]!]: 'SOLO7',
    });
  });
});

describe("a store's business phone and opening hours (decision 025)", () => {
  it('are set by the seller, kept as digits, and shown on the public store answers', async () => {
    const s = await seller('Meenakshi Iyer');
    await t.db.update(users).set({ mobile: '9123456780' }).where(eq(users.id, s.id));
    const saved = await post('/shop/updateMyStore', s.token, {
      phone: '+91 98450 12345',
      openingHours: '  Mon–Sat  10 am–8:30 pm,   Sun closed ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().Data).toMatchObject({
      phone: '9845012345',
      openingHours: 'Mon–Sat 10 am–8:30 pm, Sun closed',
    });

    const visitor = await t.app.inject({
      url: `/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${s.id}`,
    });
    expect(visitor.json().Data).toMatchObject({
      phone: '9845012345',
      openingHours: 'Mon–Sat 10 am–8:30 pm, Sun closed',
    });
    // The owner's own mobile and e-mail stay private.
    expect(visitor.body).not.toContain('9123456780');
    expect(visitor.body).not.toContain(s.email);
    expect(visitor.body).not.toMatch(/"(email|mobile)"/);

    const landline = await post('/shop/updateMyStore', s.token, { phone: '(080) 4718-2290' });
    expect(landline.json().Data.phone).toBe('08047182290');
    // Written with the country code, a landline drops its trunk 0 (Delhi's STD code is 011).
    const countryCodeLandline = await post('/shop/updateMyStore', s.token, { phone: '+91 11 2345 6789' });
    expect(countryCodeLandline.json().Data.phone).toBe('01123456789');
    // Fields left out keep their value; an empty one clears it.
    const cleared = await post('/shop/updateMyStore', s.token, { phone: '' });
    expect(cleared.json().Data).toMatchObject({
      phone: '',
      openingHours: 'Mon–Sat 10 am–8:30 pm, Sun closed',
    });
  });

  it('refuse a bad phone or hours with a 400 naming each field, saving nothing', async () => {
    const s = await seller('Farhan Qureshi');
    const bad = await post('/shop/updateMyStore', s.token, {
      phone: '12345',
      openingHours: 'x'.repeat(121),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      phone: 'Enter a 10-digit mobile or a landline with its STD code, e.g. 080 4718 2290',
      openingHours: 'Opening hours are at most 120 characters',
    });
    for (const phone of ['5845012345', '98450 1234x', '0000000000000', '+1 415 555 0100']) {
      const res = await post('/shop/updateMyStore', s.token, { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(Object.keys(res.json().errors), phone).toEqual(['phone']);
    }
    const markup = await post('/shop/updateMyStore', s.token, { openingHours: '<b>always</b>' });
    expect(markup.json().errors).toEqual({ openingHours: 'Opening hours cannot contain < > { or }' });
    const [shop] = await t.db
      .select({ phone: shops.phone, hours: shops.openingHours })
      .from(shops)
      .where(eq(shops.userId, s.id));
    expect(shop).toEqual({ phone: '', hours: '' });
  });

  it('cannot be changed by a visitor or a buyer', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/shop/updateMyStore',
      payload: { phone: '9845012345' },
    });
    expect(visitor.statusCode).toBe(401);
    const buyer = await createUser(t.db, { role: 'END_USER', ownerName: 'Ravi Kumar' });
    const token = await loginAs(t.app, buyer.email, buyer.password);
    expect((await post('/shop/updateMyStore', token, { phone: '9845012345' })).statusCode).toBe(403);
  });
});

describe("a store's address and photos (issue 38)", () => {
  async function placedSeller(name: string, pinCode: string, lat: number, lng: number) {
    const user = await createUser(t.db, { role: 'SELLER', ownerName: name });
    await t.db.insert(shops).values({
      userId: user.id,
      name: `${name} Store`,
      address: '5, 80 Feet Road, Koramangala',
      pinCode,
      city: 'Bengaluru',
      state: 'Karnataka',
      latitude: lat,
      longitude: lng,
      sellCategory: [{ parentCategory: 'Fashion', childCategory: ['Ethnic Wear'] }],
    });
    return { ...user, token: await loginAs(t.app, user.email, user.password) };
  }
  const photo = { name: 'front.jpg', url: '/media/shops/front.jpg', type: 'IMAGE' as const };

  it('move the store to its new pincode on the map and show the new address and photos', async () => {
    // A store already in 560038 (Indiranagar) places that pincode; the moving store is in 560034.
    await placedSeller('Lakshmi Narayan', '560038', 12.9719, 77.6412);
    const s = await placedSeller('Meera Iyer', '560034', 12.9352, 77.6245);
    const moved = await post('/shop/updateMyStore', s.token, {
      address: {
        address: '7, 12th Main, HAL 2nd Stage',
        pinCode: '560038',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
      media: [photo],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const store = await t.app.inject({
      method: 'GET',
      url: `/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${s.id}`,
    });
    expect(store.json().Data).toMatchObject({
      address: { address: '7, 12th Main, HAL 2nd Stage', pinCode: '560038' },
      location: { coordinates: [77.6412, 12.9719] },
      media: [photo],
    });
    // The locator's keys moved with it (a database trigger keeps them).
    const keys = await t.db
      .select({ latitude: shopLocatorKeys.latitude })
      .from(shopLocatorKeys)
      .innerJoin(shops, eq(shops.id, shopLocatorKeys.shopId))
      .where(eq(shops.userId, s.id));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.latitude).toBeCloseTo(12.9719);
    // Removing every photo is allowed.
    const cleared = await post('/shop/updateMyStore', s.token, { media: [] });
    expect(cleared.json().Data.media).toEqual([]);
  });

  it('refuse a bad pincode or a photo from elsewhere, naming the field, and touch only the own store', async () => {
    const s = await placedSeller('Farida Begum', '560034', 12.9352, 77.6245);
    const other = await placedSeller('Gurpreet Singh', '560066', 12.9698, 77.75);
    const bad = await post('/shop/updateMyStore', s.token, {
      address: { pinCode: '5600' },
      media: [{ ...photo, url: 'https://evil.example.com/x.jpg' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['address.pinCode', 'media.0.url']);
    await post('/shop/updateMyStore', s.token, { address: { address: 'Shop 3, Brigade Road' } });
    const [theirs] = await t.db.select().from(shops).where(eq(shops.userId, other.id));
    expect(theirs).toMatchObject({ address: '5, 80 Feet Road, Koramangala', pinCode: '560066' });
  });
});
