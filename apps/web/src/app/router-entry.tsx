import { useEffect, type ComponentType } from 'react';
import { seesServerRender, takeServerQueryState } from '../lib/server-render';
import { evaluateAnnouncedChunks } from './announced-chunks';
import { getLanguage } from '../lib/i18n/language';

let App: ComponentType | null = null;
let hydratable = false;

/** What every path other than `/` boots into: the router app with all its providers. */
export function Root() {
  // A page the server drew keeps its controls from taking taps until now (global.css): a tap
  // before the app had started went nowhere.
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  if (!App) throw new Error('prepare() must run before the router app renders');
  return <App />;
}

/** Lets the browser paint and answer input between two pieces of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Before the first render: the chosen language's catalogue (Hindi is its own chunk), the current
 * page's route modules, and, on a page the server drew, the answers it drew it with.
 *
 * The app's modules are started one group at a time with a pause between them: run as one import,
 * starting them all held a phone's main thread for over half a second without a break (Lighthouse's
 * Total Blocking Time), during which a tap on the page drawn by the server went unanswered.
 */
export async function prepare(): Promise<void> {
  const { prepareLanguage } = await import('../lib/i18n/engine');
  await prepareLanguage();
  await yieldToBrowser();
  const drawn = document.getElementById('root')?.firstElementChild != null;
  // The page the server drew is the one this browser would see: it is taken over as it is.
  const takingOver = drawn && seesServerRender();
  if (takingOver) {
    await evaluateAnnouncedChunks(yieldToBrowser);
    const { prepareNumbers } = await import('../lib/i18n/format');
    prepareNumbers(getLanguage());
    await yieldToBrowser();
  }
  await import('../lib/api-client');
  await yieldToBrowser();
  const { createAppRouter } = await import('./router');
  await yieldToBrowser();
  const router = await createAppRouter(yieldToBrowser);
  await yieldToBrowser();
  const { App: RouterApp } = await import('./app');
  App = () => <RouterApp router={router} />;
  const state = drawn ? takeServerQueryState() : undefined;
  if (state !== undefined && takingOver) {
    const { seedQueryCache } = await import('./data-routes');
    seedQueryCache(state);
    hydratable = true;
  }
}

/** A page the server drew (a shared post, store or product) is taken over as it is. */
export function canHydrate(): boolean {
  return hydratable;
}
