import { z } from './zod.js';

/**
 * The languages the product speaks (issue 26). English is the spec's own text and the default for
 * everyone, including existing mobile clients; Hindi is chosen by a person (remembered on their
 * account) or asked for by a client with `Accept-Language: hi`.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const languageSchema = z.enum(LANGUAGES);

/** The Intl locale each language formats dates, numbers and rupees with (₹1,00,000 grouping in both). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/**
 * The time zone of pages drawn on the server, which cannot know the visitor's: the product's
 * people are in India. The browser takes such a page over in this zone, then shows its own.
 */
export const DRAWN_PAGE_TIME_ZONE = 'Asia/Kolkata';
/** Its offset from UTC, all year round (India keeps no summer time): UTC+05:30. */
export const DRAWN_PAGE_UTC_OFFSET_MINUTES = 330;

/** A signed-in person's saved choice: `PATCH /api/users/me/preferences`. */
export const preferencesRequestSchema = z.object({ language: languageSchema });
export type PreferencesRequest = z.infer<typeof preferencesRequestSchema>;

/**
 * The language of an `Accept-Language` header: Hindi only when the client ranks `hi` (or `hi-IN`)
 * above every English tag; anything else, malformed or absent, is English.
 */
export function languageOfAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (primary !== 'hi' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
