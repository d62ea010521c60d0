import type { ImageVariants } from '@app/domain';
import type { Database } from '../../db/client.js';
import { variantWidthsOf } from './media.repository.js';

/**
 * The path suffixes a stored file's key may be: `/media/images/2026/11/ab.webp` or
 * `https://cdn.example.com/bucket/images/2026/11/ab.webp` end with their key, whatever the base.
 */
function keyCandidates(url: string): string[] {
  let path = url;
  try {
    path = new URL(url, 'http://local').pathname.slice(1);
  } catch {
    return [];
  }
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(i).join('/')).filter((k) => k.includes('/'));
}

/**
 * For the answers that carry image URLs (store, product and post pages): which of them have
 * smaller copies, and at which widths. URLs of images without any are left out, so a page
 * falls back to the original alone.
 */
export async function imageVariantsOf(db: Database, urls: Iterable<string>): Promise<ImageVariants> {
  const candidates = new Map<string, string[]>();
  for (const url of new Set(urls)) if (url) candidates.set(url, keyCandidates(url));
  const found = await variantWidthsOf(db, [...new Set([...candidates.values()].flat())]);
  const variants: ImageVariants = {};
  for (const [url, keys] of candidates) {
    const key = keys.find((k) => found.has(k) && url.endsWith(k));
    if (key) variants[url] = [...found.get(key)!].sort((a, b) => a - b);
  }
  return variants;
}
