import { z } from './zod.js';
import { MAX_EXTRA_SOCIAL_LINKS } from './constants.js';
import {
  BUSINESS_TYPES,
  EDUCATION_OPTIONS,
  ONE_SOCIAL_HANDLE_MESSAGE,
  TOO_MANY_LINKS_MESSAGE,
  emailSchema,
  gstinSchema,
  panSchema,
  requiredText,
  websiteSchema,
  yearsOfExperienceSchema,
  type BrandRegistration,
  type EndUserRegistration,
  type RetailerOnboarding,
} from './applications.js';
import { mediaSchema } from './media.js';
import { brandNameSchema, contactSchema, personNameSchema } from './names-and-numbers.js';
import { sellCategorySchema } from './shops.js';

// The applicant forms as the web app holds them (the spec's form field names), built from the same
// rules as the API payloads, and the pure mapping from a form to the payload the API takes.

const chosen = (message: string) => z.string().trim().min(1, message);

/** Placeholder defaults the spec's expert signup sends (section 9, "Influencer defaults"). */
export const EXPERT_DEFAULTS = {
  dob: '2000-01-01',
  description: 'Expert applicant',
  expert_charge: 95000,
  rate_per_hour: 10,
  latitude: 12.909186,
  longitude: 77.6523536,
} as const;

const extraLinkFormSchema = z.object({
  name: requiredText('Link name', 100),
  url: websiteSchema,
});

export const expertFormSchema = z
  .object({
    name: personNameSchema,
    emailId: emailSchema,
    contactNum: contactSchema,
    state: chosen('Choose your state'),
    city: chosen('Choose your city'),
    education: z.enum(EDUCATION_OPTIONS, { message: 'Choose your education' }),
    expertise: chosen('Choose your expertise'),
    yearsOfExp: yearsOfExperienceSchema,
    instagram: z.string().trim().max(300).default(''),
    facebook: z.string().trim().max(300).default(''),
    twitter: z.string().trim().max(300).default(''),
    links: z.array(extraLinkFormSchema).max(MAX_EXTRA_SOCIAL_LINKS, TOO_MANY_LINKS_MESSAGE).default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.instagram && !v.facebook && !v.twitter) {
      ctx.addIssue({ code: 'custom', path: ['instagram'], message: ONE_SOCIAL_HANDLE_MESSAGE });
    }
  });
export type ExpertForm = z.infer<typeof expertFormSchema>;
export type ExpertFormInput = z.input<typeof expertFormSchema>;

/**
 * `category_id` is the chosen influencer category's id (the form holds its name); it is left out
 * when the categories are not known, and the name still travels as `expertise`.
 */
export function expertFormToPayload(
  form: ExpertForm,
  location?: { latitude: number; longitude: number },
  categories: ReadonlyArray<{ _id: string; field: string }> = [],
): EndUserRegistration {
  const categoryId = categories.find((c) => c.field === form.expertise)?._id;
  const social = (name: string, url: string) => ({ name, url });
  return {
    name: form.name,
    email: form.emailId,
    mobile: form.contactNum,
    dob: EXPERT_DEFAULTS.dob,
    ...(categoryId ? { category_id: categoryId } : {}),
    description: EXPERT_DEFAULTS.description,
    latitude: location?.latitude ?? EXPERT_DEFAULTS.latitude,
    longitude: location?.longitude ?? EXPERT_DEFAULTS.longitude,
    if_expert: true,
    years_Active: form.yearsOfExp,
    expert_charge: EXPERT_DEFAULTS.expert_charge,
    rate_per_hour: EXPERT_DEFAULTS.rate_per_hour,
    instagram_link: social('instagram', form.instagram),
    facebook_link: social('facebook', form.facebook),
    twitter_link: social('twitter', form.twitter),
    state: form.state,
    city: form.city,
    education: form.education,
    expertise: form.expertise,
    links: form.links,
  };
}

/** Customer account (/joinasenduser): the expert payload with `if_expert: false`. */
export const customerFormSchema = z.object({
  name: personNameSchema,
  emailId: emailSchema,
  contactNum: contactSchema,
  state: chosen('Choose your state'),
  city: chosen('Choose your city'),
});
export type CustomerForm = z.infer<typeof customerFormSchema>;

export function customerFormToPayload(form: CustomerForm): EndUserRegistration {
  return {
    name: form.name,
    email: form.emailId,
    mobile: form.contactNum,
    if_expert: false,
    state: form.state,
    city: form.city,
    links: [],
  };
}

export const brandFormSchema = z.object({
  ownerName: personNameSchema,
  emailId: emailSchema,
  contactNum: contactSchema,
  companyName: brandNameSchema,
  sellCategory: chosen('Choose what you sell'),
  websiteLink: websiteSchema,
});
export type BrandForm = z.infer<typeof brandFormSchema>;

export function brandFormToPayload(form: BrandForm): BrandRegistration {
  return {
    ownerName: form.ownerName,
    email: form.emailId,
    mobile: form.contactNum,
    companyName: form.companyName,
    sellCategory: form.sellCategory,
    websiteLink: form.websiteLink,
  };
}

export const retailerFormSchema = z.object({
  ownerName: requiredText('Name', 80),
  emailId: emailSchema,
  contactNum: contactSchema,
  companyName: requiredText('Company name', 100),
  storeName: requiredText('Store name', 100),
  businessType: z.enum(BUSINESS_TYPES, { message: 'Choose the business type' }),
  GSTINnum: gstinSchema,
  PANnum: panSchema.default(''),
  yearOfEstablishment: z.coerce
    .number({ message: 'Enter the year of establishment' })
    .int('Enter a year')
    .min(1800, 'Enter a year from 1800')
    .refine((y) => y <= new Date().getFullYear(), 'The year cannot be in the future'),
  area: z.string().trim().max(100).default(''),
  address: requiredText('Address', 300),
  pinCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter a 6-digit pincode'),
  country: requiredText('Country', 100),
  state: requiredText('State', 100),
  city: requiredText('City', 100),
  countryId: z.string().default(''),
  stateId: z.string().default(''),
  cityId: z.string().default(''),
  sellCategory: z.array(sellCategorySchema).min(1, 'Choose at least one category'),
  /** Optional for a store; normalised like the brand form's (http:// added when no scheme). */
  websiteLink: z.union([z.literal(''), websiteSchema]).default(''),
  media: z.array(mediaSchema).max(10, 'Add at most 10 images').default([]),
  latitude: z.number({ message: 'Share your store location' }).min(-90).max(90),
  longitude: z.number({ message: 'Share your store location' }).min(-180).max(180),
});
export type RetailerForm = z.infer<typeof retailerFormSchema>;

export function retailerFormToPayload(form: RetailerForm): RetailerOnboarding {
  return {
    registerUser: {
      ownerName: form.ownerName,
      email: form.emailId,
      mobile: form.contactNum,
      companyName: form.companyName,
      sellCategory: form.sellCategory,
      ...(form.websiteLink ? { websiteLink: form.websiteLink } : {}),
    },
    companyName: form.companyName,
    storeName: form.storeName,
    businessType: form.businessType,
    GSTINnum: form.GSTINnum,
    PANnum: form.PANnum,
    media: form.media,
    sellCategory: form.sellCategory,
    year_of_establishment: form.yearOfEstablishment,
    area: form.area,
    isBrand: false,
    address: {
      address: form.address,
      pinCode: form.pinCode,
      city: form.city,
      state: form.state,
      country: form.country,
      ...(form.cityId ? { city_id: form.cityId } : {}),
      ...(form.stateId ? { state_id: form.stateId } : {}),
      ...(form.countryId ? { country_id: form.countryId } : {}),
      location: { type: 'Point', coordinates: [form.longitude, form.latitude] },
    },
  };
}
