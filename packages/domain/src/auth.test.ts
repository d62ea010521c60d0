import { describe, expect, it } from 'vitest';
import { loginRequestSchema, newPasswordSchema } from './auth.js';
import { isApprovable } from './accounts.js';
import { applicantKindOf } from './approvals.js';

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
  it('holds every waiting applicant, shop or not, until approved or rejected', () => {
    expect(isApprovable({ role: 'USER', approval: { status: 'pending' } })).toBe(true);
    expect(isApprovable({ role: 'USER', approval: { status: 'rejected' } })).toBe(false);
    expect(isApprovable({ role: 'SELLER', approval: { status: 'approved' } })).toBe(false);
    expect(isApprovable({ role: 'END_USER', approval: { status: 'none' } })).toBe(false);
  });

  it('tells the applicant kind from the stored kind, else from the account', () => {
    const base = { role: 'USER', isBrand: false, details: {}, hasShop: false };
    expect(applicantKindOf({ ...base, details: { kind: 'expert' } })).toBe('expert');
    expect(applicantKindOf({ ...base, isBrand: true })).toBe('brand');
    expect(applicantKindOf({ ...base, hasShop: true })).toBe('retailer');
    expect(applicantKindOf({ ...base, role: 'END_USER' })).toBe('customer');
    expect(applicantKindOf({ ...base, role: 'ADMIN', details: {} })).toBeNull();
  });
});
