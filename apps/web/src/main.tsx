import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/global.css';

// zod's compiled parsers probe for eval with `new Function`; the CSP refuses eval (no 'unsafe-eval'),
// and Chrome reports the refusal as a security issue on every page. zod takes its settings from this
// global when it loads (zod/v4/core), so setting it here, first, costs this entry no zod.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// `/` is where most visits start and has a hard JavaScript budget (100 KB gzipped): it boots the
// landing page alone, without react-router. Every other path boots the full router app.
// Keep `pathname === '/'` inside the conditional: with a variable there, the bundler (rolldown
// 1.0) preloaded the router app's chunks on `/` as well, 65 KB the landing page never runs.
const entry = window.location.pathname === '/' ? import('./app/landing-entry') : import('./app/router-entry');
// The server sends `/` with the landing page already rendered (landing.html, made at build time by
// scripts/prerender-landing.mjs), and a shared post, store or product page rendered for a visitor
// (app/shared-page-render.tsx); elsewhere, and in the dev server, #root is empty.
const prerendered = container.firstElementChild !== null;

entry
  .then(async (loaded) => {
    const { Root } = loaded;
    // Hindi chosen: its catalogue (a chunk of its own) before the first render.
    await loaded.prepare();
    const app = (
      <StrictMode>
        <Root />
      </StrictMode>
    );
    // Take the prerendered markup over instead of drawing it again; where this browser would see the
    // page differently (Hindi, or signed in on a shared page) draw it anew.
    // As a transition, hydration too yields to the browser every few milliseconds.
    if (prerendered && loaded.canHydrate()) startTransition(() => void hydrateRoot(container, app));
    else {
      // Over prerendered markup, React clears it when it commits its first render: the page stays
      // on screen until then instead of going blank while the app draws.
      const root = createRoot(container);
      // As a transition the first render yields to the browser every few milliseconds instead of
      // holding a phone's main thread for a second: taps and scrolls are answered meanwhile.
      startTransition(() => root.render(app));
    }
  })
  .catch((error: unknown) => {
    // Usually a chunk that no longer exists after a new release; a reload fetches the new one.
    console.error('Could not load the app', error);
    // A prerendered landing page still reads and links without its script: leave it.
    if (!prerendered)
      container.textContent = 'The page could not be loaded. Check your connection and reload the page.';
  });

// The service worker (offline page, installable app, "new version" banner) after the page has
// loaded, so it never competes with the first paint for the network. The prerendered landing page
// adds this script after its first paint, often after `load` has fired (issue 39: it registered no
// service worker): then it starts once the app has taken the page over.
if (import.meta.env.PROD) {
  const start = () => {
    import('./lib/service-worker')
      .then(({ startServiceWorker }) => startServiceWorker())
      .catch((error: unknown) => console.warn('Service worker not started', error));
  };
  if (document.readyState === 'complete') void entry.then(() => setTimeout(start, 0));
  else window.addEventListener('load', start);
}
