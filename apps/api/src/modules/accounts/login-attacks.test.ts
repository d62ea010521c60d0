import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Verifications, hashPassword } from '../../lib/passwords.js';
import { answerOf, createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { insertUser } from './accounts.repository.js';

// Issue 20, finding 3: 21 failed logins on made-up names from one address refused a correct login
// for any other account from that address, which in India may be a whole carrier NAT.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function login(userName: string, password: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { userName, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The `name=value` pair a browser would send back, from a Set-Cookie header. */
function cookieFrom(setCookie: string | string[] | undefined) {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return header?.split(';')[0] ?? '';
}

/** Real accounts sharing one password hash: an attacker's spray list needs many of them. */
async function manyAccounts(count: number) {
  const passwordHash = await hashPassword('Their-own-pass-1');
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      insertUser(t.db, {
        email: `sprayed-${i}@example.com`,
        ownerName: `Sprayed ${i}`,
        role: 'END_USER',
        isActive: true,
        passwordHash,
      }),
    ),
  );
}

describe('failures on made-up names from one address', () => {
  it('never refuse a correct login for a real account from that address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 25; i++) await login(`made-up-${i}@example.com`, 'guess-123', '10.20.0.1');
    expect((await login('made-up-26@example.com', 'guess-123', '10.20.0.1')).statusCode).toBe(429);
    const right = await login(user.email, user.password, '10.20.0.1');
    expect(right.statusCode).toBe(200);
    expect(right.json().data._id).toBe(user.id);
  });

  it('make a wrong password on a real account look exactly like a made-up name', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 21; i++) await login(`made-up-${i}@example.com`, 'guess-123', '10.20.0.2');
    const known = await login(user.email, 'not-the-password', '10.20.0.2');
    const unknown = await login('made-up-99@example.com', 'not-the-password', '10.20.0.2');
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(answerOf(known)).toEqual(answerOf(unknown));
    // Both say when to come back, as every refusal does (README, Rate limits).
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0);
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
  });
});

describe('known and unknown names', () => {
  it('get the same answers, from the first guess to the delay', async () => {
    const user = await createUser(t.db);
    const answers = async (userName: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(userName, `wrong-pass-${i}`, ip);
        seen.push(`${res.statusCode} ${res.json().message}`);
      }
      return seen;
    };
    const forKnown = await answers(user.email, '10.21.0.1');
    const forUnknown = await answers('nobody-at-all@example.com', '10.21.0.2');
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown).toEqual([
      ...Array<string>(5).fill('401 Invalid e-mail or password'),
      ...Array<string>(2).fill('429 Too many login attempts. Try again in 30 seconds.'),
    ]);
  });

  it('take about as long: an unknown name is checked against a dummy hash', async () => {
    const user = await createUser(t.db);
    // What makes a failed login slow is its one argon2 check (tens of milliseconds; the rest is a
    // millisecond): each failure, known account or not, must run exactly one. Counted rather than
    // timed, so two busy cores cannot fail it.
    const checksOf = async (userName: string, ip: string, i: number) => {
      const before = argon2Verifications();
      const res = await login(userName, `wrong-pass-${i}`, ip);
      expect(res.statusCode).toBe(401);
      return argon2Verifications() - before;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await checksOf(user.email, `10.21.${i}.3`, i));
      unknown.push(await checksOf('nobody-else@example.com', `10.21.${i}.4`, i));
    }
    expect(known).toEqual([1, 1, 1]);
    expect(unknown).toEqual([1, 1, 1]);
  });
});

describe('password spraying across real accounts from one address', () => {
  const ip = '10.22.0.1';
  let owner: Awaited<ReturnType<typeof createUser>>;
  let device: string;
  let sprayAnswers: number[];
  beforeAll(async () => {
    owner = await createUser(t.db);
    device = cookieFrom((await login(owner.email, owner.password, ip)).headers['set-cookie']);
    sprayAnswers = [];
    for (const account of await manyAccounts(51)) {
      sprayAnswers.push((await login(account.email, 'Summer2025!', ip)).statusCode);
    }
  });

  it('is slowed after 50 failures, even for a correct password, but not from other addresses', async () => {
    expect(sprayAnswers).toEqual(Array(51).fill(401));
    const victim = await createUser(t.db);
    const refused = await login(victim.email, victim.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many login attempts. Try again in 30 seconds.');
    // Made-up names are refused alike, so the refusal does not tell which names are real.
    expect((await login('made-up@example.com', 'Summer2025!', ip)).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '10.22.0.2')).statusCode).toBe(200);
  });

  it('does not slow a browser that logged in to that account before (its device cookie)', async () => {
    expect((await login(owner.email, owner.password, ip)).statusCode).toBe(429);
    const withCookie = await login(owner.email, owner.password, ip, device);
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json().data._id).toBe(owner.id);
  });

  it('takes no device cookie for another account, and no forged one', async () => {
    const other = await createUser(t.db);
    expect((await login(other.email, other.password, ip, device)).statusCode).toBe(429);
    const [account, id, issued] = device.replace('device=', '').split('.');
    expect(account).toBe(owner.id);
    const forged = `device=${other.id}.${id}.${issued}.${'A'.repeat(43)}`;
    expect((await login(other.email, other.password, ip, forged)).statusCode).toBe(429);
  });
});

describe('device cookies', () => {
  it('are set at login for this browser only: HttpOnly, SameSite=Strict, sent to the login route alone', async () => {
    const user = await createUser(t.db);
    const res = await login(user.email, user.password, '10.23.0.1');
    expect(String(res.headers['set-cookie'])).toMatch(
      /^device=[^;]+; Path=\/api\/users\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    // Logging in again with it keeps the same device, so its failures keep counting.
    const device = cookieFrom(res.headers['set-cookie']);
    const again = await login(user.email, user.password, '10.23.0.1', device);
    expect(cookieFrom(again.headers['set-cookie']).split('.')[1]).toBe(device.split('.')[1]);
  });

  it('get their own few guesses, so a stolen cookie is still slowed wherever it is used', async () => {
    const user = await createUser(t.db);
    const device = cookieFrom((await login(user.email, user.password, '10.25.0.1')).headers['set-cookie']);
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, `guess-${i}-pass`, `10.25.1.${i}`, device)).statusCode).toBe(401);
    }
    const sixth = await login(user.email, user.password, '10.25.1.9', device);
    expect(sixth.statusCode).toBe(429);
    // The owner without that cookie, from their own address, is not held up by the thief.
    expect((await login(user.email, user.password, '10.25.2.1')).statusCode).toBe(200);
  });

  it('are not needed: a client that keeps no cookies logs in as before', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++)
      expect((await login(user.email, user.password, '10.26.0.1')).statusCode).toBe(200);
  });
});
