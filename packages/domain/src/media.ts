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

/**
 * What a visitor without an account may upload: review and applicant images (the browser sends
 * them compressed to 1 MB) and invoice PDFs (decision 023), never videos.
 */
export const ANONYMOUS_UPLOAD_LIMIT = 2 * 1024 * 1024;

/** Same characters as the storage providers allow in a key: no `..`, no empty segment. */
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Where our storage serves files besides the same-origin `/media/`; null until the server says. */
let mediaBases: readonly string[] | null = null;

/**
 * The server names the public bases of its storage (`https://cdn.example.com/`, `<PUBLIC_URL>/media/`)
 * at start-up. A browser cannot know them, so until this is called any http(s) address whose path
 * looks like a storage key passes here and the server, which knows, decides.
 */
export function setMediaBases(bases: readonly string[]): void {
  mediaBases = bases.map((b) => (b.endsWith('/') ? b : `${b}/`));
}

const isKey = (rest: string) => STORAGE_KEY.test(rest) && !rest.split('/').includes('..');

/** True for a file of our own storage: `/media/<key>` or `<storage base><key>`, nothing else. */
export function isOwnMediaUrl(url: string): boolean {
  if (url.startsWith('/')) return url.startsWith('/media/') && isKey(url.slice('/media/'.length));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return false;
  // Compare the normalised form so `/media/../x` or a percent-encoded host cannot slip by.
  if (parsed.href !== url) return false;
  if (mediaBases === null) return isKey(parsed.pathname.slice(1));
  return mediaBases.some((base) => url.startsWith(base) && isKey(url.slice(base.length)));
}

export const MEDIA_URL_MESSAGE = 'Upload the file again: only files uploaded here can be used';

/** A link to an uploaded file, as forms send it back: only addresses of our own storage. */
export const mediaUrlSchema = z
  .string()
  .trim()
  .min(1, 'Upload the file again')
  .max(2000, 'File address is too long')
  .refine(isOwnMediaUrl, MEDIA_URL_MESSAGE);

/** An uploaded file as a form sends it. */
export const mediaSchema = z.object({
  name: z.string().min(1).max(300),
  url: mediaUrlSchema,
  type: mediaTypeSchema,
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * An uploaded file as the server sends it out. Not checked against the storage bases: a record
 * written before the storage moved must still be readable.
 */
export const storedMediaSchema = z.object({
  name: z.string(),
  url: z.string(),
  type: mediaTypeSchema,
});

/** The largest per-type limit: what the server reads of any upload before giving up. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS));

/** Longest side of a stored image; larger images are scaled down to fit. */
export const MAX_IMAGE_SIDE = 1920;

export const UNSUPPORTED_UPLOAD_MESSAGE =
  'Unsupported file type: upload an image (JPEG, PNG, WebP), a video (MP4, MOV) or a PDF';

export function uploadTooLargeMessage(type: MediaType): string {
  return `File is too large: the limit is ${Math.round(UPLOAD_LIMITS[type] / (1024 * 1024))} MB`;
}

/** `POST /api/media/upload` answers 201 with the stored file; `name` is its storage key. */
export const uploadMediaResponseSchema = envelope(storedMediaSchema);
export type UploadMediaResponse = z.infer<typeof uploadMediaResponseSchema>;

/**
 * Smaller copies of a stored image, made in the background after the upload has answered: AVIF
 * and WebP at each of these widths not larger than the image. Their URLs are the original's plus
 * `.w<width>.<format>`; answers list the widths made (`imageVariants`), so a page asks only for
 * copies that exist and falls back to the original.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** The widths made for an image `width` pixels wide: never an enlargement. */
export function imageVariantWidths(width: number): number[] {
  return IMAGE_VARIANT_WIDTHS.filter((w) => w <= width);
}

/** `…/ab12.webp` → `…/ab12.webp.w640.avif`: for a storage key or a URL alike. */
export function imageVariantUrl(url: string, width: number, format: ImageVariantFormat): string {
  return `${url}.w${width}.${format}`;
}

/** Original image URL → the variant widths that exist for it; images without any are left out. */
export const imageVariantsSchema = z.record(z.string(), z.array(z.number().int()));
export type ImageVariants = z.infer<typeof imageVariantsSchema>;
