/**
 * How a stored file reaches a browser. Raster images and video are shown in pages, so they are
 * served inline; anything else (PDF invoices, and whatever a future upload type or an operator's
 * copy puts there) can carry script, so it is a download: `attachment`, and a CSP sandbox in case
 * a browser renders it anyway. A PDF opened inline from our origin would run its JavaScript there.
 */
const INLINE_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
};
const INLINE_MIMES = new Set(Object.values(INLINE_TYPES));

export const DOWNLOAD_CSP = "sandbox; default-src 'none'";

/** By the stored key's extension: the content type the local server sends comes from it too. */
export function isInlineKey(key: string): boolean {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return ext !== undefined && ext in INLINE_TYPES;
}

export function isInlineType(contentType: string): boolean {
  return INLINE_MIMES.has(contentType.split(';', 1)[0]!.trim().toLowerCase());
}

/** `attachment; filename="<last segment>"`; keys hold only [A-Za-z0-9._-], so no quoting is needed. */
export function attachmentDisposition(key: string): string {
  const name = key.split('/').pop() ?? 'download';
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
