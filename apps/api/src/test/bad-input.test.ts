import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from './test-app.js';

// Every route of the API, found in its own OpenAPI document, gets malformed input as an anonymous
// user and as the admin. A client mistake must never look like a server failure.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const BAD_PARAMS = ['x', '0', '%00', 'ffffffffffffffffffffffff', 'a'.repeat(300), "'; drop table users;--"];
const BAD_BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '{}' },
  { contentType: 'application/json', payload: '{"_id":{"$gt":""},"page":-1,"limit":1e9,"email":123}' },
  {
    contentType: 'application/json',
    payload: JSON.stringify({ registerUser: [], address: 'x', media: [{}] }),
  },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' },
];

describe('bad input to every route', () => {
  it('gets a 4xx with a message, never a 5xx', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(15);

    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const param of BAD_PARAMS) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
        const bodies = method === 'GET' ? [undefined] : BAD_BODIES;
        for (const body of bodies) {
          for (const authorization of [undefined, adminToken]) {
            const res = await t.app.inject({
              method: method as 'GET' | 'POST',
              url: `${url}?page=-1&limit=abc&country_id=nope&state_id=%00`,
              headers: {
                ...(authorization ? { authorization } : {}),
                ...(body ? { 'content-type': body.contentType } : {}),
              },
              ...(body ? { payload: body.payload } : {}),
            });
            if (res.statusCode >= 500 || !res.json<{ message?: string }>().message) {
              failures.push(
                `${method} ${url} ${body?.payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            }
          }
        }
        if (!path.includes('{')) break;
      }
    }
    expect(failures).toEqual([]);
    // 94 s in a CI run beside the browser journeys.
  }, 360_000);
});
