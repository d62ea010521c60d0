import { describe, expect, it } from 'vitest';
import {
  codAcceptBy,
  codRefusal,
  codWindowHours,
  COD_MESSAGES,
  DEFAULT_DELIVERY_TERMS,
  deliveryTermsSchema,
  orderTotals,
  payoutDetailsSchema,
  payoutText,
  type DeliveryTerms,
} from './delivery.js';
import { canMoveFulfilment } from './orders.js';

const terms = (t: Partial<DeliveryTerms> = {}): DeliveryTerms => ({
  deliveryCharge: 50,
  freeDeliveryFrom: 1000,
  codEnabled: true,
  codMaxAmount: 3000,
  codAcceptHours: 24,
  codMaxUnitsPerOrder: 5,
  codMaxWaitingUnits: 10,
  ...t,
});
const one = (total: number) => ({ total, quantity: 1 });
const proven = { signedIn: true, contactProven: true };

describe('orderTotals', () => {
  it('adds the delivery charge below the free-delivery amount and none from it', () => {
    expect(orderTotals(999, terms())).toEqual({ subtotal: 999, deliveryCharge: 50, total: 1049 });
    expect(orderTotals(1000, terms())).toEqual({ subtotal: 1000, deliveryCharge: 0, total: 1000 });
  });
  it('charges always without a free-delivery amount, never with a charge of 0, and never for a sample', () => {
    expect(orderTotals(50_000, terms({ freeDeliveryFrom: null })).deliveryCharge).toBe(50);
    expect(orderTotals(10, terms({ deliveryCharge: 0 })).total).toBe(10);
    expect(orderTotals(10, terms(), { sample: true }).total).toBe(10);
    expect(orderTotals(10, DEFAULT_DELIVERY_TERMS).total).toBe(10);
  });
});

describe('codRefusal', () => {
  it('allows a proven, signed-in buyer within the store terms', () => {
    expect(codRefusal(terms(), one(3000), proven)).toBeNull();
    expect(codRefusal(terms({ codMaxAmount: null }), one(90_000), proven)).toBeNull();
  });
  it('refuses with the reason: store off, above the upper amount, visitor, unproven contact', () => {
    expect(codRefusal(terms({ codEnabled: false }), one(10), proven)?.message).toBe(COD_MESSAGES.notOffered);
    expect(codRefusal(terms(), one(3001), proven)?.message).toBe(
      'Cash on delivery is for orders up to ₹3,000 at this store',
    );
    expect(codRefusal(terms(), one(10), { signedIn: false, contactProven: false })?.message).toBe(
      COD_MESSAGES.signIn,
    );
    expect(codRefusal(terms(), one(10), { signedIn: true, contactProven: false })).toEqual({
      field: 'paymentMethod',
      message: COD_MESSAGES.unproven,
    });
  });
  it("refuses more items in one order than the store's limit, and a new buyer's second item", () => {
    expect(codRefusal(terms(), { total: 100, quantity: 5 }, proven)).toBeNull();
    expect(codRefusal(terms(), { total: 100, quantity: 6 }, proven)?.message).toBe(
      'Cash on delivery is for up to 5 items per order at this store. Order fewer, or pay online',
    );
    expect(codRefusal(terms({ codMaxUnitsPerOrder: 1 }), { total: 100, quantity: 2 }, proven)?.message).toBe(
      'Cash on delivery is for up to 1 item per order at this store. Order fewer, or pay online',
    );
    const firstCod = { delivered: false, openCodOrders: 0 };
    expect(codRefusal(terms(), { total: 100, quantity: 2 }, { ...proven, firstCod })?.message).toBe(
      COD_MESSAGES.firstOrderOneItem,
    );
    expect(codRefusal(terms(), { total: 100, quantity: 1 }, { ...proven, firstCod })).toBeNull();
  });
  it("gives the seller the store's window to accept, 24 hours unless they set another", () => {
    expect(DEFAULT_DELIVERY_TERMS.codAcceptHours).toBe(24);
    const placed = new Date('2026-11-01T10:00:00Z');
    expect(codAcceptBy(placed, 24).toISOString()).toBe('2026-11-02T10:00:00.000Z');
    expect(codAcceptBy(placed, 6).toISOString()).toBe('2026-11-01T16:00:00.000Z');
    expect(codWindowHours(placed, codAcceptBy(placed, 36))).toBe(36);
    expect(COD_MESSAGES.acceptExpired(6)).toBe(
      'This order was not accepted within 6 hours and was cancelled',
    );
  });
});

describe('deliveryTermsSchema', () => {
  it('reads form strings, takes empty amounts as none, and names each bad field', () => {
    expect(
      deliveryTermsSchema.parse({
        deliveryCharge: '40',
        freeDeliveryFrom: '',
        codEnabled: true,
        codMaxAmount: '2500',
      }),
    ).toEqual({ deliveryCharge: 40, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: 2500 });
    const bad = deliveryTermsSchema.safeParse({
      deliveryCharge: '4.5',
      freeDeliveryFrom: '0',
      codEnabled: true,
      codMaxAmount: '-1',
    });
    expect(bad.success).toBe(false);
    // The first message of each field, as a form shows it.
    const fields = Object.fromEntries(
      [...bad.error!.issues].reverse().map((i) => [i.path.join('.'), i.message]),
    );
    expect(fields).toEqual({
      deliveryCharge: 'Delivery charge must be a whole number of rupees',
      freeDeliveryFrom: 'Free delivery amount must be more than ₹0, or left empty',
      codMaxAmount: 'Cash on delivery upper amount cannot be negative',
    });
  });
  it('reads the cash-on-delivery limits within their bounds, and leaves out the ones not given', () => {
    const base = { deliveryCharge: 0, freeDeliveryFrom: null, codEnabled: true, codMaxAmount: null };
    const ok = deliveryTermsSchema.parse({
      ...base,
      codAcceptHours: '12',
      codMaxUnitsPerOrder: 2,
      codMaxWaitingUnits: '',
    });
    expect(ok).toMatchObject({ codAcceptHours: 12, codMaxUnitsPerOrder: 2 });
    expect(ok.codMaxWaitingUnits).toBeUndefined();
    expect(deliveryTermsSchema.parse(base).codAcceptHours).toBeUndefined();
    const bad = deliveryTermsSchema.safeParse({
      ...base,
      codAcceptHours: '73',
      codMaxUnitsPerOrder: '0',
      codMaxWaitingUnits: '2.5',
    });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      codAcceptHours: 'Hours to accept a cash-on-delivery order must be at most 72',
      codMaxUnitsPerOrder: 'Items per cash-on-delivery order must be at least 1',
      codMaxWaitingUnits: 'Items of one product waiting for acceptance must be a whole number of items',
    });
  });
});

describe('fulfilment of a cash-on-delivery order', () => {
  it('goes out once accepted; delivery is its payment, not a plain step', () => {
    expect(canMoveFulfilment('COD_PENDING', 'NEW', 'DISPATCHED')).toBe(false);
    expect(canMoveFulfilment('COD_ACCEPTED', 'NEW', 'DISPATCHED')).toBe(true);
    expect(canMoveFulfilment('COD_ACCEPTED', 'DISPATCHED', 'DELIVERED')).toBe(false);
  });
});

describe('payoutDetailsSchema', () => {
  it('takes a UPI id, or a bank account with its IFSC upper-cased and the number without spaces', () => {
    expect(payoutDetailsSchema.parse({ kind: 'UPI', upiId: ' meera.iyer@okhdfc ' })).toEqual({
      kind: 'UPI',
      upiId: 'meera.iyer@okhdfc',
    });
    expect(
      payoutDetailsSchema.parse({
        kind: 'BANK',
        accountName: 'Meera Iyer',
        ifsc: 'sbin0001234',
        accountNumber: '3010 2345 678',
      }),
    ).toEqual({ kind: 'BANK', accountName: 'Meera Iyer', ifsc: 'SBIN0001234', accountNumber: '30102345678' });
  });
  it('refuses what no bank would pay to', () => {
    for (const upiId of ['meera', '@okhdfc', 'meera@', 'meera@ok hdfc']) {
      expect(payoutDetailsSchema.safeParse({ kind: 'UPI', upiId }).success).toBe(false);
    }
    for (const [ifsc, accountNumber] of [
      ['SBIN1001234', '30102345678'],
      ['SBIN0001234', '12345678'],
      ['SBIN0001234', '1234567890123456789'],
    ]) {
      expect(
        payoutDetailsSchema.safeParse({ kind: 'BANK', accountName: 'Meera', ifsc, accountNumber }).success,
      ).toBe(false);
    }
  });
  it('masks the account number unless shown in full', () => {
    const bank = {
      kind: 'BANK',
      accountName: 'Meera Iyer',
      ifsc: 'SBIN0001234',
      accountNumber: '30102345678',
    } as const;
    expect(payoutText(bank, false)).toBe('Bank account ••••5678 (SBIN0001234, Meera Iyer)');
    expect(payoutText(bank, true)).toBe('Bank account 30102345678 (SBIN0001234, Meera Iyer)');
  });
});
