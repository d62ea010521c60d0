import { z } from 'zod';

export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'FILE'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof mediaTypeSchema>;

/** Server-side limits; the browser compresses images to 1 MB first, the server still checks. */
export const UPLOAD_LIMITS = {
  IMAGE: 10 * 1024 * 1024,
  VIDEO: 100 * 1024 * 1024,
  FILE: 10 * 1024 * 1024,
} as const satisfies Record<MediaType, number>;

export const mediaSchema = z.object({
  name: z.string().min(1).max(300),
  url: z.string().min(1).max(2000),
  type: mediaTypeSchema,
});
export type Media = z.infer<typeof mediaSchema>;
