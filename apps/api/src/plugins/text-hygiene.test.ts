import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { logSafeError } from '../lib/log-safe-error.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/accounts/accounts.repository.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './text-hygiene.js';

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

// Issue 20, finding 6: a body nested a few thousand levels deep overflowed the stack of the text
// check on every route that reads a body: 500, with a stack trace in the log.
describe('deeply nested JSON', () => {
  const deep = (levels: number, leaf = '"x"') => '['.repeat(levels) + leaf + ']'.repeat(levels);
  const logged: string[] = [];
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ LOG_LEVEL: 'error' });
    // What the app logs at error level is what an operator would find in the log.
    const stream = (quiet.app.log as unknown as Record<symbol, { write(line: string): void }>)[
      pino.symbols.streamSym
    ]!;
    const write = stream.write.bind(stream);
    stream.write = (line) => {
      logged.push(line);
      write(line);
    };
  });
  afterAll(async () => {
    await quiet.close();
  });

  it('answers 400 with the envelope, never 500, and logs no stack trace', async () => {
    for (const payload of [
      `{"userName":${deep(5000)},"password":"x"}`,
      `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
      deep(MAX_JSON_DEPTH + 1),
      // Brackets inside strings are text, not nesting; escaped quotes do not end a string.
      `{"userName":"${'['.repeat(5000)}\\"${'{'.repeat(40)}","nest":${deep(MAX_JSON_DEPTH + 1)}}`,
    ]) {
      for (const url of ['/api/users/login', '/api/inflncr/addReview', '/api/shop/searchShop']) {
        const res = await quiet.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
          remoteAddress: '10.7.1.1',
        });
        expect(res.statusCode, `${url} ${payload.slice(0, 40)}`).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: `Body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
          requestId: res.headers['x-request-id'],
        });
      }
    }
    expect(logged.join('')).not.toMatch(/Maximum call stack|"stack"/);
  });

  it('still reads bodies nested up to the limit, and text that only looks nested', async () => {
    const res = await quiet.app.inject({
      method: 'POST',
      url: '/api/shop/searchShop',
      headers: { 'content-type': 'application/json' },
      payload: `{"search":"${'['.repeat(200)}","nest":${deep(MAX_JSON_DEPTH - 1)}}`,
      remoteAddress: '10.7.1.2',
    });
    // Parsed and validated: whatever the route says of it, it is not the nesting.
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('nested');
    expect(nestedDeeperThan(`${deep(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(`"\\\\"${deep(MAX_JSON_DEPTH + 1)}`, MAX_JSON_DEPTH)).toBe(true);
  });
});
