import LandingPage from '../features/landing/pages/landing-page';

/**
 * What `/` boots into: the landing page alone, without react-router, TanStack Query, zod or the
 * toast provider, so the first visit loads as little JavaScript as possible. Its links are plain
 * `<a href>`; following one loads the router app.
 */
export const Root = LandingPage;
