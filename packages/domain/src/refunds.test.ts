import { describe, expect, it } from 'vitest';
import { canMoveFulfilment } from './orders.js';
import { canCancel, paymentStateAfterRefunds, refundRequestSchema } from './refunds.js';

describe('refund states', () => {
  const paid = 299_900;
  it('open refunds make REFUND_PENDING; settled ones PARTIALLY_REFUNDED or REFUNDED', () => {
    expect(
      paymentStateAfterRefunds({ paidPaise: paid, succeededPaise: 0, pendingPaise: 100, owed: false }),
    ).toBe('REFUND_PENDING');
    expect(
      paymentStateAfterRefunds({ paidPaise: paid, succeededPaise: 100, pendingPaise: 0, owed: false }),
    ).toBe('PARTIALLY_REFUNDED');
    expect(
      paymentStateAfterRefunds({ paidPaise: paid, succeededPaise: paid, pendingPaise: 0, owed: true }),
    ).toBe('REFUNDED');
  });

  it('when every refund failed, the order is paid again, or still owed its money', () => {
    expect(
      paymentStateAfterRefunds({ paidPaise: paid, succeededPaise: 0, pendingPaise: 0, owed: false }),
    ).toBe('PAID');
    expect(
      paymentStateAfterRefunds({ paidPaise: paid, succeededPaise: 0, pendingPaise: 0, owed: true }),
    ).toBe('REFUND_DUE');
  });

  it('a partly refunded order still goes out; a cancelled or fully refunded one does not', () => {
    expect(
      canMoveFulfilment('PARTIALLY_REFUNDED', 'NEW', 'DISPATCHED', { cancelled: false, refundablePaise: 1 }),
    ).toBe(true);
    expect(
      canMoveFulfilment('REFUND_PENDING', 'NEW', 'DISPATCHED', { cancelled: false, refundablePaise: 0 }),
    ).toBe(false);
    expect(
      canMoveFulfilment('REFUNDED', 'DISPATCHED', 'DELIVERED', { cancelled: false, refundablePaise: 0 }),
    ).toBe(false);
    expect(canMoveFulfilment('PAID', 'NEW', 'DISPATCHED', { cancelled: true, refundablePaise: paid })).toBe(
      false,
    );
    expect(canCancel({ fulfilment: 'NEW', cancelledAt: null })).toBe(true);
    expect(canCancel({ fulfilment: 'DISPATCHED', cancelledAt: null })).toBe(false);
  });

  it('reads rupees as paise, at most two decimals', () => {
    expect(refundRequestSchema.parse({ amount: '749.50', reason: 'Frayed border' }).amount).toBe(74_950);
    expect(refundRequestSchema.parse({ amount: 0.1, reason: 'Tiny' }).amount).toBe(10);
    const bad = refundRequestSchema.safeParse({ amount: '0', reason: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Enter an amount above ₹0',
      'Give a reason of at least 3 characters',
    ]);
  });
});
