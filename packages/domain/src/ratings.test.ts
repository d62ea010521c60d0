import { describe, expect, it } from 'vitest';
import {
  markedByInvoice,
  markedByOrder,
  orderedMonthOnly,
  purchaseMarkOf,
  type PurchaseFacts,
  summariseRatings,
  withoutOrder,
} from './ratings.js';

describe('purchase marks', () => {
  const plain: PurchaseFacts & { name: string } = { name: 'Kurta', ordered: false };

  it('an order marks it with its day; a full refund takes only the order’s mark back', () => {
    const bought = markedByOrder(plain, '2026-12-01');
    expect(purchaseMarkOf(bought)).toBe('order');
    expect(bought).toMatchObject({ ordered: true, orderedOn: '2026-12-01' });
    expect(purchaseMarkOf(withoutOrder(bought))).toBe('none');
    const checked = markedByOrder(markedByInvoice(plain, true), '2026-12-01');
    expect(purchaseMarkOf(withoutOrder(checked))).toBe('invoice');
  });

  it('a mark from before issue 41 is an invoice check, and a moderator’s Undo leaves an order’s mark', () => {
    const older = { ...plain, ordered: true };
    expect(purchaseMarkOf(older)).toBe('invoice');
    expect(purchaseMarkOf(withoutOrder(markedByOrder(older, '2026-12-01')))).toBe('invoice');
    expect(purchaseMarkOf(markedByInvoice(markedByOrder(plain, '2026-12-01'), false))).toBe('order');
  });

  it('an anonymised author’s mark keeps the month only', () => {
    expect(orderedMonthOnly(markedByOrder(plain, '2026-12-01')).orderedOn).toBe('2026-12');
  });
});

describe('rating summaries', () => {
  it('averages all and verified ratings apart, and counts reviews without stars as reviews only', () => {
    const summary = summariseRatings([
      { stars: 5, verified: true, reviews: 2 },
      { stars: 2, verified: false, reviews: 2 },
      { stars: 0, verified: true, reviews: 3 },
    ]);
    expect(summary).toMatchObject({
      reviews: 7,
      verifiedReviews: 5,
      ratings: 4,
      verifiedRatings: 2,
      average: 3.5,
      verifiedAverage: 5,
      jShaped: false,
    });
    expect(summary.histogram[0]).toEqual({ stars: 5, ratings: 2, verified: 2 });
  });

  it('flags the J shape only past 80% ones and fives of at least 20 ratings', () => {
    const j = (fives: number, threes: number) =>
      summariseRatings([
        { stars: 5, verified: false, reviews: fives },
        { stars: 3, verified: false, reviews: threes },
      ]).jShaped;
    expect(j(17, 3)).toBe(true);
    expect(j(16, 4)).toBe(false);
    expect(j(19, 0)).toBe(false);
  });

  it('has no average without ratings', () => {
    expect(summariseRatings([])).toMatchObject({ average: null, verifiedAverage: null, reviews: 0 });
  });
});
