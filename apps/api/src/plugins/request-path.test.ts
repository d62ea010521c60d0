import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { seedDatabase } from '../db/seed/index.js';
import { createLocalStorage } from '../providers/storage/local-storage.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { preferredEncoding } from './compression.js';
import { matchingEtag } from './http-cache.js';

// What every answer goes through: compression, revalidation, security headers and rate limits.

let t: TestApp;
let strict: TestApp;
const CATEGORIES = '/api/category/getAllParentCategory';

// Two apps (one with tight limits behind a proxy) on a busy two-core machine: a generous timeout.
beforeAll(async () => {
  t = await createTestApp();
  strict = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '5',
    RATE_LIMIT_REGISTRATIONS_PER_MINUTE: '2',
    TRUST_PROXY: '1',
  });
  await seedDatabase(t.db, { demo: false, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await strict?.close();
});

describe('compression', () => {
  it('sends large JSON as brotli or gzip when accepted, the same data as uncompressed', async () => {
    const plain = await t.app.inject({ url: CATEGORIES });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url: CATEGORIES, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);

    const gz = await t.app.inject({ url: CATEGORIES, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-gzip"`);
  });

  it('revalidates a compressed copy with 304', async () => {
    const br = await t.app.inject({ url: CATEGORIES, headers: { 'accept-encoding': 'br' } });
    const again = await t.app.inject({
      url: CATEGORIES,
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
  });

  it('leaves small answers and answers the client cannot decode alone', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 200, message: 'OK' });
    const refused = await t.app.inject({
      url: CATEGORIES,
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<{ Data: unknown[] }>().Data.length).toBeGreaterThan(5);
  });

  it('reads Accept-Encoding as browsers and tools send it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, identity; q=0.5, *;q=0')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('compares entity tags weakly, across content codings', () => {
    expect(matchingEtag('W/"abc"', '"abc"')).toBe('W/"abc"');
    expect(matchingEtag('"x", "abc-br"', '"abc"')).toBe('"abc-br"');
    expect(matchingEtag('*', '"abc"')).toBe('"abc"');
    expect(matchingEtag('"abcd"', '"abc"')).toBeUndefined();
  });
});

describe('security headers', () => {
  it('go on every answer, errors included; no HSTS on a plain-http install', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/media/none.webp', '/no-page']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // A JSON answer may load nothing at all; pages may load their own scripts and images.
    const json = await t.app.inject({ url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers['x-frame-options']).toBe('DENY');
    const page = await t.app.inject({ url: '/no-page' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Without an https PUBLIC_URL there is no HSTS, even when a proxy reports https (finding 15).
    const viaTls = await strict.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaTls.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('let a crowd behind one carrier-NAT address browse with the default limit', async () => {
    // 200 people reading 20 lists each within the minute, all from one public IP.
    for (let i = 0; i < 200 * 20; i++) {
      const res = await t.app.inject({ url: '/api/country/getAllCountries', remoteAddress: '100.64.0.1' });
      if (res.statusCode !== 200) throw new Error(`request ${i + 1} answered ${res.statusCode}`);
    }
    const limited = await t.app.inject({ url: '/api/health', remoteAddress: '100.64.0.1' });
    expect(limited.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('refuse a flood with 429, and hold registrations to their own tight budget', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i++) {
      expect((await strict.app.inject({ url: '/api/health', headers: from('203.0.113.9') })).statusCode).toBe(
        200,
      );
    }
    const refused = await strict.app.inject({ url: '/api/health', headers: from('203.0.113.9') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    // As @fastify/rate-limit answered before the global budget was counted by our own hook.
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many requests, try again in (1 minute|[1-5]?\d seconds?)$/,
    );
    expect(refused.headers['x-ratelimit-limit']).toBe('5');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['x-ratelimit-reset'])).toBe(Number(refused.headers['retry-after']));
    // Another address is not affected.
    expect((await strict.app.inject({ url: '/api/health', headers: from('203.0.113.10') })).statusCode).toBe(
      200,
    );

    const register = () =>
      strict.app.inject({
        method: 'POST',
        url: '/api/users/registerNewUser',
        payload: {},
        headers: from('198.51.100.7'),
      });
    expect((await register()).statusCode).toBe(400);
    expect((await register()).statusCode).toBe(400);
    expect((await register()).statusCode).toBe(429);
  });
});

describe('request log', () => {
  it('writes one line per request with method, route pattern, status and time, no query string', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const app = await buildApp({
      config: { ...t.config, LOG_LEVEL: 'info' },
      db: t.db,
      logger: { level: 'info', stream },
    });
    try {
      await app.ready();
      const states = await app.inject({ url: '/api/states/getAllStates' });
      const karnataka = states.json<{ data: Array<{ _id: string; name: string }> }>().data[0]!._id;
      await app.inject({ url: `/api/city/getAllcities?state_id=${karnataka}` });
      await app.inject({ url: '/api/users/getUserbyEmail/asha@example.com?x=1' });
      await app.inject({ url: '/nowhere?email=asha@example.com' });
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests.map((l) => [l.method, l.route, l.status])).toEqual([
        ['GET', '/api/states/getAllStates', 200],
        ['GET', '/api/city/getAllcities', 200],
        ['GET', '/api/users/getUserbyEmail/:email', expect.any(Number)],
        ['GET', '/nowhere', 404],
      ]);
      expect(requests.every((l) => typeof l.ms === 'number')).toBe(true);
      expect(JSON.stringify(lines)).not.toContain('asha@example.com');
    } finally {
      await app.close();
    }
  });
});
