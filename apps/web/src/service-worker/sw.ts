import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

/**
 * The service worker (built by vite-plugin-pwa with Workbox, vite.config.ts):
 * - the build's hashed assets and the offline page are precached, so a repeat visit and a visit
 *   with no network start without downloading them;
 * - pages are network-first: a person always gets the current page when the network answers,
 *   the last copy of it when it does not, and the offline page for a page never opened;
 * - API answers, uploaded media and the payment pages are never handled here: account, order and
 *   payment data is not kept in a cache the person cannot see or clear.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const OFFLINE_PAGE = '/offline.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A slow network is not a dead one: wait this long before falling back to the kept copy.
const pages = new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 6 });

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/pay\//, /^\/sitemap/, /^\/robots\.txt$/] },
  ),
);

// The page's "Update" button: the new version takes over, and the page reloads into it.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
