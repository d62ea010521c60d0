import { z } from './zod.js';
import { envelope } from './envelope.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { SEARCH_KIND_LABELS } from './texts/search.js';

// The one search in the header (issue 22, decision 024): posts, queries, products and stores.

export const SEARCH_KINDS = ['posts', 'queries', 'products', 'stores'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

// The longest search text: in constants, which the landing page's script takes without zod.
import { SEARCH_TEXT_MAX } from './constants.js';
export { SEARCH_TEXT_MAX };
/** Results per group when every kind is shown at once, and per page of one kind. */
export const SITE_SEARCH_GROUP_LIMIT = 5;
export const SITE_SEARCH_PAGE_LIMIT = 20;

export const siteSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type what you are looking for' })
    .trim()
    .min(1, 'Type what you are looking for')
    .max(SEARCH_TEXT_MAX, `Search with at most ${SEARCH_TEXT_MAX} characters`),
  kind: z
    .enum(['all', ...SEARCH_KINDS], { error: 'Kind must be all, posts, queries, products or stores' })
    .default('all'),
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(50, 'Page must be at most 50')
    .default(1),
});
export type SiteSearchQuery = z.infer<typeof siteSearchQuerySchema>;

/** One result as a list shows it: never anyone's e-mail or mobile. */
export const searchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** A short piece of the text (a post's description, a store's area and city...). */
  snippet: z.string(),
  /** The first photo (or a video's still), null when there is none. */
  image: z.string().nullable(),
  /** The web page of the result, a path such as `/product/{id}`. */
  link: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  items: z.array(searchResultSchema),
  /** More results of this kind exist past this group or page. */
  hasMore: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const siteSearchResponseSchema = envelope(
  z.object({
    q: z.string(),
    kind: z.enum(['all', ...SEARCH_KINDS]),
    page: z.number().int(),
    /** In the order posts, queries, products, stores; only the asked kind when one is given. */
    groups: z.array(searchGroupSchema),
    /**
     * When `q` found nothing and a word of it was likely misspelt: the corrected text, whose
     * results `groups` then are ("nimbas" -> "nimbus"). Null otherwise.
     */
    didYouMean: z.string().nullable(),
  }),
);
export type SiteSearchResponse = z.infer<typeof siteSearchResponseSchema>;

/** How many suggestions the header's search box lists while typing. */
export const SEARCH_SUGGESTION_LIMIT = 6;

export const searchSuggestQuerySchema = siteSearchQuerySchema.pick({ q: true });

/**
 * A suggestion while typing (issue 39): a store or product to open, or the corrected words to
 * search for when a word was likely misspelt ("nimbas" -> "nimbus").
 */
export const searchSuggestionSchema = z.object({
  kind: z.enum(['correction', 'store', 'product']),
  /** What the list shows: a name, or the corrected words. */
  text: z.string(),
  /** For a store, its area and city; for a product, its brand and price. */
  detail: z.string(),
  /** The page it opens: the store's or product's, or the search for the corrected words. */
  link: z.string(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestResponseSchema = envelope(
  z.object({ q: z.string(), suggestions: z.array(searchSuggestionSchema) }),
);
export type SearchSuggestResponse = z.infer<typeof searchSuggestResponseSchema>;
