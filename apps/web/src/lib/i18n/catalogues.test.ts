import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALE_OF } from '@app/domain';
import { en } from './catalogues/en';
import { hi } from './catalogues/hi';
import { NAMESPACES } from './namespaces';

const catalogues = { en, hi } as const;

/** An element of a parsed ICU message, as much of it as this test reads. */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}
const LITERAL = 0;

/** The names an ICU message fills in (`{name}`, `{count, plural, …}`), from its parsed form. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type !== LITERAL && typeof element.value === 'string') names.add(element.value);
      for (const option of Object.values(element.options ?? {})) visit(option.value);
    }
  };
  visit(new IntlMessageFormat(message, 'en').getAst());
  return [...names].sort();
}

describe('the catalogues', () => {
  it('(the placeholder reader finds plain and plural arguments, nested ones too)', () => {
    expect(argumentsOf('{a} and {count, plural, one {# {b}} other {#}}')).toEqual(['a', 'b', 'count']);
  });

  it('have every namespace', () => {
    for (const catalogue of Object.values(catalogues))
      expect(Object.keys(catalogue).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: the same keys in English and Hindi, none empty`, () => {
      const english = en[ns] as Record<string, string>;
      const hindi = hi[ns] as Record<string, string>;
      expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      for (const [language, messages] of Object.entries({ en: english, hi: hindi }))
        for (const [key, value] of Object.entries(messages))
          expect(typeof value === 'string' && value.trim() !== '', `${language} ${ns}:${key} is empty`).toBe(
            true,
          );
    });

    it(`${ns}: every message parses as ICU and fills in the same names in both languages`, () => {
      for (const [key, message] of Object.entries(en[ns] as Record<string, string>)) {
        const hindi = (hi[ns] as Record<string, string>)[key] ?? '';
        expect(() => new IntlMessageFormat(message, LOCALE_OF.en), `en ${ns}:${key}`).not.toThrow();
        expect(() => new IntlMessageFormat(hindi, LOCALE_OF.hi), `hi ${ns}:${key}`).not.toThrow();
        expect(argumentsOf(hindi), `hi ${ns}:${key} placeholders`).toEqual(argumentsOf(message));
      }
    });
  }

  it('keys have no spaces (i18next reads such a key as a sentence and drops its namespace)', () => {
    for (const ns of NAMESPACES)
      for (const key of Object.keys(en[ns])) expect(key, `${ns}:${key}`).not.toMatch(/\s/);
  });

  it('a message without placeholders comes out of ICU exactly as written (apostrophes, quotes)', () => {
    for (const [language, catalogue] of Object.entries(catalogues))
      for (const ns of NAMESPACES)
        for (const [key, message] of Object.entries(catalogue[ns] as Record<string, string>)) {
          if (argumentsOf(message).length > 0) continue;
          expect(new IntlMessageFormat(message, language).format(), `${language} ${ns}:${key}`).toBe(message);
        }
  });

  it('Hindi is written in Devanagari, not transliterated', () => {
    let devanagari = 0;
    let total = 0;
    for (const ns of NAMESPACES)
      for (const [key, message] of Object.entries(hi[ns] as Record<string, string>)) {
        if (message === (en[ns] as Record<string, string>)[key]) continue; // names: Revuhub, MRP, IFSC
        total += 1;
        if (/[\u0900-\u097F]/.test(message)) devanagari += 1;
      }
    expect(devanagari).toBe(total);
  });

  it('the landing page and the shell need no ICU, so English draws them without i18next', () => {
    for (const ns of ['landing', 'common', 'ui'] as const)
      for (const [key, message] of Object.entries(en[ns] as Record<string, string>))
        expect(message, `${ns}:${key}`).not.toMatch(/\{\s*\w+\s*,/);
  });

  it('English plurals keep the spec’s words', () => {
    const fields = en.checkout.fieldsEmpty;
    expect(new IntlMessageFormat(fields, 'en-IN').format({ count: 1 })).toBe(
      '1 required field is still empty.',
    );
    expect(new IntlMessageFormat(fields, 'en-IN').format({ count: 3 })).toBe(
      '3 required fields are still empty.',
    );
    const responses = en.queries.responses;
    expect(new IntlMessageFormat(responses, 'en-IN').format({ count: 0 })).toBe(' · 0 responses');
    expect(new IntlMessageFormat(responses, 'en-IN').format({ count: 1 })).toBe(' · 1 response');
  });
});
