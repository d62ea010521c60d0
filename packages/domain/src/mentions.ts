import { z } from './zod.js';
import { idSchema } from './ids.js';
import { paginationSchema } from './paging.js';
import { publicPostSchema } from './posts.js';

export const MENTION_KINDS = ['store', 'brand', 'influencer', 'service'] as const;
export const mentionKindSchema = z.enum(MENTION_KINDS);
export type MentionKind = z.infer<typeof mentionKindSchema>;

/** Mentions (tags) shown on each page: "mentions 3" in spec section 9, larger lists by request. */
export const MENTIONS_PAGE_SIZE = 3;

/** A tag of a post to a profile, with the post that was tagged (`sourcePost`) and the tagger's post. */
export const publicMentionSchema = z.object({
  _id: idSchema,
  kind: mentionKindSchema,
  taggedUserId: idSchema,
  productId: idSchema.nullable(),
  sourcePost: publicPostSchema,
  post: publicPostSchema.nullable(),
  collections: z.array(z.string()),
  createdAt: z.string(),
});
export type PublicMention = z.infer<typeof publicMentionSchema>;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

/**
 * The mention listings. The spec's clients send `storeEmail` (from routes like
 * `/validatedstorereviews/{id}/{email}`); looking profiles up by e-mail would let anyone test
 * whether an address belongs to a store, so profiles are identified by id only and `storeEmail`
 * is ignored.
 */
export const mentionListRequestSchema = z
  .object({
    userId: optionalId,
    storeUserId: optionalId,
    storeEmail: z.string().max(254).optional(),
    pagination: paginationSchema(20, 100),
  })
  .loose();
export type MentionListRequest = z.infer<typeof mentionListRequestSchema>;

export const mentionListResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  Data: z.array(publicMentionSchema),
});

/** `POST mention/getMyItems`: the mentions of one influencer's posts, a few at a time. */
export const myItemsRequestSchema = z.object({
  pagination: paginationSchema(MENTIONS_PAGE_SIZE, 50),
  collection: z.string().trim().max(60).default('mentions'),
  infId: idSchema,
  postId: optionalId,
});
export type MyItemsRequest = z.infer<typeof myItemsRequestSchema>;

export const myItemsResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({
    collections: z.array(
      z.object({
        name: z.string(),
        savedItems: z.array(
          z.object({
            _id: idSchema,
            kind: mentionKindSchema,
            taggedUserId: idSchema,
            /** The tagged store's, brand's or creator's name; null once its account is gone. */
            taggedName: z.string().nullable(),
            pinObj: z.object({
              postData: publicPostSchema.shape.postData,
              infId: idSchema.nullable(),
              _id: idSchema,
            }),
            createdAt: z.string(),
          }),
        ),
      }),
    ),
  }),
});
