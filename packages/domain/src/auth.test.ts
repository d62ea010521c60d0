import { describe, expect, it } from 'vitest';
import { loginRequestSchema, newPasswordSchema } from './auth.js';
import { isApprovable } from './accounts.js';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('password rules', () => {
  it('needs 8 to 128 characters', () => {
    expect(firstError(newPasswordSchema.safeParse('Ab3$xyz'))).toBe('Password must be at least 8 characters');
    expect(firstError(newPasswordSchema.safeParse('a'.repeat(129)))).toBe(
      'Password must be at most 128 characters',
    );
    expect(newPasswordSchema.safeParse('Kaveri-river-19').success).toBe(true);
  });

  it('refuses common passwords whatever their case', () => {
    expect(firstError(newPasswordSchema.safeParse('Password123'))).toBe(
      'This password is too common, choose another one',
    );
    expect(newPasswordSchema.safeParse('iloveindia').success).toBe(false);
  });
});

describe('login request', () => {
  it('says which field is missing', () => {
    const r = loginRequestSchema.safeParse({ password: '' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ userName: 'Required', password: 'Password is required' });
  });

  it('trims the user name', () => {
    expect(loginRequestSchema.parse({ userName: '  a@b.in ', password: 'x' }).userName).toBe('a@b.in');
  });
});

describe('seller approval list', () => {
  it('holds only accounts with a shop that are not yet sellers', () => {
    expect(isApprovable({ role: 'USER', shops: [{}] })).toBe(true);
    expect(isApprovable({ role: 'USER', shops: [] })).toBe(false);
    expect(isApprovable({ role: 'SELLER', shops: [{}] })).toBe(false);
  });
});
