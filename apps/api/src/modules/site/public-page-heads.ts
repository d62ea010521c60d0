import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { headTags, loadShell } from '../../lib/html-head.js';
import { preferredEncoding } from '../../plugins/compression.js';
import type { INDEXABLE_APP_PAGES } from './sitemap.js';

/**
 * The head each of the web app's public pages is served with: link previews (WhatsApp, X, Facebook)
 * and crawlers that run no JavaScript saw only "Revuhub" and nothing to describe the page (issue
 * 39). The landing page (`/`) carries its own, written into it by the build
 * (apps/web/scripts/prerender-landing.mjs).
 */
export const PUBLIC_PAGE_HEADS: Record<
  Exclude<(typeof INDEXABLE_APP_PAGES)[number], '/'>,
  { title: string; description: string }
> = {
  '/viewstores': {
    title: 'Stores',
    description:
      'Browse the stores and brands on Revuhub: their catalogues, reviews and answers to questions.',
  },
  '/storelocator': {
    title: 'Store locator',
    description:
      'Find the stores nearest you by category, brand or pincode, with their distance, opening hours and directions.',
  },
  '/skilldiscovery': {
    title: 'Skill discovery',
    description:
      'Experiences and services shared by creators and service providers near you, and requirements from recruiters.',
  },
  '/viewreviews': {
    title: 'Recent reviews',
    description:
      'Honest reviews of products, stores, brands and service providers from people who used them.',
  },
  '/validatedreviews': {
    title: 'Tagged reviews',
    description: 'Reviews tagged to the stores, brands and creators they are about, and accepted by them.',
  },
  '/askquery': {
    title: 'Ask a query',
    description:
      'Ask anyone, or a particular store, brand, creator or service provider, and get answers from personal experience.',
  },
  '/joinasexpert': {
    title: 'Join as an expert',
    description: 'Share your experience and services as a creator or service provider on Revuhub.',
  },
  '/joinasbrand': {
    title: 'Join as a brand',
    description:
      'Bring your brand to Revuhub: your catalogue, your stores on the locator, and answers to buyers.',
  },
  '/dealer/join-as-retailer': {
    title: 'Join as a retailer',
    description:
      'Open your store on Revuhub: sell online, appear on the store locator and answer buyers’ questions.',
  },
  '/joinasenduser': {
    title: 'Create an account',
    description: 'Create a Revuhub account to ask questions, write reviews and order from stores near you.',
  },
  '/privacypolicy': {
    title: 'Privacy policy',
    description:
      'How Revuhub collects, uses and protects your personal data, and how to export or delete it.',
  },
  '/termsandconditions': {
    title: 'Terms and conditions',
    description: 'The terms of using Revuhub as a buyer, reviewer, creator, store or brand.',
  },
};

/**
 * Serves each public page's shell with its own title, description, canonical and preview tags. The
 * pages are the same for every visitor until the next start, so each is built once, with its
 * brotli and gzip forms and an ETag, as the build's own files are served (plugins/static-web.ts).
 */
export function registerPublicPageHeads(
  app: FastifyInstance,
  { webDist, siteUrl }: { webDist: string; siteUrl: string },
) {
  const shell = loadShell(webDist);
  for (const [pagePath, { title, description }] of Object.entries(PUBLIC_PAGE_HEADS)) {
    const head = headTags({ title, description, canonical: `${siteUrl}${pagePath}`, type: 'website' });
    const html = Buffer.from(shell.replace('</head>', `  ${head}\n  </head>`));
    const tag = createHash('sha1').update(html).digest('base64url');
    const forms = {
      identity: { body: html, etag: `"${tag}"` },
      br: { body: zlib.brotliCompressSync(html), etag: `"${tag}-br"` },
      gzip: { body: zlib.gzipSync(html), etag: `"${tag}-gz"` },
    };
    app.get(pagePath, { schema: { hide: true } }, (request, reply) => {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const form = forms[encoding ?? 'identity'];
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', form.etag);
      if (encoding) reply.header('content-encoding', encoding);
      const asked = request.headers['if-none-match'];
      if (asked?.split(',').some((t) => t.trim().replace(/^W\//, '') === form.etag)) {
        return reply.status(304).send();
      }
      return reply.send(form.body);
    });
  }
}
