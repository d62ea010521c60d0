import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE as DOMAIN_LANGUAGE_COOKIE, LANGUAGES } from '@app/domain';
import { ENGLISH, LANGUAGE_CODES, LANGUAGE_COOKIE, setLanguage } from './language';

describe('the languages the web knows without importing the domain index', () => {
  it('are the domain’s', () => {
    expect([...LANGUAGE_CODES]).toEqual([...LANGUAGES]);
    expect(ENGLISH).toBe(DEFAULT_LANGUAGE);
    expect(LANGUAGE_COOKIE).toBe(DOMAIN_LANGUAGE_COOKIE);
  });
});

describe('the document follows the language', () => {
  it('sets <html lang> and points <link rel="manifest"> at the language’s manifest', () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
    try {
      setLanguage('hi');
      expect(document.documentElement.lang).toBe('hi');
      // The server hears of it: it draws shared pages for English readers only (decision 047).
      expect(document.cookie).toContain('revuhub-lang=hi');
      expect(link.getAttribute('href')).toBe('/manifest-hi.webmanifest');
      setLanguage('en');
      expect(document.documentElement.lang).toBe('en');
      expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
    } finally {
      link.remove();
      localStorage.clear();
    }
  });
});
