import { z } from './zod.js';
import { capitalEnvelope } from './envelope.js';
import {
  sellCategorySchema,
  geoPointSchema,
  openingHoursSchema,
  publicShopSchema,
  storePhoneSchema,
} from './shops.js';
import { mediaSchema } from './media.js';
import { intField } from './products.js';

/** Every store the public may browse (role SELLER), sorted by name. */
export const shopListResponseSchema = capitalEnvelope(z.array(publicShopSchema));

const storeText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} cannot be empty`).max(max, `${label} is at most ${max} characters`);

/**
 * Update My Store: any of the store's public fields and the seller fields of the same screen.
 * Fields left out keep their value; contact data and GST/PAN are not editable here.
 */
export const updateMyStoreRequestSchema = z
  .object({
    name: storeText('Store name', 120).optional(),
    companyName: storeText('Company name', 160).optional(),
    area: z.string().trim().max(120).optional(),
    year_of_establishment: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Year is 4 digits')
      .optional(),
    address: z
      .object({
        address: storeText('Address', 300).optional(),
        pinCode: z
          .string()
          .trim()
          .regex(/^\d{6}$/, 'Pincode is 6 digits')
          .optional(),
        city: storeText('City', 80).optional(),
        state: storeText('State', 80).optional(),
        country: storeText('Country', 80).optional(),
        location: geoPointSchema.optional(),
      })
      .optional(),
    sellCategory: z.array(sellCategorySchema).max(50).optional(),
    /** The store's public business phone; '' clears it (decision 025). */
    phone: storePhoneSchema.optional(),
    /** One line of opening hours; '' clears it. */
    openingHours: openingHoursSchema.optional(),
    media: z.array(mediaSchema).max(20).optional(),
    affiliate_code: z
      .string()
      .trim()
      .min(1, 'Affiliate code is required')
      .max(40, 'Affiliate code is at most 40 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
      .optional(),
    remaining_reward_amount: intField('Remaining reward amount').optional(),
    total_rewards_rolledout: intField('Total rewards rolled out').optional(),
  })
  .strict();
export type UpdateMyStoreRequest = z.infer<typeof updateMyStoreRequestSchema>;

/** The seller console's "Edit store" form: the store's public phone and opening hours (decision 025). */
export const storeContactUpdateSchema = z.object({
  phone: storePhoneSchema,
  openingHours: openingHoursSchema,
});
export type StoreContactUpdate = z.infer<typeof storeContactUpdateSchema>;
export type StoreContactInput = z.input<typeof storeContactUpdateSchema>;

/** Photos a store shows on its public page. */
export const STORE_PHOTOS_MAX = 10;

/**
 * The whole "Edit store" form (issue 38): phone and hours, the store's address (the pincode fills
 * city and state; the server moves the store's map point to the new pincode) and its photos.
 * A store without an address yet (a brand's, made at approval) may save its phone and hours with
 * the address left blank; once any part of the address is given, every part is needed.
 */
export const storeProfileUpdateSchema = storeContactUpdateSchema
  .extend({
    address: z.string().trim().max(300, 'Address is at most 300 characters'),
    pinCode: z.string().trim(),
    city: z.string().trim().max(80, 'City is at most 80 characters'),
    state: z.string().trim().max(80, 'State is at most 80 characters'),
    media: z
      .array(mediaSchema)
      .max(STORE_PHOTOS_MAX, `At most ${STORE_PHOTOS_MAX} photos`)
      .refine((media) => media.every((m) => m.type === 'IMAGE'), 'Store photos are images'),
  })
  .superRefine((values, ctx) => {
    const parts = [values.address, values.pinCode, values.city, values.state];
    if (parts.every((part) => part === '')) return;
    const missing = { address: 'Address', city: 'City', state: 'State' } as const;
    for (const [field, label] of Object.entries(missing)) {
      if (values[field as keyof typeof missing] === '') {
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} cannot be empty` });
      }
    }
    if (!/^\d{6}$/.test(values.pinCode)) {
      ctx.addIssue({ code: 'custom', path: ['pinCode'], message: 'Pincode is 6 digits' });
    }
  });
export type StoreProfileUpdate = z.infer<typeof storeProfileUpdateSchema>;
export type StoreProfileInput = z.input<typeof storeProfileUpdateSchema>;

/** The body of `POST /shop/updateMyStore` the "Edit store" form sends. */
export function storeProfileRequest(values: StoreProfileUpdate): UpdateMyStoreRequest {
  return {
    phone: values.phone,
    openingHours: values.openingHours,
    media: values.media,
    // A blank address stays as it is (a store that has none yet).
    ...(values.address === '' && values.pinCode === '' && values.city === '' && values.state === ''
      ? {}
      : {
          address: {
            address: values.address,
            pinCode: values.pinCode,
            city: values.city,
            state: values.state,
          },
        }),
  };
}
