import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@app/domain';
import { withReferral } from './checkout-api';
import { getReferral, getReferrerId, setReferral } from '../../../lib/storage';

// Decision 055: the referral from /refer is kept with its time and goes with every paying order for
// 30 days as `influencerDetails`; the admin's orders without payment carry none.

const DAY = 24 * 60 * 60 * 1000;
const rid = '65f1a2b3c4d5e6f708192a3b';
const body = { productId: '65f1a2b3c4d5e6f708192a4c', quantity: 1 } as OrderRequest;

afterEach(() => window.localStorage.clear());

describe('the stored referral', () => {
  it('goes with every paying order within 30 days of the visit, apart from rid', () => {
    const visit = new Date('2026-12-01T10:00:00.000Z');
    setReferral(rid, visit);
    expect(getReferrerId()).toBeNull();
    const later = visit.getTime() + 29 * DAY;
    for (const endpoint of ['euOrder/saveOrder2', 'orders/saveOrder2'] as const) {
      expect(withReferral(endpoint, body, later).influencerDetails).toEqual({
        _id: rid,
        referredAt: visit.toISOString(),
      });
    }
    expect(withReferral('euOrder/saveOrderWebWithoutPay', body, later)).toBe(body);
  });

  it('is forgotten after 30 days, and a damaged value is ignored', () => {
    const visit = new Date('2026-12-01T10:00:00.000Z');
    setReferral(rid, visit);
    expect(getReferral(visit.getTime() + 31 * DAY)).toBeNull();
    expect(withReferral('euOrder/saveOrder2', body, visit.getTime() + 31 * DAY)).toBe(body);
    window.localStorage.setItem('referral', '{not json');
    expect(getReferral()).toBeNull();
  });
});
