import { z } from './zod.js';
import { capitalEnvelope, envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { storedMediaSchema } from './media.js';
import { geoPointSchema, sellCategorySchema, shopAddressSchema } from './shops.js';
import { LOCATOR_MESSAGES } from './texts/locator.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { LOCATOR_MESSAGES, PLACE_MESSAGES } from './texts/locator.js';

/** Store-locator limits: how far a search reaches and how many stores it lists. */
export const LOCATOR_RADIUS_KM = { default: 50, min: 0.1, max: 500 } as const;
export const LOCATOR_LIMIT = { default: 20, max: 100 } as const;

/** Numbers arrive as JSON numbers; a numeric string (a query string, an old client) is accepted too. */
const numeric = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);

const latitudeSchema = numeric(
  z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
);
const longitudeSchema = numeric(
  z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
);
const radiusKmSchema = numeric(
  z
    .number()
    .min(LOCATOR_RADIUS_KM.min, `Radius must be at least ${LOCATOR_RADIUS_KM.min} km`)
    .max(LOCATOR_RADIUS_KM.max, `Radius must be at most ${LOCATOR_RADIUS_KM.max} km`),
).default(LOCATOR_RADIUS_KM.default);
const limitSchema = numeric(
  z
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(LOCATOR_LIMIT.max, `Limit must be at most ${LOCATOR_LIMIT.max}`),
).default(LOCATOR_LIMIT.default);
/** An empty string is how the spec's client sends "not chosen". */
const optionalName = z.string().trim().max(100, 'Must be at most 100 characters').default('');
const optionalId = z.union([idSchema, z.literal('')]).optional();

const locationFields = {
  lat: latitudeSchema,
  long: longitudeSchema,
  radiusKm: radiusKmSchema,
  limit: limitSchema,
};

/**
 * Spec section 3 "Store-locator request": lat, long, childCategoryName or brand, storeUserId.
 * Exactly one of category and brand (section 5: "category and brand cannot both be empty";
 * section 9: "Locator mode: category or brand"). storeUserId narrows the search to that seller's stores.
 */
export const nearbyShopsRequestSchema = z
  .object({
    ...locationFields,
    childCategoryName: optionalName,
    brand: optionalName,
    storeUserId: optionalId,
  })
  .superRefine((value, ctx) => {
    if (!value.childCategoryName && !value.brand) {
      ctx.addIssue({
        code: 'custom',
        path: ['childCategoryName'],
        message: LOCATOR_MESSAGES.needCategoryOrBrand,
      });
    } else if (value.childCategoryName && value.brand) {
      ctx.addIssue({ code: 'custom', path: ['brand'], message: LOCATOR_MESSAGES.notBoth });
    }
  });
export type NearbyShopsRequest = z.infer<typeof nearbyShopsRequestSchema>;
export type NearbyShopsInput = z.input<typeof nearbyShopsRequestSchema>;

/** Spec section 7: `POST shop/getNearbyPartnerBrandStores` with lat, long and the brand's storeUserId. */
export const nearbyPartnerStoresRequestSchema = z.object({
  ...locationFields,
  storeUserId: idSchema,
});
export type NearbyPartnerStoresRequest = z.infer<typeof nearbyPartnerStoresRequestSchema>;
export type NearbyPartnerStoresInput = z.input<typeof nearbyPartnerStoresRequestSchema>;

/** A store in a locator result: public shop data and its distance; never the owner's contact data. */
export const nearbyStoreSchema = z.object({
  _id: idSchema,
  name: z.string(),
  area: z.string(),
  address: shopAddressSchema,
  location: geoPointSchema,
  media: z.array(storedMediaSchema),
  sellCategory: z.array(sellCategorySchema),
  /** The store's public business phone and opening hours (decision 025); '' when not given. */
  phone: z.string(),
  openingHours: z.string(),
  user_id: z.object({ _id: idSchema, isBrand: z.boolean() }),
  /** Great-circle distance from the searched position, in kilometres. */
  distanceKm: z.number(),
});
export type NearbyStore = z.infer<typeof nearbyStoreSchema>;
export const nearbyStoresResponseSchema = capitalEnvelope(z.array(nearbyStoreSchema));
export type NearbyStoresResponse = z.infer<typeof nearbyStoresResponseSchema>;

/**
 * `GET /api/locator/places?q=`: a typed 6-digit pincode or an area or city name, for finding stores
 * without the device's position (decision 025).
 */
export const placeSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'Type a 6-digit pincode or at least 2 letters of an area or city')
    .max(80, 'Type at most 80 characters')
    .refine((v) => !/^\d+$/.test(v) || /^[1-9]\d{5}$/.test(v), 'A pincode is 6 digits, e.g. 560034'),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuerySchema>;

/**
 * A place to search around: the middle of the approved stores in that pincode (or, when none is in
 * it, in its sorting district, the pincodes sharing its first three digits), area or city.
 */
export const placeSchema = z.object({
  kind: z.enum(['pincode', 'area', 'city']),
  /** What the list shows: "560034 · Bengaluru, Karnataka", "Koramangala, Bengaluru". */
  label: z.string(),
  pinCode: z.string(),
  area: z.string(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  long: z.number(),
  /** Approved stores the place was placed from. */
  stores: z.number().int(),
});
export type Place = z.infer<typeof placeSchema>;
export const placesResponseSchema = envelope(z.array(placeSchema));
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

/** Brand names the locator can search by (the spec's brand list reads `data.brand[]`). */
export const locatorBrandsResponseSchema = envelope(z.object({ brand: z.array(z.string()) }));

/** How a distance is shown next to a store: metres under 1 km, else km with one decimal. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(1, Math.round(km * 1000))} m`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** A link that opens driving directions in the visitor's map app (Google Maps' universal URL). */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}
