import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shops, users, verificationCodes } from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  latestCode,
  loginAs,
  latestOneTimePassword,
  outboxFor,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const unique = () => {
  n += 1;
  return {
    email: `applicant${n}.${Date.now()}@example.com`,
    mobile: `98${String(Date.now() + n).slice(-8)}`,
  };
};
// Each test uses its own address so the per-IP registration limit is not shared.
const post = (url: string, payload: object, remoteAddress = `10.3.0.${n}`) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

const expert = (over: object = {}) => ({
  name: 'Kavya Nair',
  ...unique(),
  password: '9876543210',
  dob: '2000-01-01',
  category_id: 'fitness',
  description: 'Expert applicant',
  latitude: 12.909186,
  longitude: 77.6523536,
  if_expert: true,
  years_Active: 6,
  expert_charge: 95000,
  rate_per_hour: 10,
  instagram_link: { name: 'instagram', url: 'instagram.com/kavya.fit' },
  facebook_link: { name: 'facebook', url: '' },
  twitter_link: { name: 'twitter', url: '' },
  education: 'Post Graduate',
  ...over,
});

const login = (userName: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { userName, password },
    remoteAddress: '10.4.0.1',
  });

/** What the registrant does with the code from the outbox; returns the one-time password sent next. */
async function verify(userId: string, email: string) {
  const res = await post('/api/users/verifyContact', { _id: userId, code: await latestCode(t.db, email) });
  expect(res.statusCode).toBe(200);
  return latestOneTimePassword(t.db, email);
}

describe('POST /api/endUsers/registerNewUser (expert)', () => {
  // Finding 4: the working one-time password came back in the HTTP answer to whoever registered.
  it('sends a code to the e-mail, then the one-time password there, never in an answer', async () => {
    const body = expert();
    const res = await post('/api/endUsers/registerNewUser', body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ _id: data._id, role: 'USER', sentTo: `your e-mail a***@example.com` });
    const [row] = await t.db.select().from(users).where(eq(users.id, data._id));
    expect(row).toMatchObject({ role: 'USER', isActive: false, mustChangePassword: true, email: body.email });
    expect(row!.contactVerifiedAt).toBeNull();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const code = await latestCode(t.db, body.email);
    expect(res.body).not.toContain(code);
    // Only a hash of the code is kept.
    const codes = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, data._id));
    expect(codes).toHaveLength(1);
    expect(JSON.stringify(codes)).not.toContain(code);

    expect((await login(body.email, body.mobile)).statusCode).toBe(401);
    const verified = await post('/api/users/verifyContact', { _id: data._id, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({ sentTo: 'your e-mail a***@example.com' });
    const password = await latestOneTimePassword(t.db, body.email);
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(verified.body).not.toContain(password);
    expect((await outboxFor(t.db, body.email)).map((m) => m.purpose)).toEqual([
      'one-time-password',
      'verify-contact',
    ]);

    expect((await login(body.email, body.mobile)).statusCode).toBe(401);
    const ok = await login(body.email, password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile.mustChangePassword).toBe(true);
    // The code worked once.
    expect((await post('/api/users/verifyContact', { _id: data._id, code })).statusCode).toBe(409);
  });

  // Finding 4: someone else's e-mail or mobile used to be taken for good by whoever typed it first.
  it('lets the real owner register over an unverified squatter, who never gets in', async () => {
    const victim = unique();
    const squat = await post('/api/endUsers/registerNewUser', expert({ ...victim, name: 'Mallory' }));
    expect(squat.statusCode).toBe(201);
    expect(squat.body).not.toMatch(/password/i);
    // The squatter has no code (it went to the victim's e-mail) and no password.
    for (const guess of ['000000', '123456', '999999']) {
      const res = await post('/api/users/verifyContact', { _id: squat.json().data._id, code: guess });
      expect(res.statusCode).toBe(400);
    }

    // The owner's registration waits for the code sent to the e-mail; nothing is deleted (issue 20).
    const owner = await post('/api/endUsers/registerNewUser', expert({ ...victim, name: 'Kavya Nair' }));
    expect(owner.statusCode).toBe(201);
    expect(owner.json().data._id).toBe(squat.json().data._id);
    const password = await verify(owner.json().data._id, victim.email);
    // The code proved the owner: the account is hers, with her application, not the squatter's.
    const [account] = await t.db.select().from(users).where(eq(users.id, squat.json().data._id));
    expect(account).toMatchObject({ ownerName: 'Kavya Nair', email: victim.email });
    expect((await login(victim.mobile, password)).statusCode).toBe(200);

    // Once verified, the e-mail is taken.
    const late = await post('/api/endUsers/registerNewUser', expert({ ...victim, name: 'Mallory' }));
    expect(late.statusCode).toBe(409);
  });

  it('gives a code five tries and ten minutes, and a new one on request', async () => {
    const body = expert();
    const res = await post('/api/endUsers/registerNewUser', body);
    const id = res.json().data._id;
    const code = await latestCode(t.db, body.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const miss = await post('/api/users/verifyContact', { _id: id, code: wrong });
      expect(miss.statusCode).toBe(400);
      expect(miss.json().errors.code).toBe('This code is wrong. Check the message and try again.');
    }
    const spent = await post('/api/users/verifyContact', { _id: id, code });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().errors.code).toMatch(/expired or was tried too often/);

    const again = await post('/api/users/resendVerificationCode', { _id: id });
    expect(again.statusCode).toBe(200);
    const fresh = await latestCode(t.db, body.email);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, id));
    expect((await post('/api/users/verifyContact', { _id: id, code: fresh })).statusCode).toBe(400);

    const bad = await post('/api/users/verifyContact', { _id: id, code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toBe('Enter the 6-digit code');
  });

  it('needs a social handle, valid years and at most 3 extra links; nothing is stored on failure', async () => {
    const body = expert({
      name: 'Kavya 2',
      mobile: '12345',
      years_Active: 120,
      instagram_link: { name: 'instagram', url: '' },
      links: [1, 2, 3, 4].map((i) => ({ name: `Site ${i}`, url: `site${i}.in` })),
    });
    const res = await post('/api/endUsers/registerNewUser', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Use letters, spaces, apostrophes, hyphens, periods or & only',
      mobile: 'Enter a 10-digit contact number',
      links: 'You can add at most 3 more links',
    });
    const rows = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it('registers a customer (if_expert false) as an active end user without social handles', async () => {
    const body = { name: 'Rahul Verma', ...unique(), if_expert: false };
    const res = await post('/api/endUsers/registerNewUser', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.role).toBe('END_USER');
  });

  it('accepts real names and a number typed with +91, spaces and dashes, stored as 10 digits', async () => {
    const body = expert({ name: "Anne-Marie  D'Souza" });
    const typed = `+91 ${body.mobile.slice(0, 5)}-${body.mobile.slice(5)}`;
    const res = await post('/api/endUsers/registerNewUser', { ...body, mobile: typed });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().data._id));
    expect(row).toMatchObject({ ownerName: "Anne-Marie D'Souza", mobile: body.mobile });
    await verify(res.json().data._id, body.email);

    // The same number typed another way is the same number.
    const again = expert({ name: 'राहुल शर्मा', mobile: `0${body.mobile}` });
    const clash = await post('/api/endUsers/registerNewUser', again);
    expect(clash.statusCode).toBe(409);
    expect(Object.keys(clash.json().errors)).toEqual(['mobile']);
  });

  it('refuses a duplicate e-mail or mobile with 409 and a clear message', async () => {
    const first = expert();
    const created = await post('/api/endUsers/registerNewUser', first);
    expect(created.statusCode).toBe(201);
    await verify(created.json().data._id, first.email);
    const sameEmail = await post(
      '/api/endUsers/registerNewUser',
      expert({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('An account with this e-mail already exists');
    const sameMobile = await post('/api/endUsers/registerNewUser', expert({ mobile: first.mobile }));
    expect(sameMobile.statusCode).toBe(409);
    expect(sameMobile.json().message).toBe('An account with this contact number already exists');
  });
});

describe('POST /api/users/registerNewUser (brand)', () => {
  it('stores the brand with http:// added to the website', async () => {
    const body = {
      ownerName: 'Anil Shetty',
      ...unique(),
      password: 'ignored',
      companyName: 'Coastal Weaves',
      sellCategory: 'Fashion',
      websiteLink: 'coastalweaves.in',
    };
    const res = await post('/api/users/registerNewUser', body);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().data._id));
    expect(row).toMatchObject({ role: 'USER', isBrand: true, isActive: false });
    expect(row!.details).toMatchObject({
      websiteLink: 'http://coastalweaves.in',
      companyName: 'Coastal Weaves',
    });
  });

  it('accepts company names with punctuation and digits, and a formatted number', async () => {
    const u = unique();
    const res = await post('/api/users/registerNewUser', {
      ownerName: 'Tulsi Menon-Iyer',
      email: u.email,
      mobile: `+91-${u.mobile}`,
      companyName: 'Tulsi Naturals Pvt. Ltd.',
      sellCategory: 'Personal Care',
      websiteLink: 'tulsinaturals.in',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().data._id));
    expect(row!.mobile).toBe(u.mobile);
    expect(row!.details).toMatchObject({ companyName: 'Tulsi Naturals Pvt. Ltd.' });
  });

  it('checks names and the website', async () => {
    const res = await post('/api/users/registerNewUser', {
      ownerName: 'Anil',
      ...unique(),
      companyName: 'Brand #42',
      sellCategory: '',
      websiteLink: 'not a site',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      companyName: 'Use letters, digits, spaces, apostrophes, hyphens, periods or & only',
      sellCategory: 'Category is required',
      websiteLink: 'Enter a valid website address',
    });
  });
});

describe('POST /api/users/singleStepOnboardUser (retailer)', () => {
  const retailer = (over: object = {}) => {
    const u = unique();
    return {
      registerUser: { ownerName: 'Sunita Gowda', email: u.email, mobile: u.mobile, password: u.mobile },
      companyName: 'Gowda Retail LLP',
      storeName: 'Gowda Footwear',
      businessType: 'Partnership Firm',
      GSTINnum: '29abcde1234f1z5',
      PANnum: 'ABCDE1234F',
      media: [{ name: 'images/x.webp', url: '/media/images/x.webp', type: 'IMAGE' }],
      sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sports Shoes', 'Sandals'] }],
      year_of_establishment: 2012,
      area: 'Jayanagar',
      isBrand: false,
      address: {
        address: '14, 11th Main Road, 4th Block',
        pinCode: '560011',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        location: { type: 'Point', coordinates: [77.5938, 12.925] },
      },
      ...over,
    };
  };

  it('stores the account and the shop with its coordinates in one go (status 200)', async () => {
    const body = retailer();
    const res = await post('/api/users/singleStepOnboardUser', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(200);
    const userId = res.json().data._id;
    const [shop] = await t.db.select().from(shops).where(eq(shops.userId, userId));
    expect(shop).toMatchObject({
      name: 'Gowda Footwear',
      gstin: '29ABCDE1234F1Z5',
      latitude: 12.925,
      longitude: 77.5938,
      pinCode: '560011',
      sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sports Shoes', 'Sandals'] }],
    });
    // Finding 14: the applicant's address and exact coordinates were public before approval.
    const storeUrl = `/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${userId}`;
    const early = await t.app.inject({ url: storeUrl });
    expect(early.statusCode).toBe(404);
    expect(early.body).not.toContain('12.925');
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    expect((await t.app.inject({ url: storeUrl, headers: { authorization: adminToken } })).statusCode).toBe(
      200,
    );
    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/users/approveSeller',
      headers: { authorization: adminToken },
      payload: { _id: userId },
    });
    expect(approve.statusCode).toBe(200);
    // Once approved the store is public, without contact data.
    const store = await t.app.inject({ url: storeUrl });
    expect(store.json().Data.name).toBe('Gowda Footwear');
    expect(store.body).not.toContain(body.registerUser.email);
  });

  it('checks GSTIN, PAN, business type, pincode and location; stores nothing on failure', async () => {
    const body = retailer({
      GSTINnum: '29ABCDE1234F1X5',
      PANnum: 'ABC123',
      businessType: 'Startup',
      address: { address: '', pinCode: '5600', city: 'Bengaluru', state: 'Karnataka', country: 'India' },
    });
    const res = await post('/api/users/singleStepOnboardUser', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      GSTINnum: 'Enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1Z5',
      PANnum: 'Enter a valid PAN, e.g. ABCDE1234F',
      businessType: 'Choose the business type',
      'address.address': 'Address is required',
      'address.pinCode': 'Enter a 6-digit pincode',
      'address.location': 'Required',
    });
    expect(await t.db.select().from(users).where(eq(users.email, body.registerUser.email))).toHaveLength(0);
  });

  it('keeps nothing when the mobile is taken', async () => {
    const first = retailer();
    const created = await post('/api/users/singleStepOnboardUser', first);
    expect(created.statusCode).toBe(200);
    await verify(created.json().data._id, first.registerUser.email);
    const second = retailer();
    second.registerUser.mobile = first.registerUser.mobile;
    const res = await post('/api/users/singleStepOnboardUser', second);
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(users).where(eq(users.email, second.registerUser.email))).toHaveLength(0);
  });
});

describe('account lookups by e-mail', () => {
  // Finding 3: anyone got id, full name, role (ADMIN included) and isBrand for any e-mail.
  it('tell anonymous callers only whether a verified account exists', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Site Owner' });
    const found = await t.app.inject({
      url: `/api/users/getUserbyEmail/${admin.email}`,
      remoteAddress: '10.5.0.1',
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({ exists: true, profile: null });
    expect(found.body).not.toMatch(/ADMIN|Site Owner|isBrand/);
    expect(found.body).not.toContain(admin.id);
    const byBody = await post('/api/endUsers/getEUserDetailsbyEmailId', { email: admin.email }, '10.5.0.1');
    expect(byBody.json().data).toEqual({ exists: true, profile: null });

    // The admin team still sees who it is.
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    const asAdmin = await t.app.inject({
      url: `/api/users/getUserbyEmail/${admin.email}`,
      headers: { authorization: adminToken },
      remoteAddress: '10.5.0.1',
    });
    expect(asAdmin.json().data.profile).toMatchObject({ name: 'Site Owner', role: 'ADMIN' });

    // An applicant who has not verified the e-mail has no account yet.
    const body = expert();
    await post('/api/endUsers/registerNewUser', body);
    const pending = await post('/api/endUsers/getEUserDetailsbyEmailId', { email: body.email }, '10.5.0.1');
    expect(pending.statusCode).toBe(404);
    const missing = await post(
      '/api/endUsers/getEUserDetailsbyEmailId',
      { email: 'none@example.com' },
      '10.5.0.1',
    );
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: '/api/users/getUserbyEmail/not-an-email',
      remoteAddress: '10.5.0.1',
    });
    expect(bad.statusCode).toBe(400);
  });

  // Finding 3: GET, HEAD and POST each had their own 20 a minute.
  it('share one budget per address across both routes and every method', async () => {
    const from = { remoteAddress: '10.5.0.2' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const email = `x${i}@example.com`;
      const res =
        i % 3 === 0
          ? await t.app.inject({ url: `/api/users/getUserbyEmail/${email}`, ...from })
          : i % 3 === 1
            ? await t.app.inject({ method: 'HEAD', url: `/api/users/getUserbyEmail/${email}`, ...from })
            : await t.app.inject({
                method: 'POST',
                url: '/api/endUsers/getEUserDetailsbyEmailId',
                payload: { email },
                ...from,
              });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      url: '/api/users/getUserbyEmail/y@example.com',
      remoteAddress: '10.5.0.3',
    });
    expect(other.statusCode).toBe(404);
  });
});
