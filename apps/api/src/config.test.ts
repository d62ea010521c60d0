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
