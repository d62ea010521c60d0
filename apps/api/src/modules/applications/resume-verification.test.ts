import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESUME_VERIFICATION_ANSWER } from '@app/domain';
import { users } from '../../db/schema/index.js';
import { apply, applicantPayloads } from '../../test/applicants.js';
import {
  answerOf,
  createTestApp,
  createUser,
  latestCode,
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

let ip = 0;
const post = (url: string, payload: object) => {
  ip += 1;
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.66.0.${ip}` });
};
const sendCode = (userName: string) => post('/api/users/sendVerificationCode', { userName });
const verify = (userName: string, code: string) =>
  post('/api/users/verifyContactByLogin', { userName, code });

describe('finishing verification from /login after closing the tab', () => {
  it('sends a new code to the applicant, and the code from /login sends the one-time password', async () => {
    const payload = applicantPayloads.retailer('Meena Iyer', 'Iyer Sports');
    const { email, mobile } = payload.registerUser;
    expect((await post('/api/users/singleStepOnboardUser', payload)).statusCode).toBe(200);
    const firstCode = await latestCode(t.db, email);
    // The tab is closed here. No password works yet, and the login page offers to verify.
    expect(
      (await post('/api/users/login', { userName: email, password: 'anything-at-all' })).statusCode,
    ).toBe(401);

    const sent = await sendCode(email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(RESUME_VERIFICATION_ANSWER);
    const code = await latestCode(t.db, email);
    expect(code).not.toBe(firstCode);

    const wrong = await verify(email, code === '111111' ? '222222' : '111111');
    expect(wrong.statusCode).toBe(400);
    const refusal = answerOf(wrong);
    expect(wrong.json().errors.code).toMatch(/wrong or has expired/);

    // By mobile, as at login.
    const ok = await verify(mobile, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.sentTo).toMatch(/e-mail/);
    expect(ok.body).not.toContain(email);
    const password = await latestOneTimePassword(t.db, email);
    const login = await post('/api/users/login', { userName: email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.profile).toMatchObject({ mustChangePassword: true, kind: 'retailer' });

    // Verified now: the code route refuses like for anyone else, and sends nothing more.
    const messages = (await outboxFor(t.db, email)).length;
    expect((await sendCode(email)).json().message).toBe(RESUME_VERIFICATION_ANSWER);
    expect(await outboxFor(t.db, email)).toHaveLength(messages);
    expect(answerOf(await verify(email, code))).toEqual(refusal);
  });

  it('tells a stranger nothing: the same answers for no account, a verified one and a visitor', async () => {
    const verified = await apply(t, 'brand');
    const visitor = await createUser(t.db, { email: `visitor.${Date.now()}@example.com` });
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, visitor.id));
    const before = (await outboxFor(t.db, verified.email)).length;
    const answers = await Promise.all(
      [verified.email, visitor.email, 'nobody.here@example.com'].map(async (who) => {
        const sent = await sendCode(who);
        const checked = await verify(who, '123456');
        return [sent.statusCode, answerOf(sent), checked.statusCode, answerOf(checked)];
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]![0]).toBe(200);
    expect(answers[0]![2]).toBe(400);
    // Nobody applied with the visitor's contact, and the verified account needs no code.
    expect(await outboxFor(t.db, visitor.email)).toHaveLength(0);
    expect(await outboxFor(t.db, verified.email)).toHaveLength(before);
  });

  it("finishes a registration that waited for an unproven account's e-mail", async () => {
    const visitor = await createUser(t.db, { email: `reviewer.${Date.now()}@example.com` });
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, visitor.id));
    const brand = { ...applicantPayloads.brand('Farah Khan', 'Khan Textiles'), email: visitor.email };
    expect((await post('/api/users/registerNewUser', brand)).statusCode).toBe(201);

    expect((await sendCode(visitor.email)).statusCode).toBe(200);
    const ok = await verify(visitor.email, await latestCode(t.db, visitor.email));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, visitor.id));
    expect(row).toMatchObject({ role: 'USER', isBrand: true, ownerName: 'Farah Khan' });
    expect(row!.contactVerifiedAt).not.toBeNull();
  });
});
