import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, shops, users } from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  latestCode,
  loginAs,
  outboxFor,
  type TestApp,
} from '../../test/test-app.js';
import { ensureAdmin } from './admin-bootstrap.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: payload as object, remoteAddress });

async function addShop(userId: string, name = 'Koramangala Footwear') {
  await t.db.insert(shops).values({ userId, name, city: 'Bengaluru', latitude: 12.9352, longitude: 77.6245 });
}

describe('POST /api/users/login', () => {
  it('returns the token and profile, and never the password hash', async () => {
    const user = await createUser(t.db, { role: 'SELLER', ownerName: 'Ravi Kumar' });
    const res = await login({ userName: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data._id).toBe(user.id);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.profile).toMatchObject({ name: 'Ravi Kumar', role: 'SELLER', email: user.email });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain(user.mobile!);
  });

  it('accepts the e-mail in any case and the mobile number as user name', async () => {
    const user = await createUser(t.db);
    expect((await login({ userName: user.email.toUpperCase(), password: user.password })).statusCode).toBe(
      200,
    );
    expect((await login({ userName: user.mobile, password: user.password })).statusCode).toBe(200);
  });

  it('gives the same 401 message for a wrong password and an unknown account', async () => {
    const user = await createUser(t.db);
    const wrong = await login({ userName: user.email, password: 'not-the-password' }, '10.0.0.2');
    const unknown = await login({ userName: 'nobody@example.com', password: 'whatever-123' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid e-mail or password');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('rejects bad input with 400 and a message per field', async () => {
    const res = await login({ password: 'x'.repeat(129) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      errors: { userName: 'Required', password: 'Password is too long' },
    });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBeTruthy();
    expect(notJson.body).not.toMatch(/at .*\.js/);
    const empty = await t.app.inject({ method: 'POST', url: '/api/users/login' });
    expect(empty.statusCode).toBe(400);
  });

  // Finding 1: five failures from one address used to lock the account for everyone.
  it('never locks an account out: the right password from another address logs in', async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    for (let i = 0; i < 5; i++) {
      expect((await login({ userName: user.email, password: 'wrong-pass' }, '127.0.0.2')).statusCode).toBe(
        401,
      );
    }
    const fromGuesser = await login({ userName: user.email, password: user.password }, '127.0.0.2');
    expect(fromGuesser.statusCode).toBe(429);
    expect(fromGuesser.json().message).toMatch(/Too many login attempts/);
    const fromOwner = await login({ userName: user.email, password: user.password }, '127.0.0.3');
    expect(fromOwner.statusCode).toBe(200);
  });

  // Finding 6: e-mail and mobile had separate counters; successes counted against a NAT.
  it('counts one account once whichever identifier is guessed', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 2; i++) {
      await login({ userName: user.email, password: 'wrong-pass' }, '10.3.0.1');
      await login({ userName: user.mobile, password: 'wrong-pass' }, '10.3.0.1');
    }
    expect((await login({ userName: user.mobile, password: 'wrong-pass' }, '10.3.0.1')).statusCode).toBe(401);
    expect((await login({ userName: user.email, password: user.password }, '10.3.0.1')).statusCode).toBe(429);
  });

  it('never counts successful logins: a shared address can log in all day', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 40; i++) {
      expect((await login({ userName: user.email, password: user.password }, '10.4.0.1')).statusCode).toBe(
        200,
      );
    }
  });

  it('slows down one address spraying many accounts', async () => {
    let last = 0;
    for (let i = 0; i < 22; i++) {
      last = (await login({ userName: `spray${i}@example.com`, password: 'guess-123' }, '10.9.9.9'))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('sessions', () => {
  it('resolves the raw token and the Bearer form, and ends at logout', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    const raw = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().data._id).toBe(user.id);
    const bearer = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: token },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(after.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    const rows = await t.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[a-f0-9]{64}$/);
  });

  it('treats a missing, unknown or expired token as anonymous', async () => {
    expect((await t.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: { authorization: 'nope' } })).statusCode,
    ).toBe(401);
    // Anonymous requests to public routes still work with a bad token.
    const lookup = await t.app.inject({
      url: '/api/country/getAllCountries',
      headers: { authorization: 'nope' },
    });
    expect(lookup.statusCode).toBe(200);

    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ url: '/api/users/me', headers: { authorization: token } })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/users/changePassword', () => {
  it('changes the password, refuses weak ones and ends the other sessions', async () => {
    const user = await createUser(t.db);
    const first = await loginAs(t.app, user.email, user.password);
    const second = await loginAs(t.app, user.email, user.password);
    const change = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: { authorization: first },
        payload: body,
      });

    const common = await change({ currentPassword: user.password, newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.newPassword).toBe('This password is too common, choose another one');
    const short = await change({ currentPassword: user.password, newPassword: 'Ab1' });
    expect(short.json().errors.newPassword).toBe('Password must be at least 8 characters');
    const wrongCurrent = await change({ currentPassword: 'not-it-at-all', newPassword: 'Fresh-mango-77' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().errors.currentPassword).toBe('Current password is wrong');

    const ok = await change({ currentPassword: user.password, newPassword: 'Fresh-mango-77' });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: { authorization: first } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: { authorization: second } })).statusCode,
    ).toBe(401);
    expect((await login({ userName: user.email, password: 'Fresh-mango-77' }, '10.2.0.1')).statusCode).toBe(
      200,
    );
    expect((await login({ userName: user.email, password: user.password }, '10.2.0.1')).statusCode).toBe(401);
  });
  // Finding 6: each wrong current password was a free argon2 verification.
  it('throttles wrong current passwords like login', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: { authorization: token },
        payload: { currentPassword, newPassword: 'Fresh-mango-77' },
        remoteAddress: '10.5.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await change('not-it-at-all')).statusCode).toBe(400);
    expect((await change('not-it-at-all')).statusCode).toBe(429);
    expect((await change(user.password)).statusCode).toBe(429);
  });
});

// Finding 5: "must change password" was enforced only in the browser.
describe('one-time passwords', () => {
  it('let the session change the password, read me and log out, and nothing else', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN', mustChangePassword: true });
    const token = await loginAs(t.app, admin.email, admin.password);
    const as = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

    const me = await as('/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.mustChangePassword).toBe(true);
    for (const url of [
      '/api/users/getAllUserShopDetailsWithOutMobileAndEmail',
      '/api/admin/outbox',
      '/api/country/getAllCountries',
    ]) {
      const res = await as(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const approve = await as('/api/users/approveSeller', 'POST', { _id: admin.id });
    expect(approve.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await as('/api/users/changePassword', 'POST', {
      currentPassword: admin.password,
      newPassword: 'Fresh-mango-77',
    });
    expect(changed.statusCode).toBe(200);
    expect((await as('/api/admin/outbox')).statusCode).toBe(200);
    expect((await as('/api/users/logout', 'POST')).statusCode).toBe(200);
  });

  it('stop working after seven days', async () => {
    const user = await createUser(t.db, {
      mustChangePassword: true,
      passwordExpiresAt: new Date(Date.now() + 60_000),
    });
    const token = await loginAs(t.app, user.email, user.password);
    await t.db
      .update(users)
      .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const res = await login({ userName: user.email, password: user.password }, '10.6.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/one-time password has expired after 7 days/);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { authorization: token },
      payload: { currentPassword: user.password, newPassword: 'Fresh-mango-77' },
    });
    expect(change.statusCode).toBe(401);
  });
});

describe('forgot password', () => {
  const post = (url: string, payload: object, remoteAddress = '10.7.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('sends a code to the verified e-mail; the code sets a new password and ends every session', async () => {
    const user = await createUser(t.db, { mustChangePassword: true });
    const token = await loginAs(t.app, user.email, user.password);
    const asked = await post('/api/users/forgotPassword', { userName: user.mobile! });
    expect(asked.statusCode).toBe(200);
    const code = await latestCode(t.db, user.email);
    expect(asked.body).not.toContain(code);
    expect(asked.headers['cache-control']).toBe('no-store');

    const wrong = await post('/api/users/resetPassword', {
      userName: user.email,
      code: code === '111111' ? '222222' : '111111',
      newPassword: 'Fresh-mango-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/wrong/);
    const weak = await post('/api/users/resetPassword', {
      userName: user.email,
      code,
      newPassword: 'password123',
    });
    expect(weak.json().errors.newPassword).toBe('This password is too common, choose another one');

    const reset = await post('/api/users/resetPassword', {
      userName: user.email,
      code,
      newPassword: 'Fresh-mango-77',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: { authorization: token } })).statusCode).toBe(
      401,
    );
    expect((await login({ userName: user.email, password: user.password }, '10.7.0.2')).statusCode).toBe(401);
    const fresh = await login({ userName: user.email, password: 'Fresh-mango-77' }, '10.7.0.2');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.profile.mustChangePassword).toBe(false);
    // A code works once.
    const again = await post('/api/users/resetPassword', {
      userName: user.email,
      code,
      newPassword: 'Other-mango-88',
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for unknown and unverified accounts and sends them nothing', async () => {
    const known = await createUser(t.db);
    const unverified = await createUser(t.db);
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, unverified.id));
    const answers = await Promise.all(
      [known.email, unverified.email, 'nobody-here@example.com'].map((userName) =>
        post('/api/users/forgotPassword', { userName }, '10.7.0.3'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().message)).size).toBe(1);
    expect(await outboxFor(t.db, known.email)).toHaveLength(1);
    expect(await outboxFor(t.db, unverified.email)).toHaveLength(0);
    expect(await outboxFor(t.db, 'nobody-here@example.com')).toHaveLength(0);
  });
});

describe('store details', () => {
  it("shows a seller's store without the owner's contact data", async () => {
    const owner = await createUser(t.db, { role: 'SELLER', isBrand: true });
    await addShop(owner.id, 'Indiranagar Denim Co');
    const res = await t.app.inject({
      url: `/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${owner.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Data).toMatchObject({
      name: 'Indiranagar Denim Co',
      user_id: { _id: owner.id, isBrand: true },
      location: { type: 'Point', coordinates: [77.6245, 12.9352] },
    });
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain(owner.mobile!);
    expect(
      (
        await t.app.inject({
          url: '/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/bbbbbbbbbbbbbbbbbbbbbbbb',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/1' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('admin account at first start', () => {
  it('is created once with a generated password that logs in', async () => {
    const log = { info: () => {}, warn: () => {} };
    const { db } = t;
    // The test database already has ADMIN users from the tests above: nothing new is created.
    expect((await ensureAdmin(db, {}, log)).created).toBe(false);
  });

  it('creates the admin on an empty database', async () => {
    const fresh = await createTestApp();
    try {
      const log = { info: () => {}, warn: () => {} };
      const result = await ensureAdmin(fresh.db, { email: 'Boss@Example.com' }, log);
      expect(result.created).toBe(true);
      expect(result.generatedPassword).toMatch(/^[A-Za-z2-9]{16}$/);
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { userName: 'boss@example.com', password: result.generatedPassword },
      });
      expect(res.json().data.profile.role).toBe('ADMIN');
      expect(
        (await ensureAdmin(fresh.db, { email: 'other@example.com', password: 'Other-pass-99' }, log)).created,
      ).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('API conventions', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('sets security headers and no CORS by default', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await login({ userName: 'a'.repeat(1_100_000), password: 'x' });
    expect(res.statusCode).toBe(413);
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/users/login'].post.requestBody).toBeTruthy();
  });
});
