import { describe, expect, it } from 'vitest';
import {
  checkoutFormSchema,
  orderRequestSchema,
  priceOrder,
  referrerReward,
  canMoveFulfilment,
  shipmentText,
} from './orders.js';

const product = {
  dsctPrice: 1500,
  retailDsctPrice: 2999,
  retailOriginalPrice: 3999,
  originalPrice: 2000,
  minOrderQuantity: 5,
  sampleCharge: 100,
  sampleQty: 2,
};

describe('priceOrder', () => {
  it('charges consumers the selling price times the quantity', () => {
    expect(priceOrder(product, 3, { channel: 'b2c' })).toEqual({
      unitPrice: 2999,
      quantity: 3,
      amount: 8997,
    });
  });
  it('charges businesses the wholesale price and enforces the MOQ', () => {
    expect(priceOrder(product, 5, { channel: 'b2b' })).toEqual({
      unitPrice: 1500,
      quantity: 5,
      amount: 7500,
    });
    expect(priceOrder(product, 4, { channel: 'b2b' })).toMatchObject({ field: 'quantity' });
  });
  it('locks a sample to the sample quantity at the sample price', () => {
    expect(priceOrder(product, 40, { channel: 'b2c', sample: true })).toEqual({
      unitPrice: 100,
      quantity: 2,
      amount: 200,
    });
  });
  it('refuses a product without any price', () => {
    const free = { ...product, retailDsctPrice: 0, retailOriginalPrice: 0 };
    expect(priceOrder(free, 1, { channel: 'b2c' })).toMatchObject({ field: 'productId' });
  });
});

describe('referrerReward', () => {
  it('is 2 % of the amount, rounded down, and nothing on your own order', () => {
    expect(referrerReward(8997, false)).toBe(179);
    expect(referrerReward(8997, true)).toBe(0);
  });
});

describe('order request and checkout form', () => {
  it('reads the spec field names, ladnmark included, and drops a client price', () => {
    const form = checkoutFormSchema.parse({
      quantity: '2',
      firstName: 'Asha',
      lastName: 'Rao',
      houseNumber: '12',
      contactNum: '+91 98450 12345',
      emailId: 'asha@example.com',
      street: 'MG Road',
      ladnmark: 'Near the park',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pincode: '560001',
      referrercontactNum: '',
    });
    expect(form.quantity).toBe(2);
    expect(form.contactNum).toBe('9845012345');
    const parsed = orderRequestSchema.parse({
      productId: 'a'.repeat(24),
      quantity: 1,
      amount: 1,
      address: {
        firstName: 'Asha',
        lastName: 'Rao',
        houseNo: '12',
        street: 'MG Road',
        landmark: 'Park',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pinCode: '560001',
        email: 'asha@example.com',
        mobile: '9845012345',
      },
    });
    expect(parsed).not.toHaveProperty('amount');
  });
  it('refuses quantity 0 and a 5-digit pincode with their messages', () => {
    const r = checkoutFormSchema.safeParse({ quantity: 0, pincode: '56000' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('quantity: Quantity must be greater than 0');
    expect(messages).toContain('pincode: Enter a 6-digit pincode');
  });
});

describe('fulfilment', () => {
  it('moves a paid order one step at a time and never an unpaid one', () => {
    expect(canMoveFulfilment('PAID', 'NEW', 'DISPATCHED')).toBe(true);
    expect(canMoveFulfilment('PAID', 'NEW', 'DELIVERED')).toBe(false);
    expect(canMoveFulfilment('CREATED', 'NEW', 'DISPATCHED')).toBe(false);
  });
});

describe('shipmentText', () => {
  it('names the courier and the tracking number the seller gave, and nothing when neither', () => {
    expect(shipmentText({ courier: 'India Post', trackingNumber: 'EE123456789IN' })).toBe(
      'Shipped with India Post, tracking number EE123456789IN',
    );
    expect(shipmentText({ courier: 'Our own delivery', trackingNumber: '' })).toBe(
      'Shipped with Our own delivery',
    );
    expect(shipmentText({ courier: '', trackingNumber: 'DL-42' })).toBe('Tracking number DL-42');
    expect(shipmentText({ courier: '', trackingNumber: '' })).toBe('');
  });
});
