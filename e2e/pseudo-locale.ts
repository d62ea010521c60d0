import type { Page } from '@playwright/test';
import { baseURL } from './fixtures';

// Shared by the Hindi journeys (issue 26, decision 044): choosing Hindi before a page loads, and
// the pseudo-locale check (every catalogue string drawn as ⟦…⟧) that finds interface text the
// catalogue does not hold.

/**
 * The cookie in which the app tells the server the language it reads (decision 047): a browser that
 * chose a language earlier has it, and the server then leaves shared pages for the app to draw.
 */
async function tellServer(page: Page, language: 'hi' | 'pseudo') {
  // LANGUAGE_COOKIE of packages/domain/src/shared-page-calls.ts.
  await page.context().addCookies([{ name: 'revuhub-lang', value: language, url: baseURL() }]);
}

/** Hindi from the first page on, as if chosen earlier (a later switch back to English stays). */
export async function chooseHindi(page: Page) {
  await tellServer(page, 'hi');
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('hindi-set')) {
      localStorage.setItem('language', 'hi');
      sessionStorage.setItem('hindi-set', '1');
    }
  });
}

/** Draws every catalogue string as ⟦…⟧ from the next page load on. */
export async function usePseudoLocale(page: Page) {
  await tellServer(page, 'pseudo');
  await page.addInitScript(() => localStorage.setItem('i18n-pseudo', '1'));
}

export /** Visible text (and names given by aria-label or placeholder) not wrapped in ⟦ ⟧. */
async function textOutsideCatalogue(page: Page, userData: string[]): Promise<string[]> {
  return page.evaluate((skip) => {
    const outside: string[] = [];
    // Catalogue strings nest (a label inside a sentence): strip ⟦…⟧ from the inside out; what
    // is left must have no letters.
    const isMarked = (value: string) => {
      let rest = value;
      while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
      return !/\p{L}/u.test(rest);
    };
    const ignored = (el: Element | null) => !!el && skip.some((selector) => el.closest(selector));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.textContent ?? '').trim();
      if (!parent || !text || ignored(parent)) continue;
      if (parent.closest('script, style, noscript, title')) continue;
      if (!parent.checkVisibility()) continue;
      // React writes neighbouring strings as separate nodes: check the element's own text as a whole.
      const own = Array.from(parent.childNodes)
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim();
      if (!isMarked(own) && !isMarked(text)) outside.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder]'))) {
      if (ignored(el) || !el.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value && !isMarked(value)) outside.push(`${name}="${value}"`);
      }
    }
    return [...new Set(outside)];
  }, userData);
}
