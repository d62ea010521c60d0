import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The web app's server-side render of a shared page (apps/web/src/app/shared-page-render.tsx, built
 * into apps/web/dist-server by the web app's build): the page's markup for a visitor without a
 * session reading English, drawn from the answers the API gave for the page's calls.
 */
export interface RenderedPage {
  html: string;
  queryState: string;
}
type RenderModule = {
  renderSharedPage(url: string, answers: ReadonlyMap<string, unknown>): Promise<RenderedPage | null>;
};
export type PageRenderer = (
  url: string,
  answers: ReadonlyMap<string, string>,
) => Promise<RenderedPage | undefined>;

/** A page drawn from the same answers is the same page: kept this long, for a link shared widely. */
const KEEP_MS = 30_000;
const KEEP_PAGES = 100;

/**
 * Loads the render module on the first shared page (about 1 MB of JavaScript the API's other routes
 * never need). Without a built web app (tests of the API alone) there is nothing to render and pages
 * go out with their answers only, as before. A render that fails is logged and the page goes out
 * unrendered: the browser draws it, as it did before pages were rendered here.
 */
export function pageRenderer(file: string, log: FastifyBaseLogger): PageRenderer {
  let loading: Promise<RenderModule | undefined> | undefined;
  const load = () =>
    (loading ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((error: unknown) => {
          log.error({ err: error }, 'The shared pages renderer could not be loaded; pages go out unrendered');
          return undefined;
        })
      : Promise.resolve(undefined));
  const kept = new Map<string, { page: RenderedPage | undefined; until: number }>();

  return async (url, answers) => {
    const key = createHash('sha1')
      .update(url)
      .update('\0')
      .update([...answers].map(([call, body]) => `${call}\0${body}`).join('\0'))
      .digest('base64url');
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && hit.until > now) return hit.page;
    const module = await load();
    if (!module) return undefined;
    let page: RenderedPage | undefined;
    try {
      const parsed = new Map([...answers].map(([call, body]) => [call, JSON.parse(body) as unknown]));
      page = (await module.renderSharedPage(url, parsed)) ?? undefined;
    } catch (error) {
      log.error({ err: error, url }, 'A shared page could not be rendered; it goes out unrendered');
      page = undefined;
    }
    kept.delete(key);
    kept.set(key, { page, until: now + KEEP_MS });
    // Oldest first in a Map: drop it past the limit.
    if (kept.size > KEEP_PAGES) kept.delete(kept.keys().next().value as string);
    return page;
  };
}
