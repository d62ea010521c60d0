import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { logSafeError } from '../lib/log-safe-error.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/accounts/accounts.repository.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const brand = (over: object) => ({
  ownerName: 'Ravi Kumar',
  email: `brand.${Date.now()}@example.com`,
  mobile: `97${String(Date.now()).slice(-8)}`,
  companyName: 'Ravi Footwear',
  sellCategory: 'Footwear',
  websiteLink: 'ravi.example.com',
  ...over,
});

// Finding 7: a NUL in any text gave 500, and the log then held the row's e-mail, mobile and hash.
describe('free text reaching the database', () => {
  it('refuses a NUL with 400 naming the field, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerNewUser',
      payload: brand({ companyName: 'Ravi\u0000Footwear' }),
      remoteAddress: '10.7.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.companyName).toBe('Must not contain a NUL character');
    const search = await t.app.inject({ url: '/api/country/getAllCountries?x=%00' });
    expect(search.statusCode).toBe(400);
  });

  // Finding 12: names accepted bidi overrides and zero-width characters.
  it('refuses bidi overrides and zero-width characters in names', async () => {
    for (const ownerName of ['Ravi \u202eKumar', 'Ravi\u200bKumar']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/registerNewUser',
        payload: brand({ ownerName }),
        remoteAddress: '10.7.0.2',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.ownerName).toBe('Contains invisible or control characters');
    }
  });

  it('logs a failed query without the e-mail, mobile or password hash', async () => {
    const passwordHash = await hashPassword('Secret-mango-77');
    const error = await insertUser(t.db, {
      email: 'leak.check@example.com',
      mobile: '9123456780',
      ownerName: 'Nul\u0000Name',
      role: 'END_USER',
      passwordHash,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const logged = JSON.stringify(logSafeError(error));
    expect(logged).not.toContain('leak.check@example.com');
    expect(logged).not.toContain('9123456780');
    expect(logged).not.toContain(passwordHash);
    expect(logged).toContain('insert into');
    expect(await t.db.select().from(users).where(eq(users.email, 'leak.check@example.com'))).toHaveLength(0);
  });
});
