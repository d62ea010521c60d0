import {
  rupeesText,
  SEARCH_SUGGESTION_LIMIT,
  type SearchSuggestion,
  SITE_SEARCH_GROUP_LIMIT,
  SEARCH_KINDS,
  SITE_SEARCH_PAGE_LIMIT,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
  type SiteSearchQuery,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { SEARCH_RESULTS_CHANGED, type CacheBus } from '../../lib/cache-bus.js';
import { searchTerms, termsMatch } from '../../lib/full-text.js';
import { searchPosts, searchWindowSince, type PostMatch } from '../posts/post-reads.js';
import * as repo from './search.repository.js';
import { createTtlCache } from '../../lib/ttl-cache.js';

const SNIPPET_MAX = 160;
const TITLE_MAX = 90;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const seg = encodeURIComponent;

/** The web pages of results (apps/web/src/lib/routes.ts builds the same paths). */
const links = {
  post: (authorId: string, postId: string) => `/post/${seg(authorId)}/${seg(postId)}`,
  /** The question's own page (issue 39), with its answers and "Answer this question". */
  query: (id: string) => `/question/${seg(id)}`,
  product: (id: string) => `/product/${seg(id)}`,
  store: (userId: string) => `/viewstore/true/${seg(userId)}`,
};

const firstImage = (media: ReadonlyArray<{ url: string; thumbnail?: string; type?: string }>) => {
  const first = media.find((m) => m.type !== 'FILE');
  return first ? first.thumbnail || first.url : null;
};

/** A product's line under its name: brand and model, price in Indian figures, and who sells it. */
function productSnippet(p: { brand: string; model: string; price: number; seller: string | null }) {
  return [
    [p.brand, p.model].filter(Boolean).join(' '),
    p.price > 0 ? rupeesText(p.price) : '',
    p.seller ? `Sold by ${p.seller}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

type Finder = (db: Database, values: repo.SearchValues) => Promise<SearchResult[]>;

// Each kind's rows as results; the rows come from the kind's own statement (one kind's page) or
// from the one statement of every kind (repo.searchEverything).
const asResults = {
  posts: (rows: ReadonlyArray<PostMatch>): SearchResult[] =>
    rows
      .filter((r) => r.authorId && !r.isPrivate && !r.awaitingConfirmation)
      .map((r) => ({
        id: r.id,
        title: clip(r.title || r.description || `A post by ${r.authorName}`, TITLE_MAX),
        snippet: clip(r.title ? r.description : '', SNIPPET_MAX),
        image: firstImage(r.media),
        link: links.post(r.authorId!, r.id),
      })),
  queries: (rows: Awaited<ReturnType<typeof repo.searchQueries>>): SearchResult[] =>
    rows.map((r) => ({
      id: r.id,
      title: clip(r.text, TITLE_MAX),
      snippet: 'Answer this query',
      image: null,
      link: links.query(r.id),
    })),
  products: (rows: Awaited<ReturnType<typeof repo.searchProducts>>): SearchResult[] =>
    rows.map((r) => ({
      id: r.id,
      title: clip(r.name, TITLE_MAX),
      snippet: productSnippet(r),
      image: firstImage(r.media),
      link: links.product(r.id),
    })),
  stores: (rows: Awaited<ReturnType<typeof repo.searchStores>>): SearchResult[] =>
    rows.map((r) => ({
      id: r.userId,
      title: clip(r.name, TITLE_MAX),
      snippet: [r.area, r.city].filter(Boolean).join(', '),
      image: firstImage(r.media),
      link: links.store(r.userId),
    })),
};

const finders: Record<SearchKind, Finder> = {
  // The review search itself: public posts only (held and moderated posts are private, decision 020).
  posts: async (db, values) => asResults.posts(await searchPosts(db, termsMatch(values), values)),
  queries: async (db, values) => asResults.queries(await repo.searchQueries(db, values)),
  products: async (db, values) => asResults.products(await repo.searchProducts(db, values)),
  stores: async (db, values) => asResults.stores(await repo.searchStores(db, values)),
};

/** Words a correction may replace: four letters or more, not numbers (shorter ones match too much). */
const CORRECTABLE = /^(?=.*\p{L})[\p{L}\p{N}]{4,40}$/u;

/** The words of `text` a correction may replace, lower case, each once. */
function correctable(text: string): { typed: string[]; candidates: string[] } {
  const typed = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return { typed, candidates: [...new Set(typed.filter((w) => CORRECTABLE.test(w)))].slice(0, 12) };
}

/**
 * The text with each word that names nothing replaced by the closest word of a store, product,
 * brand or model name ("nimbas buds" -> "nimbus buds"); null when no word changes. `typing`: the
 * text is being typed, so its last word may be unfinished and is kept while a known word starts
 * with it (suggestions; no trigram search for every keystroke).
 */
export async function correctedText(
  db: Database,
  text: string,
  { typing = false, known }: { typing?: boolean; known?: ReadonlySet<string> } = {},
): Promise<string | null> {
  const { typed, candidates } = correctable(text);
  // Words already known to be words of public names stay as they are: nothing to ask.
  if (candidates.every((w) => known?.has(w))) return null;
  return withCorrections(typed, await repo.closestWords(db, candidates, typing ? (typed.at(-1) ?? '') : ''));
}

/** The words with each replaced by its closest known word; null when none changes. */
function withCorrections(typed: string[], closest: ReadonlyMap<string, string | null>): string | null {
  const corrected = typed.map((w) => closest.get(w) ?? w);
  return corrected.some((w, i) => w !== typed[i]) ? corrected.join(' ') : null;
}

/**
 * One search across posts, queries, products and stores: up to five of each kind, or a page of
 * twenty of one kind. One more row than shown is asked for, to tell whether there are more.
 * When nothing is found and a word looks misspelt, the answer is the search for the corrected text,
 * with `didYouMean` naming it (issue 39: "nimbas" finds Nimbus Audio, and says so).
 */
export async function searchSite(db: Database, query: SiteSearchQuery) {
  const { known, ...answer } = await searchExactly(db, query);
  if (answer.groups.some((g) => g.items.length > 0) || answer.page > 1) return answer;
  const corrected = await correctedText(db, query.q, { known });
  if (!corrected) return answer;
  const { known: _, ...instead } = await searchExactly(db, { ...query, q: corrected });
  if (!instead.groups.some((g) => g.items.length > 0)) return answer;
  return { ...instead, q: query.q, didYouMean: corrected };
}

/**
 * The search as typed, and which of its words are known words of public names (when the search of
 * every kind learnt it on the way; a correction need not ask again).
 */
async function searchExactly(db: Database, query: SiteSearchQuery) {
  if (query.kind === 'all') return searchEveryKind(db, query);
  const { kind, page } = query;
  const limit = SITE_SEARCH_PAGE_LIMIT;
  const terms = searchTerms(query.q);
  const values = terms && {
    ...terms,
    typed: query.q.toLowerCase(),
    limit: limit + 1,
    offset: (page - 1) * limit,
  };
  const found = values ? await finders[kind](db, values) : [];
  const groups: SearchGroup[] = [{ kind, items: found.slice(0, limit), hasMore: found.length > limit }];
  return { q: query.q, kind, page, groups, didYouMean: null as string | null, known: undefined };
}

/**
 * Up to five of each kind, in one statement (repo.searchEverything) with the words it knows: the
 * posts chosen as the review search chooses them (its window, or all posts).
 */
async function searchEveryKind(db: Database, query: SiteSearchQuery) {
  const limit = SITE_SEARCH_GROUP_LIMIT;
  const terms = searchTerms(query.q);
  const values = terms && { ...terms, typed: query.q.toLowerCase(), limit: limit + 1, offset: 0 };
  const rows = values
    ? await repo.searchEverything(db, values, {
        words: correctable(query.q).candidates,
        since: (await searchWindowSince(db)) ?? null,
      })
    : { posts: [], queries: [], products: [], stores: [], known: [] };
  const found: Record<SearchKind, SearchResult[]> = {
    posts: asResults.posts(rows.posts),
    queries: asResults.queries(rows.queries),
    products: asResults.products(rows.products),
    stores: asResults.stores(rows.stores),
  };
  const groups: SearchGroup[] = SEARCH_KINDS.map((kind) => ({
    kind,
    items: found[kind].slice(0, limit),
    hasMore: found[kind].length > limit,
  }));
  return {
    q: query.q,
    kind: query.kind,
    page: 1,
    groups,
    didYouMean: null as string | null,
    known: new Set(rows.known),
  };
}

/**
 * Suggestions while typing in the header (issue 39): the stores and products whose name (or brand
 * and model) starts with the text, read in index order, a few index entries each; when none does
 * and a word looks misspelt, first the corrected words, then what starts with them. At most six.
 * The ranked search stays for Enter: a suggestion must keep up with typing (bench/search.mjs).
 */
export async function suggestSearch(db: Database, q: string): Promise<SearchSuggestion[]> {
  const text = q.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return [];
  // The names, or the corrected text's when nothing starts with the text, in one statement.
  const { typed, candidates } = correctable(text);
  const { stores, products, corrected } = await repo.namesStartingWith(db, text, {
    typed,
    words: candidates,
    typing: typed.at(-1) ?? '',
  });
  const found: SearchSuggestion[] = [
    ...stores.map((s) => ({
      kind: 'store' as const,
      text: clip(s.name, TITLE_MAX),
      detail: [s.area, s.city].filter(Boolean).join(', '),
      link: links.store(s.userId),
    })),
    ...products.map((p) => ({
      kind: 'product' as const,
      text: clip(p.name, TITLE_MAX),
      detail: productSnippet(p),
      link: links.product(p.id),
    })),
  ];
  if (corrected && found.length > 0) {
    const search = `/search?${new URLSearchParams({ q: corrected }).toString()}`;
    found.unshift({ kind: 'correction', text: corrected, detail: '', link: search });
  }
  return found.slice(0, SEARCH_SUGGESTION_LIMIT);
}

/**
 * How long a search's answer is remembered. The header searches on every keystroke, and many
 * people type the same first letters and words: a search is four ranked queries (about four times
 * a Similar Responses search), so repeating one from memory is what keeps its p99 near the floor.
 * A product change clears them at once (SEARCH_RESULTS_CHANGED); a new post, query or store shows
 * up within this time.
 */
export const SEARCH_CACHE_TTL_MS = 5_000;

/**
 * searchSite and suggestSearch with a short memory of answers, cleared by SEARCH_RESULTS_CHANGED
 * on the bus.
 */
export function createSiteSearch(db: Database, bus?: CacheBus) {
  // Keys come from request input, so the count is bounded; an answer is at most 20 short items.
  const answers = createTtlCache(SEARCH_CACHE_TTL_MS, { maxEntries: 2000 });
  const suggestions = createTtlCache(SEARCH_CACHE_TTL_MS, { maxEntries: 2000 });
  bus?.subscribe((keys) => {
    if (keys.includes(SEARCH_RESULTS_CHANGED)) {
      answers.clear();
      suggestions.clear();
    }
  });
  return {
    search: (query: SiteSearchQuery) =>
      answers.get(`${query.kind}\u0000${query.page}\u0000${query.q}`, () => searchSite(db, query)),
    suggest: (q: string) => suggestions.get(q.toLowerCase(), () => suggestSearch(db, q)),
  };
}
