import { describe, expect, it } from 'vitest';
import { storeProfileRequest, storeProfileUpdateSchema } from './store-updates.js';

const blank = { phone: '', openingHours: '', address: '', pinCode: '', city: '', state: '', media: [] };

describe('the "Edit store" form', () => {
  it('saves phone and hours of a store without an address, leaving the address alone', () => {
    const parsed = storeProfileUpdateSchema.parse({ ...blank, openingHours: 'Mon–Sat 10 am–8 pm' });
    expect(storeProfileRequest(parsed)).toEqual({ phone: '', openingHours: 'Mon–Sat 10 am–8 pm', media: [] });
  });

  it('needs every part of an address once one is given, naming each field', () => {
    const r = storeProfileUpdateSchema.safeParse({ ...blank, pinCode: '5600' });
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      address: 'Address cannot be empty',
      city: 'City cannot be empty',
      state: 'State cannot be empty',
      pinCode: 'Pincode is 6 digits',
    });
  });

  it('sends a whole address and the photos as the store update', () => {
    const photo = { name: 'front.webp', url: '/media/images/front.webp', type: 'IMAGE' as const };
    const parsed = storeProfileUpdateSchema.parse({
      ...blank,
      address: ' 12, 100 Feet Road ',
      pinCode: '560038',
      city: 'Bengaluru',
      state: 'Karnataka',
      media: [photo],
    });
    expect(storeProfileRequest(parsed)).toMatchObject({
      address: { address: '12, 100 Feet Road', pinCode: '560038', city: 'Bengaluru', state: 'Karnataka' },
      media: [photo],
    });
  });
});
