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

// Issue 20, finding 7: without PUBLIC_URL the Host header a client sends became the address of
// share previews and of the payment return. Production may not start without it.
describe('PUBLIC_URL', () => {
  it('is required when NODE_ENV=production, and named in the error', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://revuhub.in' }).PUBLIC_URL).toBe(
      'https://revuhub.in',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });
});
