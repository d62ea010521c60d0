import { z } from './zod.js';
import { capitalEnvelope } from './envelope.js';
import { idSchema } from './ids.js';
import { storedMediaSchema } from './media.js';

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
  sellCategory: z.array(sellCategorySchema),
  user_id: z.object({ _id: idSchema, isBrand: z.boolean() }),
  users: z.array(z.object({ _id: idSchema, isBrand: z.boolean() })),
  affiliate_code: z.string(),
  remaining_reward_amount: z.number(),
  total_rewards_rolledout: z.number(),
});
export type PublicShop = z.infer<typeof publicShopSchema>;
export const publicShopResponseSchema = capitalEnvelope(publicShopSchema);
