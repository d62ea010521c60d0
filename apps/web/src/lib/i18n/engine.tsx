import { useEffect, useMemo, useState, type ReactNode } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import { IntlMessageFormat } from 'intl-messageformat';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '@app/domain';
import { en } from './catalogues/en';
import {
  applyDocumentLanguage,
  ENGLISH as DEFAULT_LANGUAGE,
  getLanguage,
  isPseudo,
  subscribeLanguage,
} from './language';
import { NAMESPACES } from './namespaces';
import { plainEnglish } from './plain-english';
import { TranslatorContext, type Translator } from './translate';

/**
 * The i18next engine: English bundled, Hindi fetched as its own chunk the first time it is needed,
 * ICU messages (plurals) through i18next-icu. The pseudo-locale wraps every string in ⟦ ⟧.
 */
const PSEUDO = 'pseudo';

// i18next-icu makes a formatter for each message the first time it is shown, and each formatter
// asked Intl which locale it supports (`Intl.NumberFormat.supportedLocalesOf`): a fifth of a phone's
// time starting the app went there. The answer is the same for every message of a language, and
// an Intl.Locale cannot change: asked once per language.
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolvedLocales = new Map<string, ReturnType<typeof resolveLocale>>();
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolvedLocales.has(key)) resolvedLocales.set(key, resolveLocale(locales));
  return resolvedLocales.get(key);
};

export const i18n: I18n = i18next.createInstance();

const ready = i18n
  .use(ICU)
  .use(initReactI18next)
  .use({
    type: 'postProcessor',
    name: PSEUDO,
    process: (value: string) => `⟦${value}⟧`,
  })
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { en },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    postProcess: isPseudo() ? [PSEUDO] : [],
    react: { useSuspense: false },
  });

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** The pseudo-locale is chosen for the whole page load (as `postProcess` above). */
const PSEUDO_RUN = isPseudo();
const ENGLISH_CATALOGUES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = en;

async function loadCatalogue(language: Language) {
  if (loaded.has(language)) return;
  // Its own chunk: English visitors never download the Hindi strings.
  const { hi } = await import('./catalogues/hi');
  for (const [ns, resources] of Object.entries(hi))
    i18n.addResourceBundle(language, ns, resources, true, true);
  loaded.add(language);
}

/** Loads the current language's catalogue and switches i18next to it; call before the first render. */
export async function prepareLanguage(): Promise<void> {
  await ready;
  const language = getLanguage();
  try {
    await loadCatalogue(language);
  } catch (error) {
    // Offline before the Hindi chunk was ever fetched, or a release removed it: English still works.
    console.warn(`The ${language} catalogue could not be loaded; showing English`, error);
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
    document.documentElement.lang = DEFAULT_LANGUAGE;
    return;
  }
  await i18n.changeLanguage(language);
  applyDocumentLanguage();
}

function TranslatorBridge({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation([...NAMESPACES]);
  const language = (instance.language as Language | undefined) ?? DEFAULT_LANGUAGE;
  const value = useMemo<Translator>(() => {
    const plain = language === DEFAULT_LANGUAGE && !PSEUDO_RUN;
    return {
      language,
      t: (ns, key, values) =>
        (plain ? plainEnglish(ENGLISH_CATALOGUES[ns], key, values) : undefined) ??
        t(`${ns}:${key}`, values ?? {}),
    };
  }, [t, language]);
  return <TranslatorContext value={value}>{children}</TranslatorContext>;
}

/** Gives every `useT` below it i18next, and follows the language switch. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [, setVersion] = useState(0);
  useEffect(
    () =>
      subscribeLanguage(() => {
        prepareLanguage()
          .then(() => setVersion((v) => v + 1))
          .catch((error: unknown) => console.error('Could not switch language', error));
      }),
    [],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <TranslatorBridge>{children}</TranslatorBridge>
    </I18nextProvider>
  );
}
