import { describe, expect, it } from 'vitest';
import { isValidReferrerId, safeRedirectPath } from './referral-rules';

const origin = 'https://revuhub.example';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeRedirectPath('/joinasexpert', origin)).toBe('/joinasexpert');
    expect(safeRedirectPath('/checkout/abc?x=1#top', origin)).toBe('/checkout/abc?x=1#top');
    expect(safeRedirectPath('/a/../joinasexpert', origin)).toBe('/joinasexpert');
  });

  it.each([
    null,
    undefined,
    '',
    'joinasexpert',
    'https://evil.example',
    'http://revuhub.example/joinasexpert',
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /joinasexpert',
    // Issue 13, finding 8: dot segments that the parser resolves into `//evil.com`.
    '/.//evil.com',
    '/..//evil.com',
    '/%2e%2e//evil.com',
    '/%2E//evil.com',
    '/a/..//evil.com',
    '/./\\evil.com',
  ])('sends %j to the home page', (redirect) => {
    expect(safeRedirectPath(redirect, origin)).toBe('/');
  });
});

describe('isValidReferrerId', () => {
  it('accepts short tokens of letters, digits, dashes and underscores', () => {
    expect(isValidReferrerId('abc')).toBe(true);
    expect(isValidReferrerId('64b7f0c2e1a4_x-9')).toBe(true);
    expect(isValidReferrerId('a'.repeat(64))).toBe(true);
  });

  it.each([null, undefined, '', ' ', 'a'.repeat(65), 'abc def', '<script>', 'a/b'])('rejects %j', (rid) => {
    expect(isValidReferrerId(rid)).toBe(false);
  });
});
