import { z } from './zod.js';

/**
 * One rule for every free-text field a person types (names, addresses, titles, descriptions):
 * Unicode-normalised (NFC) and free of characters that hide or disguise what is shown.
 *
 * - NUL and other control characters (tab, line feed and carriage return stay: descriptions have
 *   lines). PostgreSQL refuses NUL in text, which used to surface as a 500.
 * - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what a
 *   reader sees ("Trojan Source"), so a name can pose as another.
 * - Invisible characters (zero-width space, word joiner, BOM, soft hyphen). The zero-width
 *   joiner and non-joiner stay after a non-ASCII character, because Indic scripts and emoji need
 *   them; next to ASCII they only serve to make look-alike names.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- the ASCII range, to find joiners next to ASCII letters
const INVISIBLE = /[\u200b\u2060\ufeff\u00ad]|(^|[\u0000-\u007f])[\u200c\u200d]/;

export const TEXT_NUL_MESSAGE = 'Must not contain a NUL character';
export const TEXT_HIDDEN_MESSAGE = 'Contains invisible or control characters';

/** Why a text is refused, or undefined when it is fine. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return TEXT_NUL_MESSAGE;
  if (CONTROL.test(value) || BIDI.test(value) || INVISIBLE.test(value)) return TEXT_HIDDEN_MESSAGE;
  return undefined;
}

/** The stored form of a free text: NFC, so visually equal names compare equal. */
export function normaliseText(value: string): string {
  return value.normalize('NFC');
}

/** A trimmed free-text field that follows the rule above. */
export function freeText(max: number, tooLong = 'Too long') {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normaliseText);
}

/** For comparing names: NFC, case-folded, inner spaces collapsed. */
export function nameKey(value: string): string {
  return normaliseText(value).trim().replace(/\s+/g, ' ').toLowerCase();
}
