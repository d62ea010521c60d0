import { z } from './zod.js';
import { PINCODE_DIGITS, SEARCH_PAGE_LIMIT } from './constants.js';
import { idSchema } from './ids.js';
import { capitalEnvelope, envelope } from './envelope.js';

export const namedItemSchema = z.object({ _id: idSchema, name: z.string() });
export const stateSchema = namedItemSchema.extend({ country_id: idSchema });
export const citySchema = namedItemSchema.extend({ state_id: idSchema });

export const statesResponseSchema = envelope(z.array(stateSchema));
export const citiesResponseSchema = envelope(z.array(citySchema));
export const countriesResponseSchema = envelope(z.array(namedItemSchema));

export const parentCategorySchema = z.object({
  _id: idSchema,
  parentCategory: z.string(),
  childCategorys: z.array(z.object({ _id: idSchema, childCategoryName: z.string() })),
});
export type ParentCategory = z.infer<typeof parentCategorySchema>;
export const parentCategoriesResponseSchema = capitalEnvelope(z.array(parentCategorySchema));

export const influencerCategorySchema = z.object({ _id: idSchema, field: z.string() });
export const influencerCategoriesResponseSchema = envelope(z.array(influencerCategorySchema));

export const pageSchema = z.coerce.number().int().min(1, 'Page starts at 1').max(10_000).default(1);

export const searchRequestSchema = z.object({
  page: pageSchema,
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(SEARCH_PAGE_LIMIT, `Limit must be at most ${SEARCH_PAGE_LIMIT}`)
    .default(SEARCH_PAGE_LIMIT),
  searchValue: z.string().trim().max(100, 'Search text is too long').default(''),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const hashtagSchema = z.object({ _id: idSchema, tag: z.string() });
export const hashtagSearchResponseSchema = envelope(z.array(hashtagSchema));

/** The country pickers preselect and list first. */
export const DEFAULT_COUNTRY_NAME = 'India';

export const statesQuerySchema = z.object({ country_id: idSchema.optional() });
export type StatesQuery = z.infer<typeof statesQuerySchema>;
export const citiesQuerySchema = z.object({ state_id: idSchema.optional() });
export type CitiesQuery = z.infer<typeof citiesQuerySchema>;

export type State = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;
export type NamedItem = z.infer<typeof namedItemSchema>;
export type InfluencerCategory = z.infer<typeof influencerCategorySchema>;
export type Hashtag = z.infer<typeof hashtagSchema>;

// Admin edits of reference data. The field names are the ones the lookups answer with.
const referenceName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

export const parentCategoryInputSchema = z.object({ parentCategory: referenceName('Category name') });
export type ParentCategoryInput = z.infer<typeof parentCategoryInputSchema>;
export const childCategoryInputSchema = z.object({ childCategoryName: referenceName('Category name') });
export type ChildCategoryInput = z.infer<typeof childCategoryInputSchema>;
export const newChildCategorySchema = childCategoryInputSchema.extend({ parent_id: idSchema });
export type NewChildCategory = z.infer<typeof newChildCategorySchema>;
export const cityInputSchema = z.object({ name: referenceName('City name') });
export type CityInput = z.infer<typeof cityInputSchema>;
export const newCitySchema = cityInputSchema.extend({ state_id: idSchema });
export type NewCity = z.infer<typeof newCitySchema>;
export const influencerCategoryInputSchema = z.object({ field: referenceName('Field') });
export type InfluencerCategoryInput = z.infer<typeof influencerCategoryInputSchema>;
/** Tags are stored without '#', in lower case, with hyphens for spaces (#health-and-fitness). */
export const hashtagInputSchema = z.object({
  tag: z
    .string({ error: 'Tag is required' })
    .trim()
    .transform((t) => t.replace(/^#+/, '').trim().toLowerCase().replace(/\s+/g, '-'))
    .pipe(
      z
        .string()
        .min(1, 'Tag is required')
        .max(50, 'Tag must be at most 50 characters')
        .regex(/^[\p{L}\p{N}_-]+$/u, 'Tag may hold letters, digits, - and _ only'),
    ),
});
export type HashtagInput = z.infer<typeof hashtagInputSchema>;

export const childCategorySchema = z.object({ _id: idSchema, childCategoryName: z.string() });
export const parentCategoryResponseSchema = envelope(parentCategorySchema);
export const childCategoryResponseSchema = envelope(childCategorySchema.extend({ parent_id: idSchema }));
export const cityResponseSchema = envelope(citySchema);
export const influencerCategoryResponseSchema = envelope(influencerCategorySchema);
export const hashtagResponseSchema = envelope(hashtagSchema);

/**
 * An Indian postal index number: six digits, the first (the postal region) 1 to 9. The look-up
 * and the forms that call it share this rule; a form's own pincode field keeps its spec rule.
 */
export const indianPincodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[1-9]\\d{${PINCODE_DIGITS - 1}}$`), `Enter a ${PINCODE_DIGITS}-digit pincode`);
export const isIndianPincode = (value: string) => indianPincodeSchema.safeParse(value).success;
export const pincodeParamsSchema = z.object({ pincode: indianPincodeSchema });

/**
 * Where a pincode is: India Post's district and state, with our state and city lookups where the
 * names match (ids null when they do not, e.g. a district that is not one of our cities).
 */
export const pincodePlaceSchema = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  state_id: idSchema.nullable(),
  country_id: idSchema.nullable(),
  city: z.string().nullable(),
  city_id: idSchema.nullable(),
});
export type PincodePlace = z.infer<typeof pincodePlaceSchema>;
export const pincodeResponseSchema = envelope(pincodePlaceSchema);
export const PINCODE_NOT_FOUND = 'We could not find this pincode; choose the state and city yourself';
