import { useContext } from 'react';
import { LOCALE_OF, type Language } from '@app/domain';
import { TranslatorContext } from './translate';

export interface Formatters {
  /** 1,00,000 (Indian grouping in both languages). */
  number: (value: number) => string;
  /** ₹1,00,000 or ₹1,250.5: as the domain's `rupeesText` writes it in English, byte for byte. */
  rupees: (value: number) => string;
  /** Paise as rupees with both decimals when there are paise: ₹749.50, ₹1,499 (refund amounts). */
  paise: (paise: number) => string;
  /** 25 Nov 2026 / 25 नव॰ 2026. */
  date: (value: Date | string | number) => string;
  /** The date with the time of day. */
  dateTime: (value: Date | string | number) => string;
}

const cache = new Map<Language, Formatters>();

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Formatters for one language, through Intl with that language's Indian locale. */
export function formattersFor(language: Language): Formatters {
  const hit = cache.get(language);
  if (hit) return hit;
  const locale = LOCALE_OF[language];
  // Each Intl formatter is made on its first use: building one costs a few milliseconds of ICU
  // work (tens on a slow phone), and a page that shows no date should not pay for the date's.
  const number = once(() => new Intl.NumberFormat(locale));
  const withPaise = once(
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  const date = once(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
  );
  const dateTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const formatters: Formatters = {
    number: (value) => number().format(value),
    rupees: (value) => `₹${number().format(value)}`,
    paise: (paise) => `₹${(paise % 100 ? withPaise() : number()).format(paise / 100)}`,
    date: (value) => date().format(new Date(value)),
    dateTime: (value) => dateTime().format(new Date(value)),
  };
  cache.set(language, formatters);
  return formatters;
}

/**
 * Makes the language's number formatter ahead of the first render that needs it: the first Intl
 * formatter of a page loads ICU's data (over 10 ms on a fast machine), a long task on a phone, better
 * taken in a turn of its own than inside React's hydration of a page that shows a price.
 */
export function prepareNumbers(language: Language): void {
  formattersFor(language).number(0);
}

/** Dates, numbers and rupee amounts in the current language. */
export function useFormat(): Formatters {
  return formattersFor(useContext(TranslatorContext).language);
}
