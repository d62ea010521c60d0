import { createContext, useContext } from 'react';
import type { Language } from '@app/domain';
import common from './catalogues/en/common';
import landing from './catalogues/en/landing';
import ui from './catalogues/en/ui';
import type { Namespace } from './namespaces';

export type Values = Record<string, string | number>;
/** Looks a key up in one namespace and fills in its `{placeholders}` (ICU in the full engine). */
export type TFunction = (key: string, values?: Values) => string;

export interface Translator {
  language: Language;
  t: (ns: Namespace, key: string, values?: Values) => string;
}

// The landing page's own bootstrap draws English without i18next (it would add about 30 KB of
// JavaScript to the first visit): the English strings it renders have only simple placeholders,
// which this fills in (the shared `ui` strings too, so shared components render alone in tests).
// Every other page, and Hindi anywhere, goes through i18next (engine.tsx).
const LITE: Partial<Record<Namespace, Record<string, string>>> = { common, landing, ui };

function fill(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const englishTranslator: Translator = {
  language: 'en',
  t: (ns, key, values) => fill(LITE[ns]?.[key] ?? key, values),
};

export const TranslatorContext = createContext<Translator>(englishTranslator);

/** `t(key, values)` for one namespace, in the current language. */
export function useT(ns: Namespace): { t: TFunction; language: Language } {
  const translator = useContext(TranslatorContext);
  return { t: (key, values) => translator.t(ns, key, values), language: translator.language };
}
