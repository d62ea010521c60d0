import { useEffect, useState } from 'react';
import LandingPage from '../features/landing/pages/landing-page';
import type * as EngineModule from '../lib/i18n/engine';
import { needsEngine, subscribeLanguage } from '../lib/i18n/language';

type Engine = typeof EngineModule;
let engine: Engine | null = null;

async function loadEngine(): Promise<Engine> {
  const loaded = await import('../lib/i18n/engine');
  await loaded.prepareLanguage();
  engine = loaded;
  return loaded;
}

/**
 * Called before the first render. English needs nothing: the page draws its English strings
 * without i18next. Hindi (or the test pseudo-locale) loads the engine and the Hindi catalogue first.
 */
export async function prepare(): Promise<void> {
  if (needsEngine()) await loadEngine();
}

/** The prerendered HTML is English: only an English first render can take it over. */
export function canHydrate(): boolean {
  return engine === null;
}

/**
 * What `/` boots into: the landing page alone, without react-router, TanStack Query, zod or the
 * toast provider, so the first visit loads as little JavaScript as possible. Its links are plain
 * `<a href>`; following one loads the router app.
 *
 * The page arrives rendered (landing.html) and this takes it over; until then its buttons (menu,
 * headline pause) do nothing. `data-interactive` on <html> says it has been taken over.
 */
export function Root() {
  const [loaded, setLoaded] = useState<Engine | null>(engine);
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  // The first switch to Hindi brings the engine; from then on it follows the switch itself.
  useEffect(
    () =>
      subscribeLanguage(() => {
        if (engine || !needsEngine()) return;
        loadEngine()
          .then(setLoaded)
          .catch((error: unknown) => console.error('Could not switch language', error));
      }),
    [],
  );
  if (!loaded) return <LandingPage />;
  const { I18nProvider } = loaded;
  return (
    <I18nProvider>
      <LandingPage />
    </I18nProvider>
  );
}
