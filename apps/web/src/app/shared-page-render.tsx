import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, type Query } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ServerQueryClient } from './server-query-client';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { prepareLanguage } from '../lib/i18n/engine';
import { setServerOrigin } from '../lib/page-origin';
import { setServerAnswers } from '../lib/preloaded-answers';

/**
 * A shared page (a post, a store, a product) rendered on the server for a visitor without a session,
 * reading English, from the answers the API gave for the page's calls (packages/domain's
 * shared-page-calls). The API puts the markup into the page's HTML (apps/api/src/modules/site), so a
 * phone paints the page from HTML and CSS alone, before its JavaScript has arrived; the browser then
 * hydrates it (router-entry.tsx) with the same answers. Built by `vite build --ssr` into dist-server/.
 */

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** TanStack Query's dehydrated state: the answers the markup was drawn with, as JSON. */
  queryState: string;
}

/** Draws at most this many times: an answer may lead to more calls (a product's store, once the product is known). */
const MAX_PASSES = 4;

const languageReady = prepareLanguage();

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

// One page at a time: the answers are read through a module variable (the web app's API client
// takes them from there), and a render never waits on anything but those answers.
let queue: Promise<unknown> = Promise.resolve();

export function renderSharedPage(
  url: string,
  answers: ReadonlyMap<string, unknown>,
): Promise<RenderedPage | null> {
  const run = queue.then(() => render(url, answers));
  queue = run.catch(() => undefined);
  return run;
}

async function render(url: string, answers: ReadonlyMap<string, unknown>): Promise<RenderedPage | null> {
  await languageReady;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  // A redirect (a guarded page): nothing to draw here.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const draw = () =>
    renderToString(
      <StrictMode>
        <AppProviders>
          <ServerQueryClient value={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServerQueryClient>
        </AppProviders>
      </StrictMode>,
    );

  const cache = client.getQueryCache();
  // Calls tried and not answered: the browser makes them (drawn as loading, as its first render is).
  const unanswered = new Set<string>();
  setServerOrigin(new URL(url).origin);
  setServerAnswers(answers);
  let html = draw();
  try {
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const waiting = cache
        .getAll()
        .filter(
          (q) =>
            q.state.status === 'pending' &&
            q.state.fetchStatus === 'idle' &&
            !unanswered.has(q.queryHash) &&
            isEnabled(q),
        );
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((q) => q.fetch(q.options).catch(() => undefined)));
      for (const query of cache.getAll()) {
        if (query.state.status !== 'error') continue;
        unanswered.add(query.queryHash);
        cache.remove(query);
      }
      html = draw();
    }
  } finally {
    setServerAnswers(null);
  }
  return { html, queryState: JSON.stringify(dehydrate(client)) };
}
