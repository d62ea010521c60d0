import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

// Finding 15: ADMIN_PASSWORD was never checked, so the one account that can do everything could
// start with "password123".
describe('ADMIN_PASSWORD', () => {
  it('must pass the password policy at start-up', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password123' })).toThrow(
      /ADMIN_PASSWORD: This password is too common/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Ab1' })).toThrow(
      /ADMIN_PASSWORD: Password must be at least 8/,
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'Monsoon-chai-2026' }).ADMIN_PASSWORD).toBe('Monsoon-chai-2026');
    expect(loadConfig({}).ADMIN_PASSWORD).toBeUndefined();
  });
});

// Issue 20, finding 7 and issue 40: without PUBLIC_URL the Host header a client sends became the
// address of share previews and of the payment return, and `npm start` ran in development mode.
describe('PUBLIC_URL and NODE_ENV', () => {
  it('runs as production unless asked otherwise', () => {
    expect(loadConfig({}).NODE_ENV).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).NODE_ENV).toBe('development');
  });

  it('builds links for http://localhost:PORT without PUBLIC_URL, and for PUBLIC_URL with it', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: ' ' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://revuhub.in/' })).toMatchObject({
      PUBLIC_URL: 'https://revuhub.in/',
      siteUrl: 'https://revuhub.in',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'revuhub.in' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
  });
});
