import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../test/test-app.js';

let plain: TestApp;
let https: TestApp;
beforeAll(async () => {
  plain = await createTestApp({ TRUST_PROXY: '1', CONNECTION_TIMEOUT_SECONDS: '1' });
  https = await createTestApp({ PUBLIC_URL: 'https://revuhub.example' });
}, 120_000);
afterAll(async () => {
  await plain?.close();
  await https?.close();
});

// Finding 15: HSTS and upgrade-insecure-requests went out on plain http.
describe('transport security headers', () => {
  it('are absent on a plain-http install and present when PUBLIC_URL is https', async () => {
    for (const url of ['/api/health', '/no-page']) {
      const res = await plain.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
    const page = await https.app.inject({ url: '/no-page' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const api = await https.app.inject({ url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

// Finding 10: tokens and personal data could be kept by browsers and proxies.
describe('Cache-Control', () => {
  it('is no-store on tokens and personal data; public cached reads keep their own policy', async () => {
    const user = await createUser(plain.db);
    const login = await plain.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { userName: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().data.token as string;
    const me = await plain.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await plain.app.inject({ url: '/api/users/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const registered = await plain.app.inject({
      method: 'POST',
      url: '/api/endUsers/registerNewUser',
      payload: { name: 'Rahul Verma', email: 'cache@example.com', mobile: '9123456780', if_expert: false },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['cache-control']).toBe('no-store');
    const countries = await plain.app.inject({ url: '/api/country/getAllCountries' });
    expect(countries.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});

// Finding 11: a request that sent its headers and then nothing held the socket for ever.
describe('timeouts', () => {
  it('close a connection that stops sending', async () => {
    await plain.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = plain.app.server.address() as net.AddressInfo;
    expect(plain.app.server.requestTimeout).toBe(120_000);
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => {});
    socket.write(
      'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n',
    );
    const waited = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 8_000))]);
    socket.destroy();
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThan(5_000);
  });
});
