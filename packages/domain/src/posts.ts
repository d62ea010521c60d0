import { z } from './zod.js';
import { ratingSchema, REVIEW_LABELS, REVIEW_SORTS, reviewReplySchema } from './ratings.js';
import { MAX_POST_LINKS, QUERY_SCOPES } from './constants.js';
import { idSchema } from './ids.js';
import { emailSchema, normalizeWebsite } from './applications.js';
import { contactSchema, personNameSchema } from './names-and-numbers.js';
import { cursorSchema } from './paging.js';
import { confirmationSchema } from './contributions.js';
import { imageVariantsSchema, mediaUrlSchema } from './media.js';
import { consentSchema } from './privacy.js';

// Spec sections 3 ("Post", "New post payload", "userData", "influencerData"), 5 and 9.

export const POST_TITLE_MAX = 150;
export const POST_DESCRIPTION_MAX = 5000;
export const POST_MAX_IMAGES = 10;
export const POST_MAX_INVOICES = 5;
export const POST_MAX_PRODUCTS = 20;
export const POST_MAX_HASHTAGS = 30;
/** Influencer feed page size (spec section 9). */
export const FEED_PAGE_SIZE = 10;
/** Query and direct responses page size. */
export const RESPONSES_PAGE_SIZE = 10;
export const TOO_MANY_POST_LINKS_MESSAGE = `You can add at most ${MAX_POST_LINKS} links`;
export const POST_TYPES = ['IMAGE', 'VIDEO'] as const;

/**
 * What a post is, chosen on the add screen (spec section 4, persona selection). Posts made before
 * the add screen existed, and those from the review forms, are reviews.
 */
export const POST_KINDS = [
  'review',
  'review-thread',
  'experience',
  'service',
  'thread',
  'post',
  'requirement',
] as const;
export type PostKind = (typeof POST_KINDS)[number];

/**
 * Spec section 5: "health and fitness" gives #health-and-fitness, "animals & pets" gives
 * #animals-and-pets, "crafts & decor" gives #crafts-and-decor, others give # plus the category.
 * The three examples follow one rule (& becomes "and", spaces become hyphens), applied to every
 * category so that "home services" does not become a hashtag with a space in it.
 */
export function categoryHashtag(category: string): string {
  const slug = category
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .split(/\s+/)
    .filter(Boolean)
    .join('-');
  return `#${slug}`;
}

export const postLinkSchema = z.object({
  name: z.string().trim().max(100, 'Link name is too long').default(''),
  url: z
    .string()
    .trim()
    .min(1, 'Enter the link')
    .max(500, 'Link is too long')
    .transform(normalizeWebsite)
    .refine((u) => {
      try {
        const parsed = new URL(u);
        return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.includes('.');
      } catch {
        return false;
      }
    }, 'Enter a valid link'),
});
export type PostLinkInput = z.infer<typeof postLinkSchema>;
export const postLinksSchema = z.array(postLinkSchema).max(MAX_POST_LINKS, TOO_MANY_POST_LINKS_MESSAGE);

const indexedText = (max: number, label: string) =>
  z
    .array(
      z.object({
        index: z.coerce.number().int().min(0).max(100).default(0),
        value: z.string().max(max, `${label} must be at most ${max} characters`),
      }),
    )
    .max(POST_MAX_IMAGES + 1)
    .default([]);

const fileSchema = z.object({ name: z.string().trim().max(300).default(''), url: mediaUrlSchema });

/** A product tagged on an image (New post payload `products[]`); only `id` and `name` are trusted. */
export const taggedProductInputSchema = z.object({
  id: idSchema,
  name: z.string().trim().max(200).default(''),
  userId: idSchema.optional(),
  index: z.coerce.number().int().min(0).max(100).optional(),
  slideIndex: z.coerce.number().int().min(0).max(100).optional(),
  locationX: z.coerce.number().optional(),
  locationY: z.coerce.number().optional(),
  brandName: z.string().max(200).optional(),
  originalPrice: z.coerce.number().optional(),
  discountedPrice: z.coerce.number().optional(),
  productImage: z.string().max(2000).optional(),
  /** 1 to 5 stars for the product (issue 41): optional, as older clients send none. */
  rating: ratingSchema.optional(),
});

const latitudeSchema = z.coerce.number().min(-90).max(90);
const longitudeSchema = z.coerce.number().min(-180).max(180);

/** The spec's `userData`: only name, email and mobile are real; the placeholders are accepted and ignored. */
export const postUserDataSchema = z
  .object({
    name: personNameSchema,
    email: emailSchema,
    mobile: contactSchema,
  })
  .loose();

/** The spec's `influencerData`: only name, latitude, longitude and isService come from the user. */
export const postInfluencerDataSchema = z
  .object({
    name: z.string().trim().max(80).optional(),
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    isService: z.boolean().default(false),
  })
  .loose();

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

/** `POST inflncr/addReview`: the spec's New post payload. */
export const newPostSchema = z.object({
  slug: z.boolean().optional(),
  /** The privacy notice and "18 or older" box a visitor accepted (decision 040); optional for older clients. */
  consent: consentSchema.optional(),
  type: z.enum(POST_TYPES).default('IMAGE'),
  /** Not in the spec's payload: the add screen's activity (Add Experience, Add Requirement, ...). */
  kind: z.enum(POST_KINDS, { error: 'Choose what you are posting' }).default('review'),
  queryId: optionalId,
  description: indexedText(POST_DESCRIPTION_MAX, 'Description'),
  caption: indexedText(POST_TITLE_MAX, 'Title'),
  data: z.array(fileSchema).max(POST_MAX_IMAGES, `Add at most ${POST_MAX_IMAGES} images`).default([]),
  invoice: z
    .array(fileSchema)
    .max(POST_MAX_INVOICES, `Add at most ${POST_MAX_INVOICES} invoices`)
    .default([]),
  products: z
    .array(taggedProductInputSchema)
    .max(POST_MAX_PRODUCTS, `Tag at most ${POST_MAX_PRODUCTS} products`)
    .default([]),
  /** One object `{data: [...links], index: 0}`; an array holding it is accepted too. */
  links: z
    .preprocess(
      (v: unknown): unknown => (Array.isArray(v) ? ((v[0] as unknown) ?? { data: [] }) : v),
      z.object({ data: postLinksSchema.default([]), index: z.coerce.number().int().optional() }),
    )
    .default({ data: [] }),
  hashtags: z
    .array(z.string().trim().max(60, 'Hashtag is too long'))
    .max(POST_MAX_HASHTAGS, `Add at most ${POST_MAX_HASHTAGS} tags`)
    .default([]),
  location: z
    .array(
      z
        .object({
          latitude: latitudeSchema.nullish(),
          longitude: longitudeSchema.nullish(),
        })
        .loose(),
    )
    .max(POST_MAX_IMAGES + 1)
    .default([]),
  hashCategory: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v ? [v] : []) : v),
      z.array(z.string().trim().max(60)).max(20),
    )
    .default([]),
  storeUserId: optionalId,
  /** Not in the spec's payload, which names the brand only through its picker; sent by our form. */
  brandUserId: optionalId,
  /** The influencer or service provider a scoped review is about (`/addinfluencerreview/{id}`). */
  influencerId: optionalId,
  productId: optionalId,
  mentionPostId: optionalId,
  mentionInfId: optionalId,
  isPrivate: z.boolean().default(false),
  userData: postUserDataSchema,
  influencerData: postInfluencerDataSchema.default({ isService: false }),
});
export type NewPost = z.infer<typeof newPostSchema>;
export type NewPostInput = z.input<typeof newPostSchema>;

export const postMediaItemSchema = z.object({ url: z.string(), thumbnail: z.string() });
export const postProductSchema = z.object({
  name: z.string(),
  productID: z.string(),
  ordered: z.boolean(),
  /** The seller, for the review's Buy link; absent on posts stored before issue 22. */
  userId: z.string().optional(),
  /**
   * Set when the author bought it here (issue 41): the order's day (YYYY-MM-DD), or its month
   * (YYYY-MM) once the author's account is deleted or anonymised. `ordered` is true with it.
   */
  orderedOn: z.string().optional(),
  /** A moderator checked an uploaded invoice (the spec's Verify). */
  invoiceVerified: z.boolean().optional(),
  /** The author's 1 to 5 stars for it, when given. */
  rating: z.number().int().min(1).max(5).optional(),
});

/** A post as anyone may see it: the author's name only, never e-mail, mobile or invoices. */
export const publicPostSchema = z.object({
  _id: idSchema,
  infId: idSchema.nullable(),
  authorName: z.string(),
  /**
   * The store, brand or creator profile the post speaks for, when its author answered a question
   * asked of their own business ("Answered by Gopal Textiles"); absent otherwise.
   */
  answeredAs: z.string().optional(),
  type: z.enum(POST_TYPES),
  kind: z.enum(POST_KINDS),
  postData: z.object({
    _id: idSchema,
    data: z.array(postMediaItemSchema),
    /** Invoices are proof of purchase: empty unless the caller is ADMIN, TEAM or the post's author. */
    invoice: z.array(z.object({ url: z.string() })),
    caption: z.array(z.object({ value: z.string() })),
    desc: z.array(z.object({ value: z.string() })),
    links: z.array(z.object({ data: z.array(z.object({ name: z.string(), url: z.string() })) })),
    products: z.array(postProductSchema),
  }),
  hasInvoice: z.boolean(),
  hashtags: z.array(z.string()),
  categories: z.array(z.string()),
  storeUserId: idSchema.nullable(),
  brandUserId: idSchema.nullable(),
  influencerUserId: idSchema.nullable(),
  queryId: idSchema.nullable(),
  mentionInfId: idSchema.nullable(),
  mentionPostId: idSchema.nullable(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
  /** Widths of the smaller AVIF/WebP copies of its images, by image URL (decision 042). */
  imageVariants: imageVariantsSchema.optional(),
  /**
   * The question the post answers, on the single post's page only (lists leave it out): its words
   * and the store, brand or creator it was asked of.
   */
  question: z
    .object({
      _id: idSchema,
      search: z.string(),
      scope: z.enum(QUERY_SCOPES),
      scopeUserId: idSchema.nullable(),
      scopeName: z.string().nullable(),
    })
    .optional(),
  /** Only for the author and moderators, when a moderator hid or removed the post (decision 027). */
  moderation: z.object({ state: z.enum(['hidden', 'removed']), reason: z.string() }).optional(),
  /** How many proven accounts found it helpful (issue 41). */
  helpfulVotes: z.number().int(),
  /** Present when the question's asker accepted this answer ("Accepted by the asker"). */
  acceptedByAsker: z.literal(true).optional(),
  /** The tagged store's, brand's or creator's public reply under the review. */
  reply: reviewReplySchema.optional(),
  /** Honest labels from orders and the ledger ("Earns from sales through this review"); absent when none. */
  labels: z.array(z.enum(REVIEW_LABELS)).optional(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;
export type PostQuestion = NonNullable<PublicPost['question']>;

/**
 * The name an answer speaks for: the profile the question was asked of, when the person answering
 * owns it ("Answered by Gopal Textiles", not the name of whoever typed it). Null for anyone else's
 * answer and for questions asked of nobody in particular.
 */
export function businessAnsweringAs(question: PostQuestion, authorId: string): string | null {
  if (question.scope === 'anything' || question.scopeUserId !== authorId) return null;
  return question.scopeName;
}

/** The title and description the spec keeps at index 0 of `caption` and `desc`. */
export const postTitle = (p: Pick<PublicPost, 'postData'>) => p.postData.caption[0]?.value ?? '';
export const postDescription = (p: Pick<PublicPost, 'postData'>) => p.postData.desc[0]?.value ?? '';

export const postResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: publicPostSchema,
});

/** A page of posts; `next` continues after the last one (keyset), null on the last page. */
export const postPageResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(publicPostSchema),
  next: cursorSchema.nullable(),
});
export type PostPage = z.infer<typeof postPageResponseSchema>;

export const moderationPageResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(publicPostSchema),
  hasMore: z.boolean(),
});
export type ModerationPage = z.infer<typeof moderationPageResponseSchema>;

export const addReviewResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  postId: idSchema,
  infId: idSchema,
  postDetails: z.object({
    Data: z.object({
      /** The address the poster typed, echoed to them; never another person's. */
      email: z.string(),
      postData: publicPostSchema.shape.postData,
    }),
  }),
  /** For a new visitor account: where its one-time password was sent (never the password). */
  passwordSentTo: z.string().optional(),
  /** Sent with an existing account's contact: the post waits for the code sent to that account. */
  confirmation: confirmationSchema.optional(),
});
export type AddReviewResponse = z.infer<typeof addReviewResponseSchema>;

export const feedParamsSchema = z.object({
  page: z.coerce.number().int().min(1, 'Page starts at 1').max(100_000),
  limit: z.coerce.number().int().min(1).max(1000),
});
export const feedQuerySchema = z.object({ after: cursorSchema.optional() });

/** A page of the reviews about one profile or product, by number or by the cursor of the last page. */
export const taggedPostsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FEED_PAGE_SIZE),
  after: cursorSchema.optional(),
  /** "helpful": most helpful first (weighed votes), by page; the newest first otherwise (issue 41). */
  sort: z.enum(REVIEW_SORTS).default('newest'),
});

/** The moderators' list (`/moderatereviews`), paged from 1. */
export const MODERATION_PAGE_SIZE = 10;
export const moderationParamsSchema = z.object({
  page: z.coerce.number().int().min(1, 'Page starts at 1').max(100_000),
  limit: z.coerce.number().int().min(1).max(100),
});

export const influencerPostsParamsSchema = feedParamsSchema.extend({ id: idSchema });

/** `POST inflncr/updatePostDetWeb`: mark products of a post as ordered (the moderator's Verify). */
export const verifyProductsSchema = z.object({
  postId: idSchema,
  inflncrId: idSchema.optional(),
  products: z
    .array(z.object({ productID: idSchema }).loose())
    .min(1, 'Choose a product to verify')
    .max(POST_MAX_PRODUCTS),
  /** False takes the mark back (a moderator's undo, issue 39); absent or true verifies, as the spec's clients send. */
  ordered: z.boolean().optional(),
});
export type VerifyProducts = z.infer<typeof verifyProductsSchema>;

export const publicInfluencerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  isService: z.boolean(),
  categories: z.array(z.string()),
});
export type PublicInfluencer = z.infer<typeof publicInfluencerSchema>;
export const influencerResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: publicInfluencerSchema,
});
export const influencersResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(publicInfluencerSchema),
});

/** The add-review form (spec: Query/review form), parsed by the form and turned into a New post. */
export const reviewFormSchema = z.object({
  name: personNameSchema,
  contactNum: contactSchema,
  emailId: emailSchema,
  title: z.string().trim().max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(POST_DESCRIPTION_MAX, `Description must be at most ${POST_DESCRIPTION_MAX} characters`),
  links: postLinksSchema,
});
export type ReviewForm = z.input<typeof reviewFormSchema>;
