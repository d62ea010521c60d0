import type { Values } from './translate';

/**
 * An English catalogue string as i18next with ICU would give it, without asking them, when that is
 * the string itself with its `{name}` placeholders filled by strings: no plural, select or number
 * formatting (any other brace), and no ICU quoting (`''`, or `'` before a brace, `#` or `|`).
 * Undefined when ICU is needed.
 *
 * Why: drawing a page asks for a few hundred strings, and i18next's lookup with ICU formatting took
 * about 40% of the time React spent drawing a shared page on a throttled phone (decision 047).
 */
export function plainEnglish(
  catalogue: Readonly<Record<string, unknown>> | undefined,
  key: string,
  values: Values | undefined,
): string | undefined {
  const text = catalogue?.[key];
  if (typeof text !== 'string' || /'['{}#|]/.test(text)) return undefined;
  if (/[{}]/.test(text.replace(/\{\w+\}/g, ''))) return undefined;
  let filled = '';
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    const value = values?.[match[1] ?? ''];
    if (typeof value !== 'string') return undefined;
    filled += text.slice(last, match.index) + value;
    last = match.index + match[0].length;
  }
  return filled + text.slice(last);
}
