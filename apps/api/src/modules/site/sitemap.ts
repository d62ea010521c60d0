import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { escapeHtml } from '../../lib/html-head.js';
import {
  countSitemapEntries,
  SITEMAP_PAGE_SIZE,
  sitemapPage,
  type SitemapEntry,
  type SitemapKind,
} from './seo.repository.js';

/**
 * `/sitemap.xml` is a sitemap index (sitemaps.org): one file of the site's own pages, then one file
 * per 50,000 stores, products, posts and questions that anyone may see (approved stores, active
 * products of approved sellers, public posts, questions with a public answer). `/robots.txt` points crawlers to it and keeps them off the API
 * and personal pages.
 */

/** Pages of the web app worth finding by search, beside the stores, products and posts. */
export const INDEXABLE_APP_PAGES = [
  '/',
  '/viewstores',
  '/storelocator',
  '/skilldiscovery',
  '/viewreviews',
  '/validatedreviews',
  '/askquery',
  '/joinasexpert',
  '/joinasbrand',
  '/dealer/join-as-retailer',
  '/joinasenduser',
  '/privacypolicy',
  '/termsandconditions',
] as const;

/** Personal and working pages: crawlers are asked to stay off them (they also answer noindex). */
const PRIVATE_PREFIXES = [
  '/api/',
  '/login',
  '/adminlogin',
  '/teamlogin',
  '/changepassword',
  '/forgotpassword',
  '/myaccount',
  '/myorders',
  '/checkout',
  '/thankyou',
  '/unsubscribe',
  '/outbox',
  '/manage',
  '/moderatereviews',
  '/addproduct',
  '/sellerorders',
  '/adminorders',
  '/settlements',
  '/payouts',
  '/skilldiscovery/responses',
  '/search',
  '/mydata',
  '/deletionrequests',
  '/pay/',
];

const KINDS: readonly SitemapKind[] = ['stores', 'products', 'posts', 'questions'];
const XML = 'application/xml; charset=utf-8';
/** Crawlers read a sitemap rarely; an hour-old one costs nothing and spares the database. */
const CACHE = 'public, max-age=3600';

const day = (date: Date) => date.toISOString().slice(0, 10);

function urlset(base: string, entries: Array<{ path: string; updatedAt?: Date }>): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeHtml(`${base}${e.path}`)}</loc>${e.updatedAt ? `<lastmod>${day(e.updatedAt)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function registerSitemap(
  app: FastifyInstance,
  { db, siteUrl: base }: { db: Database; siteUrl: string },
) {
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', hidden, async (_request, reply) => {
    const counts = await countSitemapEntries(db);
    const files = ['/sitemaps/pages.xml'];
    for (const kind of KINDS) {
      const pages = Math.ceil(counts[kind] / SITEMAP_PAGE_SIZE);
      for (let page = 1; page <= pages; page += 1) files.push(`/sitemaps/${kind}-${String(page)}.xml`);
    }
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      files.map((f) => `<sitemap><loc>${escapeHtml(`${base}${f}`)}</loc></sitemap>`).join('\n') +
      `\n</sitemapindex>\n`;
    return reply.type(XML).header('cache-control', CACHE).send(body);
  });

  app.get('/sitemaps/pages.xml', hidden, async (_request, reply) => {
    return reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(
        urlset(
          base,
          INDEXABLE_APP_PAGES.map((path) => ({ path })),
        ),
      );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hidden, async (request, reply) => {
    const match = /^(stores|products|posts|questions)-([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    if (!match) return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap');
    const kind = match[1] as SitemapKind;
    const page = Number(match[2]);
    const entries: SitemapEntry[] = await sitemapPage(db, kind, page);
    if (entries.length === 0)
      return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap');
    return reply.type(XML).header('cache-control', CACHE).send(urlset(base, entries));
  });
}

/** Whether a web app path is a personal or working page that search engines must not index. */
export function isPrivateAppPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}
