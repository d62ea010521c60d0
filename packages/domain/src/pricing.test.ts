import { expect, it } from 'vitest';
import { discountPercent } from './pricing.js';

it('takes the integer part of the discount, and 0 when there is none', () => {
  expect(discountPercent(1999, 1499)).toBe(25);
  expect(discountPercent(1000, 667)).toBe(33);
  expect(discountPercent(500, 500)).toBe(0);
  expect(discountPercent(500, 600)).toBe(0);
  expect(discountPercent(0, 0)).toBe(0);
});
