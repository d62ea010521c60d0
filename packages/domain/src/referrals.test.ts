import { describe, expect, it } from 'vitest';
import { influencerDetailsSchema, referralIsCurrent, rewardStateOf } from './referrals.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-12-05T12:00:00Z');

describe('referralIsCurrent', () => {
  it('counts a referral for 30 days, and one without a time (the spec’s clients send none)', () => {
    expect(referralIsCurrent(new Date(now - 30 * DAY).toISOString(), now)).toBe(true);
    expect(referralIsCurrent(new Date(now - 30 * DAY - 1000).toISOString(), now)).toBe(false);
    expect(referralIsCurrent(undefined, now)).toBe(true);
  });

  it('does not count a time in the future or one that cannot be read', () => {
    expect(referralIsCurrent(new Date(now + DAY).toISOString(), now)).toBe(false);
    expect(referralIsCurrent('soon', now)).toBe(false);
  });
});

describe('influencerDetailsSchema', () => {
  it('keeps one of our ids and drops anything else, without refusing the order', () => {
    const id = '65f1a2b3c4d5e6f708192a3b';
    expect(influencerDetailsSchema.parse({ _id: id, referredAt: '2026-12-01T10:00:00.000Z' })).toEqual({
      _id: id,
      referredAt: '2026-12-01T10:00:00.000Z',
    });
    expect(influencerDetailsSchema.parse({ _id: 'not-ours', name: 'Somebody' })).toEqual({});
    expect(influencerDetailsSchema.parse(null)).toBeUndefined();
    expect(influencerDetailsSchema.safeParse({ referredAt: 'last Tuesday' }).success).toBe(false);
  });
});

describe('rewardStateOf', () => {
  const order = {
    rewardRupees: 59,
    paymentState: 'PAID',
    fulfilment: 'NEW',
    cancelled: false,
    bookedPaise: null,
  };
  it('follows decision 033: pending until delivered, earned, reversed by a refund', () => {
    expect(rewardStateOf(order)).toBe('PENDING');
    expect(rewardStateOf({ ...order, fulfilment: 'DELIVERED', bookedPaise: 5900 })).toBe('EARNED');
    expect(rewardStateOf({ ...order, fulfilment: 'DELIVERED', bookedPaise: 0 })).toBe('REVERSED');
    expect(rewardStateOf({ ...order, cancelled: true })).toBe('LOST');
    expect(rewardStateOf({ ...order, rewardRupees: 0 })).toBe('NONE');
  });
});
