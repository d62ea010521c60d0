import { z } from './zod.js';
import { CONTACT_DIGITS } from './constants.js';

// Names and phone numbers as real people in India write them (decision 005). The spec's
// "letters and spaces only" and "exactly 10 digits" refused "Anne-Marie D'Souza", "H&M", "3M",
// names in Devanagari or Tamil, and "+91 98450 12345"; the widened rules keep the spec's intent
// (no digits in a person's name, a 10-digit mobile stored as 10 digits).

/** Letters of any script with their combining marks (Indic vowel signs are marks, not letters). */
const LETTER = String.raw`\p{L}\p{M}`;
const NAME_PUNCTUATION = String.raw` '’.&\-`;
const PERSON_NAME = new RegExp(`^[${LETTER}][${LETTER}${NAME_PUNCTUATION}]*$`, 'u');
/** Company and brand names may hold digits too: "3M", "7-Eleven", "Studio 54". */
const COMPANY_NAME = new RegExp(`^[${LETTER}\\p{N}][${LETTER}\\p{N}${NAME_PUNCTUATION}]*$`, 'u');

export const PERSON_NAME_MESSAGE = 'Use letters, spaces, apostrophes, hyphens, periods or & only';
export const COMPANY_NAME_MESSAGE = 'Use letters, digits, spaces, apostrophes, hyphens, periods or & only';
export const CONTACT_MESSAGE = `Enter a ${CONTACT_DIGITS}-digit contact number`;

/** Runs of spaces collapse to one, so "Anne  Marie" and "Anne Marie" are the same name. */
const collapseSpaces = (v: string) => v.replace(/\s+/g, ' ');

export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name is too long')
  .transform(collapseSpaces)
  .refine((v) => PERSON_NAME.test(v), PERSON_NAME_MESSAGE);

export const brandNameSchema = z
  .string()
  .trim()
  .min(1, 'Brand name is required')
  .max(100, 'Brand name is too long')
  .transform(collapseSpaces)
  .refine((v) => COMPANY_NAME.test(v), COMPANY_NAME_MESSAGE);

/**
 * An Indian mobile number as typed: "+91 98450 12345", "98450-12345", "098450 12345",
 * "91 9845012345" all become "9845012345". Anything else is returned with only its separators
 * removed, so the 10-digit rule refuses it with the spec's message.
 */
export function normalizeContactNumber(raw: string): string {
  const compact = raw.replace(/[\s\-().]/g, '');
  const digits = compact.replace(/^(\+91|0091)/, '');
  if (digits !== compact) return digits;
  if (digits.length === CONTACT_DIGITS + 2 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === CONTACT_DIGITS + 1 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

const CONTACT_PATTERN = new RegExp(`^\\d{${CONTACT_DIGITS}}$`);

export const contactSchema = z
  .string()
  .trim()
  .max(30, CONTACT_MESSAGE)
  .transform(normalizeContactNumber)
  .refine((v) => CONTACT_PATTERN.test(v), CONTACT_MESSAGE);
