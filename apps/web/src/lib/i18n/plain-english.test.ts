import { describe, expect, it } from 'vitest';
import { en } from './catalogues/en';
import { i18n } from './engine';
import { plainEnglish } from './plain-english';

/**
 * The English fast path gives exactly what i18next with ICU gives, for every catalogue string it
 * takes on (each placeholder filled with a string), and leaves the rest to i18next.
 */
describe('plain English strings', () => {
  it('are what i18next with ICU makes of them, for every string of every catalogue', () => {
    let taken = 0;
    for (const [ns, catalogue] of Object.entries(en)) {
      for (const [key, text] of Object.entries(catalogue as Record<string, unknown>)) {
        if (typeof text !== 'string') continue;
        const values = Object.fromEntries(
          [...text.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? '', `v-${m[1]}`]),
        );
        const plain = plainEnglish(catalogue, key, values);
        if (plain === undefined) continue;
        taken += 1;
        expect(plain, `${ns}:${key}`).toBe(i18n.t(`${ns}:${key}`, { ...values, lng: 'en' }));
      }
    }
    // Most strings are plain: the fast path is taken, not skipped.
    expect(taken).toBeGreaterThan(500);
  });

  it('leaves plurals, numbers, quoting and missing values to i18next', () => {
    const catalogue = {
      plural: '{count, plural, one {# review} other {# reviews}}',
      quoted: "Type '{name}' here",
      doubled: "It''s here",
      named: 'Hello {name}',
      apostrophe: "Don't leave",
    };
    expect(plainEnglish(catalogue, 'plural', { count: '2' })).toBeUndefined();
    expect(plainEnglish(catalogue, 'quoted', { name: 'x' })).toBeUndefined();
    expect(plainEnglish(catalogue, 'doubled', undefined)).toBeUndefined();
    expect(plainEnglish(catalogue, 'named', { name: 1000 })).toBeUndefined();
    expect(plainEnglish(catalogue, 'named', undefined)).toBeUndefined();
    expect(plainEnglish(catalogue, 'missing', undefined)).toBeUndefined();
    expect(plainEnglish(catalogue, 'named', { name: 'Asha' })).toBe('Hello Asha');
    expect(plainEnglish(catalogue, 'apostrophe', undefined)).toBe("Don't leave");
  });
});
