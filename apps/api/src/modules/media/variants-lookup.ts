import type { ImageVariants } from '@app/domain';
import type { Database } from '../../db/client.js';
import { variantWidthsOf } from './media.repository.js';

/**
 * Image URL → widths of its copies, once they are settled (made, or failed: none), or none for a
 * URL that is no stored file (a link from before uploads were ours: no copies will ever be made
 * for it, as every upload has its row before its URL is handed out). They never change after that,
 * so the hot reads (a store's page, a product) look them up once per process and stay at their one
 * statement afterwards. Bounded; the oldest entries go first.
 */
const settled = new WeakMap<Database, Map<string, readonly number[]>>();
const MAX_SETTLED = 20_000;

/**
 * The path suffixes a stored file's key may be: `/media/images/2026/11/ab.webp` or
 * `https://cdn.example.com/bucket/images/2026/11/ab.webp` end with their key, whatever the base.
 */
function keyCandidates(url: string): string[] {
  let path: string;
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
  let known = settled.get(db);
  if (!known) settled.set(db, (known = new Map<string, readonly number[]>()));
  const candidates = new Map<string, string[]>();
  for (const url of new Set(urls)) if (url && !known.has(url)) candidates.set(url, keyCandidates(url));
  const found = await variantWidthsOf(db, [...new Set([...candidates.values()].flat())]);
  for (const [url, keys] of candidates) {
    const key = keys.find((k) => found.has(k) && url.endsWith(k));
    const widths = key === undefined ? [] : found.get(key);
    // Still being made: asked again next time.
    if (!widths) continue;
    if (known.size >= MAX_SETTLED) known.delete(known.keys().next().value!);
    known.set(
      url,
      [...widths].sort((a, b) => a - b),
    );
  }
  const variants: ImageVariants = {};
  for (const url of new Set(urls)) {
    const widths = known.get(url);
    if (widths && widths.length > 0) variants[url] = [...widths];
  }
  return variants;
}
