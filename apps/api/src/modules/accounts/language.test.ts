import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { applicantPayloads } from '../../test/applicants.js';
import { createTestApp, createUser, loginAs, outboxFor, type TestApp } from '../../test/test-app.js';

// Issue 26: a person's saved language, and the API's messages in Hindi for those who ask for it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const savePreferences = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me/preferences',
    headers: token ? { authorization: token } : {},
    payload: payload as object,
  });

describe('PATCH /api/users/me/preferences', () => {
  it('saves the language, which GET /users/me and the next login answer', async () => {
    const user = await createUser(t.db, { ownerName: 'Sunita Verma' });
    const token = await loginAs(t.app, user.email, user.password);
    const before = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(before.json().data.language).toBe('en');

    const saved = await savePreferences(token, { language: 'hi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 200,
      data: { _id: user.id, name: 'Sunita Verma', language: 'hi', mobile: user.mobile },
    });

    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.json().data.language).toBe('hi');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { userName: user.email, password: user.password },
      remoteAddress: '10.26.0.1',
    });
    expect(login.json().data.profile.language).toBe('hi');

    // And back to English.
    expect((await savePreferences(token, { language: 'en' })).json().data.language).toBe('en');
    const row = await t.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row[0]?.language).toBe('en');
  });

  it('is for signed-in people only, and takes English or Hindi only', async () => {
    expect((await savePreferences(undefined, { language: 'hi' })).statusCode).toBe(401);
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    const french = await savePreferences(token, { language: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(Object.keys(french.json().errors)).toEqual(['language']);
    expect(Object.keys((await savePreferences(token, {})).json().errors)).toEqual(['language']);
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.json().data.language).toBe('en');
  });
});

describe('error messages in Hindi', () => {
  // The answer accounts.test.ts asserts for the same request, and existing clients read.
  const badLogin = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-request-id': 'lang-test-1', ...headers },
      payload: { password: 'x'.repeat(129) },
      remoteAddress: '10.26.0.2',
    });

  it('answers English byte for byte without Accept-Language: hi, and Hindi with it', async () => {
    const english = JSON.stringify({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'userName: Required; password: Password is too long',
      errors: { userName: 'Required', password: 'Password is too long' },
      requestId: 'lang-test-1',
    });
    const plain = await badLogin({});
    expect(plain.body).toBe(english);
    expect(plain.headers['content-language']).toBe('en');
    // A browser set to English, or one that ranks English above Hindi, gets the same bytes.
    expect((await badLogin({ 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' })).body).toBe(english);

    const hindi = await badLogin({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.headers['content-language']).toBe('hi');
    expect(hindi.headers.vary).toContain('accept-language');
    expect(hindi.json()).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'userName: ज़रूरी है; password: पासवर्ड बहुत लंबा है',
      errors: { userName: 'ज़रूरी है', password: 'पासवर्ड बहुत लंबा है' },
      requestId: 'lang-test-1',
    });
  });

  it('fills a field label into its message, and keeps English where a part has no Hindi', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'accept-language': 'hi' },
      payload: { userName: 'someone@example.com', password: 'wrong-password-1' },
      remoteAddress: '10.26.0.3',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('ई-मेल या पासवर्ड गलत है');
    const unknown = await t.app.inject({ url: '/api/no-such-thing', headers: { 'accept-language': 'hi' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('इस पते पर कुछ नहीं मिला: GET /api/no-such-thing');
  });

  it('answers a signed-in person who chose Hindi in Hindi without the header', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    const wrongCurrent = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: { authorization: token },
        payload: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password-26' },
        remoteAddress: '10.26.0.4',
      });
    const before = await wrongCurrent();
    expect(before.json()).toMatchObject({
      message: 'Current password is wrong',
      errors: { currentPassword: 'Current password is wrong' },
    });
    expect((await savePreferences(token, { language: 'hi' })).statusCode).toBe(200);
    const after = await wrongCurrent();
    expect(after.statusCode).toBe(400);
    expect(after.headers['content-language']).toBe('hi');
    expect(after.json()).toMatchObject({
      message: 'मौजूदा पासवर्ड गलत है',
      errors: { currentPassword: 'मौजूदा पासवर्ड गलत है' },
    });
    // An anonymous request with the same browser stays English.
    const anonymous = await t.app.inject({ url: '/api/no-such-thing' });
    expect(anonymous.json().message).toBe('No route for GET /api/no-such-thing');
  });
});

describe('messages sent to a person who chose Hindi', () => {
  it('writes the code and the one-time password in Hindi to a person who signs up in Hindi, and keeps the choice', async () => {
    const brand = applicantPayloads.brand('Arjun Mehta', 'Mehta Denim');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerNewUser',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
      payload: brand,
      remoteAddress: '10.26.0.6',
    });
    expect(registered.statusCode).toBe(201);
    const [codeMessage] = await outboxFor(t.db, brand.email);
    expect(codeMessage?.subject).toBe('आपका Revuhub सत्यापन कोड');
    const row = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, brand.email));
    expect(row[0]?.language).toBe('hi');

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/users/verifyContact',
      payload: { _id: registered.json().data._id, code: /\d{6}/.exec(codeMessage!.body)![0] },
      remoteAddress: '10.26.0.6',
    });
    expect(verified.statusCode).toBe(200);
    const [password] = await outboxFor(t.db, brand.email);
    expect(password?.subject).toBe('आपका Revuhub पासवर्ड');
    expect(password?.body).toMatch(/^नए खाते का डिफ़ॉल्ट पासवर्ड:\S+\n\n7 दिन के अंदर/);

    // Signing up from an English client stays English.
    const english = applicantPayloads.brand('Neha Kapoor', 'Kapoor Looms');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/registerNewUser',
      payload: english,
      remoteAddress: '10.26.0.7',
    });
    expect((await outboxFor(t.db, english.email))[0]?.subject).toBe('Your Revuhub verification code');
  });

  it('sends the one-time password in Hindi to a visitor who asks a query from the Hindi web', async () => {
    const asker = { name: 'Farah Qureshi', email: 'farah.hindi@example.com', mobile: '9626260001' };
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/app/webSearch',
      headers: { 'accept-language': 'hi' },
      payload: { search: 'इंदौर में कोई दर्ज़ी?', userData: asker, type: 'anything' },
      remoteAddress: '10.26.0.8',
    });
    expect([200, 404]).toContain(asked.statusCode);
    const row = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, asker.email));
    expect(row[0]?.language).toBe('hi');
    const [password] = await outboxFor(t.db, asker.email);
    expect(password?.purpose).toBe('one-time-password');
    expect(password?.subject).toBe('आपका Revuhub पासवर्ड');
  });

  it('sends the password reset code in Hindi, and in English to everyone else', async () => {
    const hindi = await createUser(t.db);
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, hindi.id));
    const english = await createUser(t.db);
    for (const user of [hindi, english]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgotPassword',
        payload: { userName: user.email },
        remoteAddress: '10.26.0.5',
      });
      expect(res.statusCode).toBe(200);
    }
    const [toHindi] = await outboxFor(t.db, hindi.email);
    expect(toHindi?.subject).toBe('आपका Revuhub पासवर्ड बदलने का कोड');
    expect(toHindi?.body).toMatch(/^नया Revuhub पासवर्ड चुनने के लिए आपका कोड \d{6} है। यह 10 मिनट तक काम करेगा।/);
    const [toEnglish] = await outboxFor(t.db, english.email);
    expect(toEnglish?.subject).toBe('Your Revuhub password reset code');
    expect(toEnglish?.body).toMatch(/^Your code to choose a new Revuhub password is \d{6}\./);

    // The code in the Hindi message works like any other.
    const code = /\d{6}/.exec(toHindi!.body)![0];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/resetPassword',
      payload: { userName: hindi.email, code, newPassword: 'naya-password-2026' },
      remoteAddress: '10.26.0.5',
    });
    expect(reset.statusCode).toBe(200);
  });
});
