import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Root } from './landing-entry';

/**
 * The landing page as HTML, rendered once at build time (apps/web/scripts/prerender-landing.mjs):
 * `/` then paints its headline from the HTML and CSS alone, before any JavaScript has loaded, and
 * main.tsx hydrates it. The tree must be the one main.tsx renders, or hydration would not match.
 */
export function render(): string {
  return renderToString(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
