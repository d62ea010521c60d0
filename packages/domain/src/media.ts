import { z } from './zod.js';
import { envelope } from './envelope.js';

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

/** The largest per-type limit: what the server reads of any upload before giving up. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS));

/** Longest side of a stored image; larger images are scaled down to fit. */
export const MAX_IMAGE_SIDE = 1920;

export const UNSUPPORTED_UPLOAD_MESSAGE =
  'Unsupported file type: upload an image (JPEG, PNG, WebP), a video (MP4, WebM) or a PDF';

export function uploadTooLargeMessage(type: MediaType): string {
  return `File is too large: the limit is ${Math.round(UPLOAD_LIMITS[type] / (1024 * 1024))} MB`;
}

/** `POST /api/media/upload` answers 201 with the stored file; `name` is its storage key. */
export const uploadMediaResponseSchema = envelope(mediaSchema);
export type UploadMediaResponse = z.infer<typeof uploadMediaResponseSchema>;
