import { z } from './zod.js';
import { capitalEnvelope } from './envelope.js';
import { idSchema } from './ids.js';
import { imageVariantsSchema, storedMediaSchema } from './media.js';

export const sellCategorySchema = z.object({
  parentCategory: z.string().min(1).max(100),
  childCategory: z.array(z.string().min(1).max(100)).max(100),
});
export type SellCategory = z.infer<typeof sellCategorySchema>;

export const geoPointSchema = z.object({
  type: z.literal('Point').default('Point'),
  /** GeoJSON order: [longitude, latitude]. */
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
});
export type GeoPoint = z.infer<typeof geoPointSchema>;

export const shopAddressSchema = z.object({
  address: z.string(),
  pinCode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  city_id: z.string().nullable(),
  state_id: z.string().nullable(),
  country_id: z.string().nullable(),
  location: geoPointSchema.nullable(),
});

export const STORE_PHONE_MESSAGE =
  'Enter a 10-digit mobile or a landline with its STD code, e.g. 080 4718 2290';
export const OPENING_HOURS_MAX = 120;

/**
 * A store's business phone as typed ("+91 98450 12345", "080-4718 2290", "(0824) 242 1234"), kept as
 * digits: a 10-digit mobile (6–9 first), or a landline as 0, its STD code and number (11 digits).
 * An empty value clears it. Returns null when it is neither.
 */
export function normalizeStorePhone(raw: string): string | null {
  const compact = raw.replace(/[\s\-().]/g, '');
  if (compact === '') return '';
  const national = compact.replace(/^(\+91|0091)/, '');
  const hadCountryCode = national !== compact;
  if (!/^\d+$/.test(national)) return null;
  if (/^[6-9]\d{9}$/.test(national)) return national;
  if (/^0[1-9]\d{9}$/.test(national)) return national;
  // "+91 11 2345 6789": a landline written with the country code drops its trunk 0. (One whose STD
  // code starts with 6 to 9, "+91 80 …", reads as a mobile; the seller writes it with its 0.)
  if (hadCountryCode && /^[1-5]\d{9}$/.test(national)) return `0${national}`;
  return null;
}

export const storePhoneSchema = z
  .string()
  .trim()
  .max(30, STORE_PHONE_MESSAGE)
  .transform((v, ctx) => {
    const phone = normalizeStorePhone(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: STORE_PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

/**
 * Opening hours as one line in the seller's own words ("Mon–Sat 10 am–8:30 pm, Sun closed"):
 * shops keep irregular hours (lunch breaks, market holidays) that a fixed weekly grid would
 * misstate (decision 025). An empty value clears it.
 */
export const openingHoursSchema = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .max(OPENING_HOURS_MAX, `Opening hours are at most ${OPENING_HOURS_MAX} characters`)
      .regex(/^[^<>{}]*$/, 'Opening hours cannot contain < > { or }'),
  );

/** How a stored store phone is shown: "98450 12345" or "080 47182290". */
export function formatStorePhone(phone: string): string {
  if (/^[6-9]\d{9}$/.test(phone)) return `${phone.slice(0, 5)} ${phone.slice(5)}`;
  if (/^0\d{10}$/.test(phone)) {
    // STD codes are 2 to 4 digits after the 0; metros have 2 (011, 022, 033, 040, 044, 080, 020, 079).
    const metro = /^0(11|20|22|33|40|44|79|80)/.test(phone);
    const std = metro ? 3 : 4;
    return `${phone.slice(0, std)} ${phone.slice(std)}`;
  }
  return phone;
}

/** A tel: link that dials the store from anywhere: +91 and the number without its trunk 0. */
export function storePhoneHref(phone: string): string {
  return `tel:+91${phone.replace(/^0/, '')}`;
}

/** A shop as anyone may see it: contact data of its owner is never included. */
export const publicShopSchema = z.object({
  _id: idSchema,
  name: z.string(),
  companyName: z.string(),
  businessType: z.string(),
  area: z.string(),
  year_of_establishment: z.string(),
  address: shopAddressSchema,
  location: geoPointSchema.nullable(),
  media: z.array(storedMediaSchema),
  /** Widths of the smaller AVIF/WebP copies of its images, by image URL (decision 042). */
  imageVariants: imageVariantsSchema.optional(),
  sellCategory: z.array(sellCategorySchema),
  /** The store's business phone (digits, see normalizeStorePhone); '' when not given. */
  phone: z.string(),
  /** One line of opening hours in the seller's words; '' when not given. */
  openingHours: z.string(),
  user_id: z.object({ _id: idSchema, isBrand: z.boolean() }),
  users: z.array(z.object({ _id: idSchema, isBrand: z.boolean() })),
  affiliate_code: z.string(),
  remaining_reward_amount: z.number(),
  total_rewards_rolledout: z.number(),
});
export type PublicShop = z.infer<typeof publicShopSchema>;
export const publicShopResponseSchema = capitalEnvelope(publicShopSchema);
