import { z } from './zod.js';
import { MAX_EXTRA_SOCIAL_LINKS, YEARS_OF_EXPERIENCE } from './constants.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { mediaSchema } from './media.js';
import { brandNameSchema, contactSchema, personNameSchema } from './names-and-numbers.js';
import { sellCategorySchema } from './shops.js';
import { consentSchema } from './privacy.js';
import { ONE_SOCIAL_HANDLE_MESSAGE } from './texts/applications.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { ONE_SOCIAL_HANDLE_MESSAGE } from './texts/applications.js';

// Spec section 5: the rules of the applicant forms, written once for the forms and the API.

export const EDUCATION_OPTIONS = [
  'High School',
  'Junior College',
  'Under Graduate',
  'Post Graduate',
] as const;
export const BUSINESS_TYPES = [
  'Public Limited Company',
  'Private Limited Company',
  'Joint-Venture Company',
  'Partnership Firm',
  'One Person Company',
  'Sole Proprietorship',
  'Branch Office',
  'Non-Government Organization (NGO)',
] as const;

/** The spec's "standard pattern": something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** GSTIN: 2-digit state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address')
  .transform((e) => e.toLowerCase());
export const requiredText = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);

/** Spec: "http:// is added if no scheme". */
export function normalizeWebsite(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return trimmed;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}
export const websiteSchema = z
  .string()
  .trim()
  .min(1, 'Website is required')
  .max(300, 'Website is too long')
  .transform(normalizeWebsite)
  .refine((u) => {
    try {
      const parsed = new URL(u);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Enter a valid website address');

export const gstinSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => GSTIN_PATTERN.test(v), 'Enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1Z5');
export const panSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || PAN_PATTERN.test(v), 'Enter a valid PAN, e.g. ABCDE1234F');

export const yearsOfExperienceSchema = z.coerce
  .number({ message: 'Enter the years of experience' })
  .int('Enter whole years')
  .min(
    YEARS_OF_EXPERIENCE.min,
    `Years of experience must be ${YEARS_OF_EXPERIENCE.min} to ${YEARS_OF_EXPERIENCE.max}`,
  )
  .max(
    YEARS_OF_EXPERIENCE.max,
    `Years of experience must be ${YEARS_OF_EXPERIENCE.min} to ${YEARS_OF_EXPERIENCE.max}`,
  );

export const socialLinkSchema = z.object({
  name: z.string().trim().max(100, 'Name is too long').default(''),
  url: z.string().trim().max(300, 'Link is too long').default(''),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;
const hasUrl = (l: SocialLink | undefined) => !!l && l.url.trim() !== '';

export const TOO_MANY_LINKS_MESSAGE = `You can add at most ${MAX_EXTRA_SOCIAL_LINKS} more links`;

const extraLinksSchema = z
  .array(socialLinkSchema.extend({ url: websiteSchema }))
  .max(MAX_EXTRA_SOCIAL_LINKS, TOO_MANY_LINKS_MESSAGE)
  .default([]);

/**
 * Expert (and customer) application as the spec's clients send it to `endUsers/registerNewUser`.
 * `password` is accepted for compatibility and ignored: the server generates a one-time password.
 * `if_expert: false` registers a customer, for whom no social handle is needed.
 */
export const endUserRegistrationSchema = z
  .object({
    name: personNameSchema,
    email: emailSchema,
    mobile: contactSchema,
    password: z.string().max(200).optional(),
    dob: z.string().max(40).optional(),
    category_id: z.string().max(100).optional(),
    description: z.string().max(2000).optional(),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    if_expert: z.boolean().default(true),
    years_Active: z.coerce.number().optional(),
    expert_charge: z.coerce.number().optional(),
    rate_per_hour: z.coerce.number().optional(),
    instagram_link: socialLinkSchema.optional(),
    facebook_link: socialLinkSchema.optional(),
    twitter_link: socialLinkSchema.optional(),
    /** Form fields the spec's payload leaves out; kept with the application. */
    state: z.string().trim().max(100).optional(),
    city: z.string().trim().max(100).optional(),
    education: z.enum(EDUCATION_OPTIONS, { message: 'Choose your education' }).optional(),
    expertise: z.string().trim().max(100).optional(),
    links: extraLinksSchema,
    /** The privacy notice and "18 or older" box accepted at sign-up (decision 040); optional for older clients. */
    consent: consentSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.if_expert) return;
    if (![v.instagram_link, v.facebook_link, v.twitter_link].some(hasUrl)) {
      ctx.addIssue({ code: 'custom', path: ['instagram_link'], message: ONE_SOCIAL_HANDLE_MESSAGE });
    }
    const years = yearsOfExperienceSchema.safeParse(v.years_Active);
    if (!years.success) {
      ctx.addIssue({ code: 'custom', path: ['years_Active'], message: years.error.issues[0]!.message });
    }
  });
export type EndUserRegistration = z.infer<typeof endUserRegistrationSchema>;

/** Brand / distributor registration (`users/registerNewUser`). */
export const brandRegistrationSchema = z.object({
  ownerName: personNameSchema,
  email: emailSchema,
  mobile: contactSchema,
  password: z.string().max(200).optional(),
  companyName: brandNameSchema,
  sellCategory: requiredText('Category', 100),
  websiteLink: websiteSchema,
  consent: consentSchema.optional(),
});
export type BrandRegistration = z.infer<typeof brandRegistrationSchema>;

const geoPointInputSchema = z.object({
  type: z.literal('Point').default('Point'),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], {
    message: 'Share your store location',
  }),
});

export const retailerAddressSchema = z.object({
  address: requiredText('Address', 300),
  pinCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter a 6-digit pincode'),
  city: requiredText('City', 100),
  state: requiredText('State', 100),
  country: requiredText('Country', 100),
  city_id: z.string().trim().max(40).optional(),
  state_id: z.string().trim().max(40).optional(),
  country_id: z.string().trim().max(40).optional(),
  location: geoPointInputSchema,
});

/** Retailer onboarding in one step (`users/singleStepOnboardUser`): account, shop and address. */
export const retailerOnboardingSchema = z.object({
  registerUser: z.object({
    ownerName: requiredText('Name', 80),
    email: emailSchema,
    mobile: contactSchema,
    password: z.string().max(200).optional(),
    companyName: z.string().trim().max(100).optional(),
    sellCategory: z.unknown().optional(),
    websiteLink: z.string().trim().max(300).optional(),
  }),
  companyName: requiredText('Company name', 100),
  storeName: requiredText('Store name', 100),
  businessType: z.enum(BUSINESS_TYPES, { message: 'Choose the business type' }),
  GSTINnum: gstinSchema,
  PANnum: panSchema.optional().default(''),
  media: z.array(mediaSchema).max(10, 'Add at most 10 images').default([]),
  sellCategory: z.array(sellCategorySchema).max(50).default([]),
  year_of_establishment: z.coerce
    .number({ message: 'Enter the year of establishment' })
    .int('Enter a year')
    .min(1800, 'Enter a year from 1800')
    .refine((y) => y <= new Date().getFullYear(), 'The year cannot be in the future'),
  area: z.string().trim().max(100).default(''),
  isBrand: z.boolean().default(false),
  address: retailerAddressSchema,
  consent: consentSchema.optional(),
});
export type RetailerOnboarding = z.infer<typeof retailerOnboardingSchema>;

/**
 * What a new applicant is told: their id (to enter the code with) and where the 6-digit code went.
 * The one-time password follows by the same channel once the code is entered, never in an answer.
 */
export const registrationResponseSchema = envelope(
  z.object({
    _id: idSchema,
    role: z.string(),
    sentTo: z.string(),
    /**
     * True when a signed-in applicant the admin rejected applied again: their account's application
     * was replaced and waits for the admin again; no code is sent (the e-mail is proven already).
     */
    reapplied: z.boolean().optional(),
  }),
);
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/**
 * A signed-in applicant's earlier answers, in the fields of their kind's web form (emailId,
 * contactNum, …), so the re-application starts filled in.
 */
export const earlierApplicationResponseSchema = envelope(
  z.object({ kind: z.enum(['expert', 'brand', 'retailer']), answers: z.record(z.string(), z.unknown()) }),
);
export type EarlierApplicationResponse = z.infer<typeof earlierApplicationResponseSchema>;

/** Whether an account exists, with public profile fields only (never e-mail, mobile or password). */
export const accountLookupResponseSchema = envelope(
  z.object({
    exists: z.boolean(),
    profile: z.object({ _id: idSchema, name: z.string(), role: z.string(), isBrand: z.boolean() }).nullable(),
  }),
);
export const emailParamsSchema = z.object({ email: emailSchema });
export const emailBodySchema = z.object({ email: emailSchema });
