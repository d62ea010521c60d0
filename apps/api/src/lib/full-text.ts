import { sql, type Placeholder, type SQL } from 'drizzle-orm';

// Search text is reduced to plain words before it reaches to_tsquery, so no input can inject
// tsquery operators or make it fail: only letters and digits of any script get through.
const MAX_WORDS = 12;

function words(text: string): string[] {
  const found = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(found)].slice(0, MAX_WORDS);
}

/**
 * "Similar" matching: any of the words, so a query like "best running shoes for flat feet" finds
 * reviews that mention some of them; ranking puts those with more words first. Words are stemmed
 * ("running" finds "run"); only the last is a prefix, as it may be unfinished. A prefix on every word
 * would cost each search a scan of the index's word list per word (about ten times slower at a
 * million posts) for matches that stemming mostly finds anyway. Null when the text has no words.
 */
export function anyWordsQuery(text: string): SQL | null {
  const list = words(text);
  if (list.length === 0) return null;
  return sql`to_tsquery('english', ${list.map((w, i) => (i === list.length - 1 ? `${w}:*` : w)).join(' | ')})`;
}

/**
 * A tsquery written with placeholders and the values that fill them: a search prepared once per
 * `shape` (statements with the same shape share one prepared statement).
 */
export interface PreparedMatch {
  shape: string;
  tsquery: SQL;
  values: Record<string, unknown>;
}

const anyWordsPlaceholder = sql`to_tsquery('english', ${sql.placeholder('anyWords')})`;

/** anyWordsQuery as a PreparedMatch; null when the text has no words. */
export function anyWordsMatch(text: string): PreparedMatch | null {
  const list = words(text);
  if (list.length === 0) return null;
  const anyWords = list.map((w, i) => (i === list.length - 1 ? `${w}:*` : w)).join(' | ');
  return { shape: 'any', tsquery: anyWordsPlaceholder, values: { anyWords } };
}

/** What allWordsQuery matches, as values: for statements prepared once with placeholders. */
export interface SearchTerms {
  /** The text before its last word (web-search syntax), or '' when there is one word. */
  cleaned: string;
  /** The last word as a prefix, e.g. `earb:*`. */
  prefix: string;
}

export function searchTerms(text: string): SearchTerms | null {
  const last = words(text).at(-1);
  if (!last) return null;
  return { cleaned: text.replace(/[\p{L}\p{N}]+\s*$/u, '').trim(), prefix: `${last}:*` };
}

/**
 * The tsquery of SearchTerms, whose parts may be placeholders. Its shape depends on whether there
 * are words before the last, so a prepared statement is made for each shape.
 */
export function termsQuery(
  terms: { cleaned: string | Placeholder; prefix: string | Placeholder },
  withWords: boolean,
): SQL {
  const prefix = sql`to_tsquery('english', ${terms.prefix})`;
  return withWords ? sql`(websearch_to_tsquery('english', ${terms.cleaned}) && ${prefix})` : prefix;
}

const termsPlaceholders = { cleaned: sql.placeholder('cleaned'), prefix: sql.placeholder('prefix') };

/** termsQuery as a PreparedMatch. */
export function termsMatch(terms: SearchTerms): PreparedMatch {
  const withWords = terms.cleaned !== '';
  return {
    shape: withWords ? 'words' : 'word',
    tsquery: termsQuery(termsPlaceholders, withWords),
    values: { cleaned: terms.cleaned, prefix: terms.prefix },
  };
}

/**
 * Search-box matching: every word (web-search syntax, so "quoted phrases" and -exclusions work)
 * and the last word as a prefix, since people are still typing it.
 */
export function allWordsQuery(text: string): SQL | null {
  const terms = searchTerms(text);
  return terms ? termsQuery(terms, terms.cleaned !== '') : null;
}
