import { z } from './zod.js';
import { idSchema } from './ids.js';
import { mediaUrlSchema } from './media.js';
import { POST_DESCRIPTION_MAX, POST_MAX_IMAGES, POST_TITLE_MAX } from './posts.js';
import { ratingSchema } from './ratings.js';

// The review an order asks for (issue 41): once delivered (or paid at the door), the buyer's
// message links to a form already tied to the order and its product. The link's key proves the
// holder got that message; signed in as the buyer, no key is needed.

export const WRITE_YOUR_REVIEW = 'Write your review';

/** A review key as the server makes them: base64url. */
export const reviewKeySchema = z
  .string()
  .trim()
  .max(100, 'The review link is not valid')
  .regex(/^[A-Za-z0-9_-]*$/, 'The review link is not valid');

export const orderReviewParamsSchema = z.object({ orderId: idSchema });
export const orderReviewQuerySchema = z.object({ key: reviewKeySchema.default('') });

/** What the form shows of the order: nothing the buyer has to type again. */
export const orderToReviewSchema = z.object({
  orderId: idSchema,
  orderNumber: z.string(),
  productId: idSchema,
  productName: z.string(),
  /** The product's first image, '' without one. */
  productImage: z.string(),
  sellerUserId: idSchema,
  storeName: z.string(),
  /** The order's day in India (YYYY-MM-DD). */
  orderedOn: z.string(),
  /** The name the review will carry: the buyer account's. */
  authorName: z.string(),
  /** Delivered (or paid at the door) and not refunded in full: only then may it be reviewed. */
  reviewable: z.boolean(),
  /**
   * Why not, when it is not and has no review: not delivered yet, or its payment is not there (not
   * paid, or refunded in full).
   */
  waitsFor: z.enum(['delivery', 'payment']).nullable(),
  /** The review this order already made, if any: one per order. */
  review: z.object({ postId: idSchema, infId: idSchema }).nullable(),
});
export type OrderToReview = z.infer<typeof orderToReviewSchema>;

export const orderToReviewResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: orderToReviewSchema,
});

/** The review sent from that form. */
export const orderReviewSchema = z
  .object({
    key: reviewKeySchema.default(''),
    rating: ratingSchema,
    title: z.string().trim().max(POST_TITLE_MAX, `Title: at most ${POST_TITLE_MAX} characters`).default(''),
    description: z
      .string()
      .trim()
      .max(POST_DESCRIPTION_MAX, `Description: at most ${POST_DESCRIPTION_MAX} characters`)
      .default(''),
    data: z
      .array(z.object({ name: z.string().trim().max(300).default(''), url: mediaUrlSchema }))
      .max(POST_MAX_IMAGES, `Add at most ${POST_MAX_IMAGES} images`)
      .default([]),
    isPrivate: z.boolean().default(false),
  })
  .refine((r) => r.title !== '' || r.description !== '', {
    message: WRITE_YOUR_REVIEW,
    path: ['description'],
  });
export type OrderReview = z.infer<typeof orderReviewSchema>;
export type OrderReviewInput = z.input<typeof orderReviewSchema>;

export const orderReviewResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.object({ postId: idSchema, infId: idSchema }),
});
