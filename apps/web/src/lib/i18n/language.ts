import type { Language } from '@app/domain';

/**
 * `LANGUAGES` and `DEFAULT_LANGUAGE` of `@app/domain`, repeated so that the landing page's bundle
 * does not import the domain's index (and zod with it); language.test.ts checks that they agree.
 */
export const LANGUAGE_CODES: readonly Language[] = ['en', 'hi'];
export const ENGLISH: Language = 'en';
const DEFAULT_LANGUAGE = ENGLISH;

/**
 * The language the interface speaks, kept apart from i18next so the landing page can know it
 * without loading the engine. Remembered in localStorage; `?lng=hi` (or `en`) picks one for a visit
 * and remembers it. `PSEUDO_FLAG` in localStorage (set by tests) marks every catalogue string so
 * a browser test can find text that does not come from the catalogue.
 */
export const LANGUAGE_KEY = 'language';
export const PSEUDO_FLAG = 'i18n-pseudo';

const listeners = new Set<() => void>();

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

function readStorage(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}

function initialLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const fromQuery = new URLSearchParams(window.location.search).get('lng');
  if (isLanguage(fromQuery)) {
    writeStorage(LANGUAGE_KEY, fromQuery);
    return fromQuery;
  }
  const stored = readStorage(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

let current: Language = initialLanguage();

/**
 * `LANGUAGE_COOKIE` of `@app/domain`, repeated for the same reason as the codes above. The server
 * draws a shared page (decision 047) only for a browser reading English: this cookie tells it what
 * this browser reads ("pseudo" for the test pseudo-locale), so a Hindi reader is not shown English
 * before the app draws the page in Hindi.
 */
export const LANGUAGE_COOKIE = 'revuhub-lang';

/**
 * What the cookie was last set to, and on which day: a start-up does not read the cookie (a slow,
 * blocking call), and sets it again once a day, so it stays while the person keeps coming back.
 */
const TOLD_KEY = 'language-told';

function tellServer() {
  if (typeof document === 'undefined') return;
  const value = isPseudo() ? 'pseudo' : current;
  const told = `${value} ${new Date().toISOString().slice(0, 10)}`;
  if (readStorage(TOLD_KEY) === told) return;
  document.cookie = `${LANGUAGE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
  writeStorage(TOLD_KEY, told);
}

/** The current language (English until someone chooses Hindi). */
export function getLanguage(): Language {
  return current;
}

/** True when tests asked for the pseudo-locale (every catalogue string wrapped in ⟦ ⟧). */
export function isPseudo(): boolean {
  return readStorage(PSEUDO_FLAG) === '1';
}

tellServer();

/** Whether the page can be drawn without the i18next engine: English, not the pseudo-locale. */
export function needsEngine(): boolean {
  return current !== DEFAULT_LANGUAGE || isPseudo();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The web app manifest of each language (apps/web/vite.config.ts writes both). */
export const MANIFEST_OF: Readonly<Record<Language, string>> = {
  en: '/manifest.webmanifest',
  hi: '/manifest-hi.webmanifest',
};

/**
 * Sets `<html lang>` to the current language, and points `<link rel="manifest">` at its manifest,
 * so installing the app from a Hindi page names and describes it in Hindi.
 */
export function applyDocumentLanguage() {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = current;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', MANIFEST_OF[current]);
}

/** Switches the interface, remembers the choice in this browser and tells every subscriber. */
export function setLanguage(language: Language) {
  writeStorage(LANGUAGE_KEY, language);
  if (language === current) return;
  current = language;
  tellServer();
  applyDocumentLanguage();
  for (const listener of listeners) listener();
}

/** The `Accept-Language` header API calls carry, so the API answers in the same language. */
export function acceptLanguageHeader(): Record<string, string> {
  return current === DEFAULT_LANGUAGE ? {} : { 'Accept-Language': current };
}
