import { useContext, useSyncExternalStore } from 'react';
import { DRAWN_PAGE_TIME_ZONE, DRAWN_PAGE_UTC_OFFSET_MINUTES, LOCALE_OF, type Language } from '@app/domain';
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
  /** A calendar day as written (`2026-12-01`: 1 Dec 2026), the same in every time zone. */
  day: (isoDay: string) => string;
  /** A calendar month as written (`2026-12`: Dec 2026). */
  month: (isoMonth: string) => string;
}

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

type Numbers = Pick<Formatters, 'number' | 'rupees' | 'paise'>;
const numbersCache = new Map<Language, Numbers>();
const cache = new Map<string, Formatters>();

// Each Intl formatter is made on its first use: building one costs a few milliseconds of ICU work
// (tens on a slow phone), and a page that shows no date should not pay for the date's.
function numbersFor(language: Language): Numbers {
  const hit = numbersCache.get(language);
  if (hit) return hit;
  const locale = LOCALE_OF[language];
  const number = once(() => new Intl.NumberFormat(locale));
  const withPaise = once(
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  const numbers: Numbers = {
    number: (value) => number().format(value),
    rupees: (value) => `₹${number().format(value)}`,
    paise: (paise) => `₹${(paise % 100 ? withPaise() : number()).format(paise / 100)}`,
  };
  numbersCache.set(language, numbers);
  return numbers;
}

/**
 * Formatters for one language, through Intl with that language's Indian locale; dates and times in
 * `timeZone`, or in this machine's own zone when it is not given. Numbers do not depend on the zone.
 */
export function formattersFor(language: Language, timeZone?: string): Formatters {
  const key = timeZone ? `${language} ${timeZone}` : language;
  const hit = cache.get(key);
  if (hit) return hit;
  const locale = LOCALE_OF[language];
  const date = once(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone }),
  );
  const dateTime = once(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  );
  // A calendar day is midnight UTC of that day, so formatted in UTC it never moves to the day before.
  const day = once(
    () =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );
  const month = once(
    () => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );
  const formatters: Formatters = {
    ...numbersFor(language),
    date: (value) => date().format(new Date(value)),
    dateTime: (value) => dateTime().format(new Date(value)),
    day: (isoDay) => day().format(new Date(`${isoDay}T00:00:00Z`)),
    month: (isoMonth) => month().format(new Date(`${isoMonth}-01T00:00:00Z`)),
  };
  cache.set(key, formatters);
  return formatters;
}

/**
 * Makes the language's number formatter ahead of the first render that needs it: the first Intl
 * formatter of a page loads ICU's data (over 10 ms on a fast machine), a long task on a phone, better
 * taken in a turn of its own than inside React's hydration of a page that shows a price.
 */
export function prepareNumbers(language: Language): void {
  numbersFor(language).number(0);
}

const unchanging = () => () => undefined;
/**
 * The zone this browser's dates are formatted in: India's when the browser keeps India's time now
 * (no second render after taking a drawn page over), else its own (`undefined`). Read from the
 * offset, not from Intl's resolved zone: that makes a date formatter, milliseconds of work a page
 * without dates would pay for in the turn that takes it over.
 */
let browserZone: string | undefined | null = null;
const ownZone = () => {
  if (browserZone === null)
    browserZone =
      new Date().getTimezoneOffset() === -DRAWN_PAGE_UTC_OFFSET_MINUTES ? DRAWN_PAGE_TIME_ZONE : undefined;
  return browserZone;
};
const drawnPageZone = () => DRAWN_PAGE_TIME_ZONE;

/**
 * Dates, numbers and rupee amounts in the current language.
 *
 * Dates and times are in the visitor's own time zone. A page drawn on the server (a shared post)
 * has them in DRAWN_PAGE_TIME_ZONE, and the browser must take that markup over with the same text:
 * React renders a hydration with the server snapshot, then again with the browser's zone when that
 * is another (a post written at 1 a.m. in India is dated the day before in UTC). A page drawn in
 * the browser alone has the browser's zone from its first render.
 */
export function useFormat(): Formatters {
  const zone = useSyncExternalStore(unchanging, ownZone, drawnPageZone);
  return formattersFor(useContext(TranslatorContext).language, zone);
}
