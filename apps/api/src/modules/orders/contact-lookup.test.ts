import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { testRedisUrl } from '../../test/test-redis.js';

let t: TestApp;
let address = 0;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '6' });
});
afterAll(async () => {
  await t.close();
});

/** Each call from its own address unless one is given, so only the budget tests meet the limit. */
function lookUp(
  kind: 'Buyer' | 'Referrer',
  mobile: string,
  token?: string,
  from?: string,
  device?: string,
  app = t.app,
) {
  address += 1;
  return app.inject({
    url: `/api/users/get${kind}ByMobile/${mobile}`,
    headers: {
      ...(token ? { authorization: token } : {}),
      // The browser's device cookie, as order placement gives it (lib/buyer-device.ts).
      ...(device ? { cookie: `buyer_device=${device}` } : {}),
    },
    remoteAddress: from ?? `10.77.${Math.floor(address / 250)}.${address % 250}`,
  });
}

const newDevice = () => randomBytes(16).toString('base64url');

async function person(role: 'SELLER' | 'USER' | 'END_USER' | 'ADMIN' | 'TEAM', ownerName: string) {
  const user = await createUser(t.db, { role, ownerName });
  return { ...user, token: role === 'USER' ? undefined : await loginAs(t.app, user.email, user.password) };
}

describe('mobile look-ups at checkout', () => {
  it('tell a stranger only whether a number is an activated seller, never whose it is', async () => {
    const seller = await person('SELLER', 'Imran Sheikh');
    const applicant = await person('USER', 'Kiran Shah');
    const reviewer = await person('END_USER', 'Leela Menon');
    const admin = await person('ADMIN', 'Site Admin');
    const someSeller = await person('SELLER', 'Arjun Mehta');
    for (const token of [undefined, reviewer.token, someSeller.token]) {
      const active = await lookUp('Buyer', seller.mobile!, token);
      expect(active.statusCode).toBe(200);
      expect(active.json().Data).toEqual({ role: 'SELLER' });
      expect(active.body).not.toContain('Imran');
      expect(active.body).not.toContain(seller.id);
      // The spec's "Seller Account not activated!!" reads this role.
      expect((await lookUp('Buyer', applicant.mobile!, token)).json().Data).toEqual({ role: 'USER' });
      // A business buyer is a seller: nobody else is found as one.
      for (const other of [reviewer, admin]) {
        expect((await lookUp('Buyer', other.mobile!, token)).statusCode).toBe(404);
      }
      // A referrer is any active account with a proven contact, the staff aside (issue 40): found,
      // with nothing about who or what they are; every other number answers exactly as an unknown one.
      for (const eligible of [seller, reviewer]) {
        const found = await lookUp('Referrer', eligible.mobile!, token);
        expect(found.statusCode).toBe(200);
        expect(found.json().Data).toEqual({});
      }
      const unknown = await lookUp('Referrer', '9000000009', token);
      expect(unknown.statusCode).toBe(404);
      for (const other of [applicant, admin]) {
        const refused = await lookUp('Referrer', other.mobile!, token);
        expect(refused.statusCode).toBe(404);
        expect(refused.json().message).toBe(unknown.json().message);
        expect(Object.keys(refused.json()).sort()).toEqual(Object.keys(unknown.json()).sort());
      }
    }
  });

  it('name the account to the admin team, who may order on its behalf', async () => {
    const reviewer = await person('END_USER', 'Leela Menon');
    for (const role of ['ADMIN', 'TEAM'] as const) {
      const staff = await person(role, `${role} member`);
      for (const kind of ['Buyer', 'Referrer'] as const) {
        const found = await lookUp(kind, reviewer.mobile!, staff.token);
        expect(found.json().Data).toEqual({ _id: reviewer.id, ownerName: 'Leela Menon', role: 'END_USER' });
      }
    }
  });

  it('do not count an account whose contact is not proven', async () => {
    const unproven = await person('SELLER', 'Gopal Rao');
    await t.db.update(users).set({ contactVerifiedAt: null }).where(eq(users.id, unproven.id));
    expect((await lookUp('Referrer', unproven.mobile!)).statusCode).toBe(404);
  });

  it('share one budget per address with the e-mail look-ups', async () => {
    const seller = await person('SELLER', 'Ravi Kumar');
    const from = '10.78.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push((await lookUp('Buyer', seller.mobile!, undefined, from)).statusCode);
      const email = await t.app.inject({
        url: `/api/users/getUserbyEmail/${seller.email}`,
        remoteAddress: from,
      });
      answers.push(email.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await lookUp('Referrer', seller.mobile!, undefined, from)).statusCode).toBe(429);
    // Another address still has its budget.
    expect((await lookUp('Referrer', seller.mobile!, undefined, '10.78.0.2')).statusCode).toBe(200);
  });

  it('count a device over every address it comes from, and another device apart', async () => {
    const seller = await person('SELLER', 'Nisha Verma');
    const device = newDevice();
    // Six look-ups (the budget), each from an address of its own and through either door.
    for (let i = 0; i < 6; i += 1) {
      const kind = i % 2 === 0 ? 'Buyer' : 'Referrer';
      expect((await lookUp(kind, seller.mobile!, undefined, undefined, device)).statusCode).toBe(200);
    }
    const refused = await lookUp('Buyer', seller.mobile!, undefined, '10.79.0.1', device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The e-mail door is the same budget.
    const email = await t.app.inject({
      url: `/api/users/getUserbyEmail/${seller.email}`,
      headers: { cookie: `buyer_device=${device}` },
      remoteAddress: '10.79.0.2',
    });
    expect(email.statusCode).toBe(429);

    // Another device from the very same address is answered; so is a client without the cookie.
    expect((await lookUp('Buyer', seller.mobile!, undefined, '10.79.0.1', newDevice())).statusCode).toBe(200);
    expect((await lookUp('Buyer', seller.mobile!, undefined, '10.79.0.1')).statusCode).toBe(200);
  });

  it('keep the address budget for a client without the cookie, and for one that sends it', async () => {
    const seller = await person('SELLER', 'Tara Joshi');
    const from = '10.80.0.1';
    // Fresh devices each time, as a script that drops its cookie: the address still stops it at six.
    for (let i = 0; i < 3; i += 1) {
      expect((await lookUp('Buyer', seller.mobile!, undefined, from)).statusCode).toBe(200);
      expect((await lookUp('Buyer', seller.mobile!, undefined, from, newDevice())).statusCode).toBe(200);
    }
    expect((await lookUp('Buyer', seller.mobile!, undefined, from, newDevice())).statusCode).toBe(429);
    expect((await lookUp('Buyer', seller.mobile!, undefined, from)).statusCode).toBe(429);
  });
});

// Several API processes count a device in Redis together, as they count an address. Its own
// database, so another file's FLUSHDB cannot reset the counts halfway.
describe.runIf(testRedisUrl)('the device budget across processes (Redis)', () => {
  let apps: TestApp[] = [];
  beforeAll(async () => {
    const url = new URL(testRedisUrl!);
    url.pathname = '/11';
    const env = { RATE_LIMIT_LOOKUPS_PER_MINUTE: '6', REDIS_URL: url.toString() };
    apps = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('refuses a device past its budget wherever it asks, and not another device', async () => {
    const device = newDevice();
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const app = apps[i % 2]!.app;
      answers.push((await lookUp('Buyer', '9000000001', undefined, undefined, device, app)).statusCode);
    }
    // Unknown number: 404 is an answer, counted as any other.
    expect(answers).toEqual([404, 404, 404, 404, 404, 404, 429]);
    const other = await lookUp('Buyer', '9000000001', undefined, undefined, newDevice(), apps[0]!.app);
    expect(other.statusCode).toBe(404);
  });
});
