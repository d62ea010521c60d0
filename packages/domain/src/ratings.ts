import { z } from './zod.js';
import { idSchema } from './ids.js';

// Reviews people can trust (issue 41): stars, and the purchase mark a tagged product carries.

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_MESSAGE = 'Choose 1 to 5 stars';

/** 1 to 5 whole stars. */
export const ratingSchema = z.coerce
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(RATING_MIN, RATING_MESSAGE)
  .max(RATING_MAX, RATING_MESSAGE);

/**
 * How a tagged product's purchase is known: bought here (the order says so), shown by an invoice a
 * moderator checked, or not at all.
 */
export type PurchaseMark = 'order' | 'invoice' | 'none';

/** A tagged product's purchase facts, as a post stores them. */
export interface PurchaseFacts {
  ordered: boolean;
  orderedOn?: string | undefined;
  invoiceVerified?: boolean | undefined;
}

export function purchaseMarkOf(p: PurchaseFacts): PurchaseMark {
  if (p.orderedOn) return 'order';
  return p.ordered ? 'invoice' : 'none';
}

// Before issue 41 only a moderator's invoice check set `ordered`, so an older mark is an invoice's.
const invoiceChecked = (p: PurchaseFacts) => p.invoiceVerified ?? (p.ordered && !p.orderedOn);

/** Marked bought here, on the order's day; an invoice check it had is kept beside it. */
export function markedByOrder<P extends PurchaseFacts>(p: P, orderedOn: string): P {
  return { ...p, ordered: true, orderedOn, ...(invoiceChecked(p) ? { invoiceVerified: true } : {}) };
}

/** Its order refunded in full: the mark goes, unless a moderator checked an invoice too. */
export function withoutOrder<P extends PurchaseFacts>(p: P): P {
  const { orderedOn: _gone, ...rest } = p;
  return { ...rest, ordered: invoiceChecked(p) } as P;
}

/** A moderator's Verify (true) or Undo (false) of the invoice; an order's mark stays either way. */
export function markedByInvoice<P extends PurchaseFacts>(p: P, checked: boolean): P {
  return { ...p, invoiceVerified: checked, ordered: checked || !!p.orderedOn };
}

/** Of an account deleted or anonymised: the order's month stays, its day goes (decision 040). */
export function orderedMonthOnly<P extends PurchaseFacts>(p: P): P {
  return p.orderedOn ? { ...p, orderedOn: p.orderedOn.slice(0, 7) } : p;
}

/** At least this many ratings before their shape is judged. */
export const J_SHAPE_MIN_RATINGS = 20;
/** More than this share of 1- and 5-star ratings is the J shape of a few loud extremes. */
export const J_SHAPE_SHARE = 0.8;

export const ratingSummarySchema = z.object({
  /** Public reviews of it, and how many of them are verified purchases (by order or invoice). */
  reviews: z.number().int(),
  verifiedReviews: z.number().int(),
  /** Those with stars, and the verified ones among them. */
  ratings: z.number().int(),
  verifiedRatings: z.number().int(),
  /** Mean stars to one decimal; null without ratings. */
  average: z.number().nullable(),
  verifiedAverage: z.number().nullable(),
  /** Five rows, 5 stars first: how many ratings gave each, and how many of those are verified. */
  histogram: z.array(
    z.object({ stars: z.number().int(), ratings: z.number().int(), verified: z.number().int() }),
  ),
  /** More than 80% of at least 20 ratings are 1 or 5 stars. */
  jShaped: z.boolean(),
  /** The day (in India) most of its reviews came, when that was a burst (see isBurst); else null. */
  burst: z.object({ day: z.string(), reviews: z.number().int() }).nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const ratingSummaryResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: ratingSummarySchema,
});

/** One kept count: reviews with `stars` (0 for none), verified or not. */
export interface RatingCount {
  stars: number;
  verified: boolean;
  reviews: number;
}

const mean = (sum: number, count: number) => (count ? Math.round((sum / count) * 10) / 10 : null);

/** At least this many reviews on one day... */
export const BURST_MIN_REVIEWS = 10;
/** ...and more than this share of all of them, is a burst worth saying. */
export const BURST_SHARE = 0.25;

export function isBurst(dayReviews: number, allReviews: number): boolean {
  return dayReviews >= BURST_MIN_REVIEWS && dayReviews > BURST_SHARE * allReviews;
}

export function summariseRatings(
  counts: readonly RatingCount[],
  /** The busiest day's reviews, from review_day_counts. */
  busiest: { day: string; reviews: number } | null = null,
): RatingSummary {
  const histogram = [5, 4, 3, 2, 1].map((stars) => {
    const of = counts.filter((c) => c.stars === stars);
    return {
      stars,
      ratings: of.reduce((n, c) => n + c.reviews, 0),
      verified: of.filter((c) => c.verified).reduce((n, c) => n + c.reviews, 0),
    };
  });
  const total = (rows: readonly RatingCount[]) => rows.reduce((n, c) => n + c.reviews, 0);
  const ratings = histogram.reduce((n, h) => n + h.ratings, 0);
  const verifiedRatings = histogram.reduce((n, h) => n + h.verified, 0);
  const extremes = histogram.filter((h) => h.stars === 1 || h.stars === 5).reduce((n, h) => n + h.ratings, 0);
  return {
    reviews: total(counts),
    verifiedReviews: total(counts.filter((c) => c.verified)),
    ratings,
    verifiedRatings,
    average: mean(
      histogram.reduce((n, h) => n + h.stars * h.ratings, 0),
      ratings,
    ),
    verifiedAverage: mean(
      histogram.reduce((n, h) => n + h.stars * h.verified, 0),
      verifiedRatings,
    ),
    histogram,
    jShaped: ratings >= J_SHAPE_MIN_RATINGS && extremes > J_SHAPE_SHARE * ratings,
    burst: busiest && isBurst(busiest.reviews, total(counts)) ? busiest : null,
  };
}

export const productRatingsParamsSchema = z.object({ productId: idSchema });
export const storeRatingsParamsSchema = z.object({ userId: idSchema });

/** A business's public reply under a review of it. */
export const reviewReplySchema = z.object({
  text: z.string(),
  /** The store, brand or creator it speaks for. */
  repliedAs: z.string(),
  createdAt: z.string(),
  /** When last changed (its earlier texts are kept); null if never. */
  editedAt: z.string().nullable(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const REPLY_MAX = 2000;

/** The reply as written by the business (PUT: a first reply or an edit of it). */
export const replyRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write your reply')
    .max(REPLY_MAX, `Your reply can be at most ${REPLY_MAX} characters`),
});
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

export const postIdParamsSchema = z.object({ postId: idSchema });

/** A vote's answer: the post's count now, and whether the caller's vote is on it. */
export const helpfulVoteResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({ postId: idSchema, helpfulVotes: z.number().int(), voted: z.boolean() }),
});

/** Which of these posts the caller found helpful (the vote buttons' first state). */
export const myVotesQuerySchema = z.object({
  ids: z
    .string()
    .max(25 * 30, 'Ask for at most 30 posts')
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(idSchema).max(30, 'Ask for at most 30 posts')),
});
export const myVotesResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({ voted: z.array(idSchema) }),
});

/** The asker accepts (true) or takes back (false) an answer. */
export const acceptAnswerSchema = z.object({ accepted: z.boolean() });
export const acceptAnswerParamsSchema = z.object({ queryId: idSchema, postId: idSchema });

export const replyResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: reviewReplySchema,
});

/** "Most helpful" first, or the newest (the product page's two orders). */
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * Labels a review carries from facts, never from its author (issue 41): a sale through it paid its
 * author a referral reward, or its author got the product free.
 */
export const REVIEW_LABELS = ['earns-from-sales', 'received-free'] as const;
export type ReviewLabel = (typeof REVIEW_LABELS)[number];

/** Fewer words than this are said by many people alike ("Good product"): not compared. */
export const SAME_TEXT_MIN_WORDS = 8;

/**
 * A review's words as compared across authors (issue 41): lower case, letters and digits only, one
 * space between words; null when too short to mean anything when repeated.
 */
export function reviewTextKey(title: string, description: string): string | null {
  const words = `${title} ${description}`
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length >= SAME_TEXT_MIN_WORDS ? words.join(' ') : null;
}

/** What moderators see of an author's reviews (issue 41): the same signals the pages show, per author. */
export const authorIntegritySchema = z.object({
  reviews: z.number().int(),
  verifiedReviews: z.number().int(),
  /** How many of the stars they gave were 1, 2, ... 5 (index 0 is 1 star). */
  starsGiven: z.array(z.number().int()),
  /** Their busiest day and its reviews; null without reviews. */
  busiestDay: z.object({ day: z.string(), reviews: z.number().int() }).nullable(),
  burst: z.boolean(),
  /** More than 80% of at least 20 of their ratings are 1 or 5 stars. */
  jShaped: z.boolean(),
  /** Their reviews whose words another author's review has too. */
  sameTextReviews: z.number().int(),
});
export type AuthorIntegrity = z.infer<typeof authorIntegritySchema>;

export const authorIntegrityResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: authorIntegritySchema,
});
