import { describe, expect, it } from 'vitest';
import { rupeesText } from '@app/domain';
import { formattersFor } from './format';

describe('formatting in the current language', () => {
  it('groups rupees the Indian way in English and Hindi', () => {
    expect(formattersFor('en').rupees(100000)).toBe('₹1,00,000');
    expect(formattersFor('hi').rupees(100000)).toBe('₹1,00,000');
    expect(formattersFor('hi').number(12345678)).toBe('1,23,45,678');
  });

  it('writes English amounts exactly as the spec’s rupeesText does', () => {
    for (const amount of [0, 5, 999, 1250.5, 100000, 2499.99])
      expect(formattersFor('en').rupees(amount)).toBe(rupeesText(amount));
  });

  it('writes paise as rupees with both decimals only when there are paise', () => {
    expect(formattersFor('en').paise(74_950)).toBe('₹749.50');
    expect(formattersFor('en').paise(149_900)).toBe('₹1,499');
    expect(formattersFor('hi').paise(1_00_00_005)).toBe('₹1,00,000.05');
  });

  it('names months in Hindi for Hindi', () => {
    const date = new Date('2026-11-25T10:00:00+05:30');
    expect(formattersFor('en').date(date)).toBe('25 Nov 2026');
    expect(formattersFor('hi').date(date)).toMatch(/^25 \S*[\u0900-\u097F]\S* 2026$/);
  });
});
