import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsonld from 'jsonld';
import { and, eq } from 'drizzle-orm';
import {
  pageCallKey,
  postPageCalls,
  productPageCalls,
  questionPageCalls,
  storePageCalls,
  type PageCall,
} from '@app/domain';
import { posts, products, queries, shops } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { countStatementsMatching } from '../../test/statement-counter.js';

/**
 * The HTML of shared pages as a crawler fetches it, without JavaScript: title, description,
 * canonical, preview image and JSON-LD a JSON-LD processor reads with the right schema.org types.
 */

let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-web-'));
const HOST = 'revuhub.example';

let store: { id: string; token: string };
let pendingStoreOwner: string;
let productId: string;
let retiredProductId: string;
let reviewId: string;
let privatePostId: string;
let authorId: string;
let questionId: string;
let unansweredId: string;
let heldQuestionId: string;

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Revuhub</title>' +
      '<meta name="description" content="The app" /></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: `http://${HOST}` });

  const seller = await createUser(t.db, { role: 'SELLER', ownerName: 'Sunita Gowda' });
  await t.db.insert(shops).values({
    userId: seller.id,
    name: 'Gowda Footwear',
    businessType: 'Footwear store',
    area: 'Jayanagar',
    address: '14, 11th Main Road, 4th Block',
    pinCode: '560011',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    latitude: 12.925,
    longitude: 77.5938,
    phone: '08047182290',
    media: [{ name: 'front.webp', url: '/media/images/front.webp', type: 'IMAGE' }],
  });
  store = { id: seller.id, token: await loginAs(t.app, seller.email, seller.password) };

  const applicant = await createUser(t.db, { role: 'USER', ownerName: 'Not Yet Approved' });
  await t.db.insert(shops).values({ userId: applicant.id, name: 'Pending Shoes', city: 'Mysuru' });
  pendingStoreOwner = applicant.id;

  const create = async (model: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/createNewProduct',
      headers: { authorization: store.token },
      payload: {
        brand: 'Stride Lab',
        model,
        colour: 'Navy',
        size: 'UK 8',
        gender: 'Men',
        category: { parentCategoryName: 'Footwear', childCategoryName: 'Sports Shoes' },
        moq: '1',
        ogPrice: '2000',
        dsctPrice: '1500',
        retailPrice: '3999',
        dsctRetailPrice: '2999',
        tags: 'running',
        desc: 'Light daily trainer for <b>city</b> runs.',
        images: [{ url: '/media/shoe.webp', name: 'shoe.webp', type: 'IMAGE' }],
        inventory_quantity: 5,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ Data: { _id: string } }>().Data._id;
  };
  productId = await create('Tempo 3');
  retiredProductId = await create('Tempo 2');
  await t.db.update(products).set({ isActive: false }).where(eq(products.id, retiredProductId));

  const author = await createUser(t.db, { ownerName: 'Meena Iyer' });
  authorId = author.id;
  const [review] = await t.db
    .insert(posts)
    .values({
      authorId,
      authorName: 'Meena Iyer',
      title: 'Comfortable from day one </script><script>alert(1)</script>',
      description: 'Wore them for a 10k; no blisters.',
      media: [{ url: '/media/reviews/run.webp', thumbnail: '' }],
      // Stars for the product (issue 41): the posts trigger counts them for the product and its seller.
      products: [
        { name: 'Stride Lab Tempo 3', productID: productId, ordered: true, userId: store.id, rating: 4 },
      ],
      storeUserId: store.id,
    })
    .returning({ id: posts.id });
  reviewId = review!.id;
  const [hidden] = await t.db
    .insert(posts)
    .values({ authorId, authorName: 'Meena Iyer', title: 'Just for friends', isPrivate: true })
    .returning({ id: posts.id });
  privatePostId = hidden!.id;

  // A question asked of the store, answered by the store and by a customer (and once privately).
  const [question] = await t.db
    .insert(queries)
    .values({
      text: 'Do the Tempo 3 run true to size?',
      askerId: authorId,
      askerName: 'Meena Iyer',
      scope: 'store',
      scopeUserId: store.id,
    })
    .returning({ id: queries.id });
  questionId = question!.id;
  await t.db.insert(posts).values([
    {
      authorId,
      authorName: 'Meena Iyer',
      title: 'Half a size small',
      description: 'Order half a size up if you have wide feet.',
      queryId: questionId,
      createdAt: new Date('2026-11-20T10:00:00Z'),
    },
    {
      authorId: store.id,
      authorName: 'Sunita Gowda',
      answeredAs: 'Gowda Footwear',
      title: 'True to size',
      description: 'They fit as your usual size; we exchange within 7 days.',
      queryId: questionId,
      createdAt: new Date('2026-11-21T10:00:00Z'),
    },
    { authorId, authorName: 'Meena Iyer', title: 'Private note', queryId: questionId, isPrivate: true },
  ]);
  const [unanswered] = await t.db
    .insert(queries)
    .values({ text: 'Is there parking near the store?', askerId: authorId, askerName: 'Meena Iyer' })
    .returning({ id: queries.id });
  unansweredId = unanswered!.id;
  const [held] = await t.db
    .insert(queries)
    .values({ text: 'Held question', askerId: authorId, askerName: 'Meena Iyer', awaitingConfirmation: true })
    .returning({ id: queries.id });
  heldQuestionId = held!.id;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

/** The JSON-LD blocks of a page, expanded by a JSON-LD processor (schema.org's context given locally). */
/**
 * An `AggregateRating` with the properties schema.org defines for it and Google's review snippets
 * read (https://schema.org/AggregateRating): value, count and the scale's ends.
 */
function expectAggregateRating(expanded: unknown) {
  const text = JSON.stringify(expanded);
  expect(text).toContain('https://schema.org/aggregateRating');
  expect(text).toContain('"@type":["https://schema.org/AggregateRating"]');
  for (const property of ['ratingValue', 'ratingCount', 'bestRating', 'worstRating']) {
    expect(text).toContain(`https://schema.org/${property}`);
  }
}

async function structuredData(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? 'null') as object,
  );
  // Tests have no network: schema.org's context is its vocabulary, https://schema.org/ + term.
  const documentLoader = async (url: string) => {
    if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`Unexpected context ${url}`);
    return {
      contextUrl: undefined,
      documentUrl: url,
      document: { '@context': { '@vocab': 'https://schema.org/' } },
    };
  };
  const expanded = await Promise.all(
    blocks.map((b) => jsonld.expand(b as jsonld.JsonLdDocument, { documentLoader } as jsonld.Options.Expand)),
  );
  return { blocks: blocks as Array<Record<string, unknown>>, expanded: expanded.flat() };
}

const types = (expanded: object[]) => expanded.map((node) => (node as { '@type'?: string[] })['@type']?.[0]);

describe('the store page', () => {
  it('carries the store name, place, canonical address, image and a Store with its address and position', async () => {
    const res = await page(`/viewstore/false/${store.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Gowda Footwear, Jayanagar, Bengaluru | Revuhub</title>');
    // The built app's own title and description are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="The app"');
    expect(meta(html, 'description')).toContain('Footwear store in Jayanagar, Bengaluru');
    expect(html).toContain(`<link rel="canonical" href="http://${HOST}/viewstore/true/${store.id}" />`);
    expect(meta(html, 'og:image')).toBe(`http://${HOST}/media/images/front.webp`);
    expect(html).toContain('<div id="root"></div>');

    const { blocks, expanded } = await structuredData(html);
    expect(types(expanded)).toEqual(['https://schema.org/Store']);
    expect(blocks[0]).toMatchObject({
      name: 'Gowda Footwear',
      telephone: '08047182290',
      address: { postalCode: '560011', addressLocality: 'Bengaluru', addressCountry: 'IN' },
      geo: { latitude: 12.925, longitude: 77.5938 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, ratingCount: 1 },
    });
    expectAggregateRating(expanded);
    expect(JSON.stringify(blocks)).not.toMatch(/@example\.com/);
  });

  // Issue 24: like index.html, a shared page is revalidated on every visit and costs a 304 unchanged.
  it('is revalidated by its ETag: unchanged it answers 304, edited it answers the new page', async () => {
    const url = `/viewstore/true/${store.id}`;
    const first = await page(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await page(url, { 'if-none-match': etag })).statusCode).toBe(304);

    await t.db.update(shops).set({ name: 'Gowda Footwear and Sons' }).where(eq(shops.userId, store.id));
    const edited = await page(url, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    await t.db.update(shops).set({ name: 'Gowda Footwear' }).where(eq(shops.userId, store.id));
  });

  it('does not preview or index a store waiting for approval', async () => {
    const res = await page(`/viewstore/true/${pendingStoreOwner}`);
    expect(res.statusCode).toBe(404);
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(res.body).not.toContain('Pending Shoes');
    expect(res.body).not.toContain('application/ld+json');
  });
});

describe('the product page', () => {
  it('carries a Product with an Offer in rupees, its availability and seller', async () => {
    const ratingReads = countStatementsMatching(/"rating_counts"/, t.db);
    const res = await page(`/product/b2b/true/${productId}`);
    // The JSON-LD's rating is the one the page's own ratings call read, not read a second time.
    expect(ratingReads.count).toBe(1);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Stride Lab Tempo 3 (Navy, size UK 8) | Revuhub</title>');
    expect(res.body).toContain(`<link rel="canonical" href="http://${HOST}/product/${productId}" />`);
    expect(meta(res.body, 'og:type')).toBe('product');
    expect(meta(res.body, 'robots')).toBeUndefined();
    const { blocks, expanded } = await structuredData(res.body);
    expect(types(expanded)).toEqual(['https://schema.org/Product']);
    expect(blocks[0]).toMatchObject({
      brand: { '@type': 'Brand', name: 'Stride Lab' },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: '2999.00',
        availability: 'https://schema.org/InStock',
        seller: { name: 'Gowda Footwear', url: `http://${HOST}/viewstore/true/${store.id}` },
      },
      aggregateRating: { ratingValue: 4, ratingCount: 1, bestRating: 5, worstRating: 1 },
    });
    expectAggregateRating(expanded);
  });

  it('keeps a product taken off sale out of search results and says it is not in stock', async () => {
    const res = await page(`/product/${retiredProductId}`);
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'robots')).toBe('noindex');
    const { blocks } = await structuredData(res.body);
    expect(blocks[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    // Nobody rated it: no empty AggregateRating, which crawlers reject.
    expect(blocks[0]).not.toHaveProperty('aggregateRating');
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await page(`/product/${'a'.repeat(24)}`);
    expect(res.statusCode).toBe(404);
    expect(meta(res.body, 'robots')).toBe('noindex');
  });
});

describe('the post page', () => {
  it('is a Review of the product it tags, by its author, with text that cannot close the script', async () => {
    const res = await page(`/post/${authorId}/${reviewId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    const { blocks, expanded } = await structuredData(res.body);
    expect(types(expanded)).toEqual(['https://schema.org/Review']);
    expect(blocks[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Meena Iyer' },
      name: 'Comfortable from day one </script><script>alert(1)</script>',
      itemReviewed: {
        '@type': 'Product',
        name: 'Stride Lab Tempo 3',
        url: `http://${HOST}/product/${productId}`,
      },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
    });
    const rating = JSON.stringify(expanded);
    expect(rating).toContain('"@type":["https://schema.org/Rating"]');
    expect(rating).toContain('https://schema.org/reviewRating');
  });

  it('previews a private post to whoever has its link but keeps it out of search results', async () => {
    const res = await page(`/post/${authorId}/${privatePostId}`);
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'robots')).toBe('noindex');
  });
});

/** The answers a shared page carries for the calls its page makes on opening, by call. */
function preloaded(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="preloaded-answers">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? '{}') as Record<string, unknown>) : {};
}

/** What the API answers a visitor (no session) for one of those calls. */
async function answerOf(call: PageCall) {
  const res = await t.app.inject({
    method: call.method,
    url: `/api${call.path}`,
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
  expect(res.statusCode).toBe(200);
  return res.json<unknown>();
}

describe('the question page (issue 39)', () => {
  it("is a QAPage whose Question has its public answers, the store's own answer by the store", async () => {
    const res = await page(`/question/${questionId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Do the Tempo 3 run true to size? | Revuhub</title>');
    expect(meta(html, 'description')).toBe(
      '2 answers on Revuhub from people who know. Asked of Gowda Footwear.',
    );
    expect(html).toContain(`<link rel="canonical" href="http://${HOST}/question/${questionId}" />`);
    expect(meta(html, 'robots')).toBeUndefined();
    const { blocks, expanded } = await structuredData(html);
    expect(types(expanded)).toEqual(['https://schema.org/QAPage']);
    const main = blocks[0]!.mainEntity as Record<string, unknown> & {
      suggestedAnswer: Array<Record<string, unknown>>;
    };
    expect(main).toMatchObject({
      '@type': 'Question',
      name: 'Do the Tempo 3 run true to size?',
      answerCount: 2,
      author: { '@type': 'Person', name: 'Meena Iyer' },
    });
    expect(main.suggestedAnswer).toHaveLength(2);
    expect(main.suggestedAnswer).toContainEqual(
      expect.objectContaining({
        '@type': 'Answer',
        text: 'True to size\n\nThey fit as your usual size; we exchange within 7 days.',
        author: { '@type': 'Organization', name: 'Gowda Footwear' },
        url: expect.stringMatching(new RegExp(`^http://${HOST}/post/${store.id}/[0-9a-f]{24}$`)),
      }),
    );
    expect(JSON.stringify(blocks)).not.toContain('Private note');
    expect(JSON.stringify(blocks)).not.toMatch(/@example\.com/);
  });

  it('gives the answer its asker accepted as acceptedAnswer, with its helpful votes (issue 41)', async () => {
    await t.db
      .update(posts)
      .set({ acceptedAt: new Date(), helpfulVotes: 3 })
      .where(and(eq(posts.queryId, questionId), eq(posts.title, 'Half a size small')));
    try {
      const { blocks, expanded } = await structuredData((await page(`/question/${questionId}`)).body);
      const main = blocks[0]!.mainEntity as Record<string, Array<Record<string, unknown>>>;
      expect(main.acceptedAnswer).toEqual([
        expect.objectContaining({
          '@type': 'Answer',
          upvoteCount: 3,
          text: expect.stringMatching(/^Half a size small/),
        }),
      ]);
      expect(main.suggestedAnswer).toHaveLength(1);
      expect(JSON.stringify(expanded)).toContain('https://schema.org/acceptedAnswer');
    } finally {
      await t.db
        .update(posts)
        .set({ acceptedAt: null, helpfulVotes: 0 })
        .where(and(eq(posts.queryId, questionId), eq(posts.title, 'Half a size small')));
    }
  });

  it('keeps a question nobody answered yet out of search results, and answers 404 for a held or unknown one', async () => {
    const open = await page(`/question/${unansweredId}`);
    expect(open.statusCode).toBe(200);
    expect(meta(open.body, 'robots')).toBe('noindex');
    expect(meta(open.body, 'description')).toBe('A question on Revuhub. Be the first to answer it.');
    expect((await page(`/question/${heldQuestionId}`)).statusCode).toBe(404);
    expect((await page('/question/0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await page('/question/not-an-id')).statusCode).toBe(404);
  });
});

// Issue 26: a phone opening a shared link draws the page without first asking the API.
describe('the answers a shared page carries', () => {
  it('are the visitor answers to every call the post, store and product pages make on opening', async () => {
    const pages: Array<[string, PageCall[]]> = [
      [`/post/${authorId}/${reviewId}`, postPageCalls(authorId, reviewId)],
      [`/viewstore/true/${store.id}`, storePageCalls(store.id)],
      [`/product/${productId}`, productPageCalls(productId, store.id, 'Tempo 3')],
      [`/question/${questionId}`, questionPageCalls(questionId)],
    ];
    for (const [url, calls] of pages) {
      const html = (await page(url)).body;
      const answers = preloaded(html);
      expect(Object.keys(answers).sort()).toEqual(
        calls.map((c) => pageCallKey(c.method, c.path, c.body)).sort(),
      );
      for (const call of calls) {
        expect(answers[pageCallKey(call.method, call.path, call.body)]).toEqual(await answerOf(call));
      }
      // Nothing a visitor may not see: no e-mail or mobile of the seller or the author.
      expect(JSON.stringify(answers)).not.toMatch(/@example\.com|"mobile"|"email"/);
    }
  });

  it('cannot be ended early by text a user typed', async () => {
    const html = (await page(`/post/${authorId}/${reviewId}`)).body;
    const block = /id="preloaded-answers">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('</script>');
    expect(JSON.stringify(preloaded(html))).toContain(
      'Comfortable from day one </script><script>alert(1)</script>',
    );
  });

  it('are left out for a page that is not found', async () => {
    const res = await page(`/viewstore/true/${pendingStoreOwner}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('preloaded-answers');
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists approved stores, products on sale, public posts and answered questions, and nothing pending, retired or private', async () => {
    const index = await page('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
    expect(files).toEqual([
      `http://${HOST}/sitemaps/pages.xml`,
      `http://${HOST}/sitemaps/stores-1.xml`,
      `http://${HOST}/sitemaps/products-1.xml`,
      `http://${HOST}/sitemaps/posts-1.xml`,
      `http://${HOST}/sitemaps/questions-1.xml`,
    ]);
    const urls: string[] = [];
    for (const file of files) {
      const res = await page(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      urls.push(...[...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!));
      if (!file.endsWith('pages.xml')) expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    }
    expect(urls).toContain(`http://${HOST}/viewstore/true/${store.id}`);
    expect(urls).not.toContain(`http://${HOST}/viewstore/true/${pendingStoreOwner}`);
    expect(urls).toContain(`http://${HOST}/product/${productId}`);
    expect(urls).not.toContain(`http://${HOST}/product/${retiredProductId}`);
    expect(urls).toContain(`http://${HOST}/post/${authorId}/${reviewId}`);
    expect(urls.some((u) => u.includes(privatePostId))).toBe(false);
    expect(urls).toContain(`http://${HOST}/storelocator`);
    // Questions with a public answer, dated by it; one nobody answered and a held one are left out.
    expect(urls).toContain(`http://${HOST}/question/${questionId}`);
    expect(urls.some((u) => u.includes(unansweredId) || u.includes(heldQuestionId))).toBe(false);
  });

  it('lists a store once its seller is approved', async () => {
    const before = await page('/sitemaps/stores-1.xml');
    expect(before.body).not.toContain(pendingStoreOwner);
    const approve = await createUser(t.db, { role: 'SELLER', ownerName: 'Newly Approved' });
    await t.db.insert(shops).values({ userId: approve.id, name: 'Fresh Kicks', city: 'Mysuru' });
    const after = await page('/sitemaps/stores-1.xml');
    expect(after.body).toContain(`/viewstore/true/${approve.id}`);
  });

  it('answers 404 for a sitemap page past the last', async () => {
    expect((await page('/sitemaps/posts-2.xml')).statusCode).toBe(404);
    expect((await page('/sitemaps/orders-1.xml')).statusCode).toBe(404);
  });

  it('points crawlers to the sitemap and keeps them off the API and personal pages', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /myorders');
  });

  it('tells search engines not to index personal pages, and lets them index public ones', async () => {
    const account = await page('/myaccount');
    expect(account.statusCode).toBe(200);
    expect(account.headers['x-robots-tag']).toBe('noindex');
    const locator = await page('/storelocator');
    expect(locator.statusCode).toBe(200);
    expect(locator.headers['x-robots-tag']).toBeUndefined();
  });
});

// Issue 39: to a link preview or a crawler without JavaScript, these pages were "Revuhub" and nothing more.
describe('the public app pages', () => {
  it.each([
    ['/storelocator', 'Store locator', /nearest you/],
    ['/skilldiscovery', 'Skill discovery', /Experiences and services/],
    ['/askquery', 'Ask a query', /Ask anyone/],
  ])(
    '%s is served with its own title, description, canonical and preview tags',
    async (url, title, about) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${title} | Revuhub</title>`);
      expect(meta(html, 'description')).toMatch(about);
      expect(meta(html, 'og:title')).toBe(title);
      expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
      expect(meta(html, 'og:url')).toBe(`http://${HOST}${url}`);
      expect(meta(html, 'twitter:card')).toBe('summary');
      expect(html).toContain(`<link rel="canonical" href="http://${HOST}${url}" />`);
      // The app still boots there, with what follows the path kept for it.
      expect(html).toContain('<div id="root"></div>');
      expect((await page(`${url}?category=Fashion`)).statusCode).toBe(200);
      // Compressed for a browser that accepts it, and revalidated by its ETag.
      const compressed = await page(url, { 'accept-encoding': 'br, gzip' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);
      const etag = String(compressed.headers.etag);
      const again = await page(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
    },
  );
});
