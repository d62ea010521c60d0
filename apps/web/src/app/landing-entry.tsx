import { useEffect } from 'react';
import LandingPage from '../features/landing/pages/landing-page';

/**
 * What `/` boots into: the landing page alone, without react-router, TanStack Query, zod or the
 * toast provider, so the first visit loads as little JavaScript as possible. Its links are plain
 * `<a href>`; following one loads the router app.
 *
 * The page arrives rendered (landing.html) and this takes it over; until then its buttons (menu,
 * headline pause) do nothing. `data-interactive` on <html> says it has been taken over.
 */
export function Root() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return <LandingPage />;
}
