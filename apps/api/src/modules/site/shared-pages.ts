import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ID_PATTERN,
  postPageCalls,
  pageCallKey,
  pageCallPaths,
  productPageCalls,
  questionPageCalls,
  QUESTION_ANSWERS_LIMIT,
  storePageCalls,
  type PageCall,
  type PublicPost,
  type PublicQuery,
  type PublicShop,
  type RatingSummary,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { RatingSubject } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { absoluteUrl, headTags, loadShell, notFoundHead, sendPage, SITE_NAME } from '../../lib/html-head.js';
import {
  loadPageAssets,
  loadRenderedShell,
  pageAnswers,
  pageBoot,
  type SharedPageName,
} from './page-boot.js';
import { pageRenderer } from './page-render.js';
import { findProductForPage, findSubjectName } from './seo.repository.js';
import { ratingSummaryOf } from '../posts/rating-summaries.js';
import { postData, productData, questionData, storeData, type ReviewedItem } from './structured-data.js';

/** What the pages read, passed in by the app so this module imports no other. */
export interface SharedPageSources {
  db: Database;
  getPost(infId: string, postId: string): Promise<PublicPost>;
  getStore(userId: string): Promise<PublicShop>;
  /** A question (404 when unknown or held for its asker's code) and its first answers. */
  getQuestion(queryId: string, answers: number): Promise<{ query: PublicQuery; answers: PublicPost[] }>;
}

const storePath = (userId: string) => `/viewstore/true/${userId}`;
const productPath = (productId: string) => `/product/${productId}`;

/** Page errors that mean "nothing to show here" (404), as opposed to a failure (500). */
function notFoundMessage(error: unknown): string | undefined {
  if (error instanceof AppError && error.status === 404) return error.message;
  return undefined;
}

/**
 * The pages people share (a review, a store, a product): the built web app with the page's own
 * title, description, canonical address, preview image and schema.org JSON-LD in its head, so link
 * previews and search engines see them without running JavaScript; the app then takes over.
 */
export async function registerSharedPages(
  app: FastifyInstance,
  {
    sources,
    webDist,
    renderer,
    siteUrl: base,
  }: { sources: SharedPageSources; webDist: string; renderer: string; siteUrl: string },
) {
  const shell = loadShell(webDist);
  const assets = loadPageAssets(webDist);
  const render = pageRenderer(renderer, app.log);
  const rendered = loadRenderedShell(shell, webDist);
  /**
   * A shared page with `head`: drawn here into the rendered shell, or with its chunks and answers for
   * the browser to draw.
   */
  const sendShared = async (
    request: FastifyRequest,
    reply: FastifyReply,
    head: string | ((answers: Map<string, string>) => Promise<string>),
    page: SharedPageName,
    calls: PageCall[],
  ) => {
    const url = `${base}${request.url}`;
    const answers = await pageAnswers(app, request, calls);
    const boot = await pageBoot(request, { page, answers, assets, render, rendered, url });
    const fullHead = `${typeof head === 'string' ? head : await head(answers)}\n    ${boot.head}`;
    return rendered && boot.root
      ? sendPage(reply, rendered.html, fullHead, 200, boot.root)
      : sendPage(reply, shell, fullHead);
  };
  const hidden = { schema: { hide: true } };
  /**
   * A product's or store's ratings for its JSON-LD: read from the page's own ratings call, which the
   * browser is sent anyway; asked of the database only when that call did not answer (a visitor over
   * their rate budget, say).
   */
  const ratingsOf = async (
    answers: Map<string, string>,
    path: string,
    subject: RatingSubject,
    id: string,
  ) => {
    const answered = answers.get(pageCallKey('GET', path, undefined));
    return answered
      ? (JSON.parse(answered) as { Data: RatingSummary }).Data
      : ratingSummaryOf(sources.db, subject, id);
  };

  app.get<{ Params: { infId: string; postId: string } }>(
    '/post/:infId/:postId',
    hidden,
    async (request, reply) => {
      const { infId, postId } = request.params;
      if (!ID_PATTERN.test(infId) || !ID_PATTERN.test(postId)) {
        return sendPage(reply, shell, notFoundHead('Post not found'), 404);
      }
      let post: PublicPost;
      try {
        post = await sources.getPost(infId, postId);
      } catch (error) {
        // A post held for its account holder's code, or one moderators took down: no preview of it.
        const message = notFoundMessage(error);
        if (message === undefined) throw error;
        return sendPage(reply, shell, notFoundHead(message), 404);
      }
      const pageUrl = `${base}/post/${infId}/${postId}`;
      const image = absoluteUrl(post.postData.data[0]?.url, base);
      const reviewed = await reviewedItem(sources.db, post, base);
      const title = post.postData.caption[0]?.value || `A review by ${post.authorName}`;
      const description = post.postData.desc[0]?.value || `Read ${post.authorName}'s review on ${SITE_NAME}`;
      const head = headTags({
        title,
        description,
        canonical: pageUrl,
        type: 'article',
        image,
        // A private post is shared by its link only: previewed, never listed by search engines.
        noindex: post.isPrivate,
        structuredData: [postData(post, pageUrl, image, reviewed)],
      });
      return sendShared(request, reply, head, 'post', postPageCalls(infId, postId));
    },
  );

  app.get<{ Params: { queryId: string } }>('/question/:queryId', hidden, async (request, reply) => {
    const { queryId } = request.params;
    if (!ID_PATTERN.test(queryId)) return sendPage(reply, shell, notFoundHead('Question not found'), 404);
    let found: Awaited<ReturnType<SharedPageSources['getQuestion']>>;
    try {
      found = await sources.getQuestion(queryId, QUESTION_ANSWERS_LIMIT);
    } catch (error) {
      const message = notFoundMessage(error);
      if (message === undefined) throw error;
      return sendPage(reply, shell, notFoundHead(message), 404);
    }
    const { query } = found;
    // Private posts are shared by their link only: not part of the question's public answers.
    const answers = found.answers.filter((post) => !post.isPrivate);
    const pageUrl = `${base}/question/${queryId}`;
    const asked = query.scopeName ? ` Asked of ${query.scopeName}.` : '';
    const description =
      answers.length === 0
        ? `A question on ${SITE_NAME}.${asked} Be the first to answer it.`
        : `${answers.length === 1 ? 'One answer' : `${answers.length} answers`} on ${SITE_NAME} from people who know.${asked}`;
    const head = headTags({
      title: query.search,
      description,
      canonical: pageUrl,
      type: 'article',
      // A question nobody answered yet is reachable, not listed: search engines want answers.
      noindex: answers.length === 0,
      structuredData: [
        questionData(query, answers, pageUrl, (post) =>
          post.infId ? `${base}/post/${post.infId}/${post._id}` : undefined,
        ),
      ],
    });
    return sendShared(request, reply, head, 'question', questionPageCalls(queryId));
  });

  const storePage = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    if (!ID_PATTERN.test(userId)) return sendPage(reply, shell, notFoundHead('Store not found'), 404);
    let shop: PublicShop;
    try {
      // As a visitor sees it: a store waiting for approval is not found (and not indexed).
      shop = await sources.getStore(userId);
    } catch (error) {
      const message = notFoundMessage(error);
      if (message === undefined) throw error;
      return sendPage(reply, shell, notFoundHead(message), 404);
    }
    const pageUrl = `${base}${storePath(userId)}`;
    const image = absoluteUrl(shop.media.find((m) => m.type === 'IMAGE')?.url, base);
    const place = [shop.area, shop.address.city].filter((p) => p.trim()).join(', ');
    const description = [
      shop.businessType || 'Store',
      place ? `in ${place}` : '',
      '— see its catalogue, reviews and directions, and order online.',
    ]
      .filter(Boolean)
      .join(' ');
    const head = async (answers: Map<string, string>) =>
      headTags({
        title: place ? `${shop.name}, ${place}` : shop.name,
        description,
        canonical: pageUrl,
        type: 'website',
        image,
        structuredData: [
          storeData(
            shop,
            pageUrl,
            image,
            await ratingsOf(answers, pageCallPaths.storeRatings(userId), 'seller', userId),
          ),
        ],
      });
    return sendShared(request, reply, head, 'store', storePageCalls(userId));
  };
  app.get<{ Params: { userId: string } }>('/viewstore/:userId', hidden, (request, reply) =>
    storePage(request, reply, request.params.userId),
  );
  app.get<{ Params: { b2c: string; userId: string } }>('/viewstore/:b2c/:userId', hidden, (request, reply) =>
    storePage(request, reply, request.params.userId),
  );

  const productPage = async (request: FastifyRequest, reply: FastifyReply, productId: string) => {
    const found = ID_PATTERN.test(productId) ? await findProductForPage(sources.db, productId) : undefined;
    if (!found) return sendPage(reply, shell, notFoundHead('Product not found'), 404);
    const { product: p } = found;
    const pageUrl = `${base}${productPath(p.id)}`;
    const image = absoluteUrl(p.media.find((m) => m.type === 'IMAGE')?.url ?? p.media[0]?.thumbnail, base);
    const sellerName = found.storeName ?? found.ownerName;
    // Product names are usually "brand model" already (the add form builds them so).
    const name =
      !p.brand.trim() || p.prdctName.toLowerCase().startsWith(p.brand.toLowerCase())
        ? p.prdctName
        : `${p.brand} ${p.prdctName}`;
    const variant = [p.colour, p.size ? `size ${p.size}` : ''].filter(Boolean).join(', ');
    const price = p.retailDsctPrice || p.retailOriginalPrice;
    const description =
      p.description.trim() ||
      `${name}${variant ? ` (${variant})` : ''} for ₹${price.toLocaleString('en-IN')} from ${sellerName}.`;
    const head = async (answers: Map<string, string>) =>
      headTags({
        title: variant ? `${name} (${variant})` : name,
        description,
        canonical: pageUrl,
        type: 'product',
        image,
        // Taken off sale, or sold by an account not (or no longer) approved: reachable, not listed.
        noindex: !p.isActive || !found.sellerApproved,
        structuredData: [
          productData(
            {
              id: p.id,
              name,
              brand: p.brand,
              model: p.model,
              colour: p.colour,
              size: p.size,
              description: p.description,
              category: p.childCategoryName || p.parentCategoryName,
              sku: p.sellerSku || p.skuId,
              price,
              inStock: p.isActive && (!p.trackInventory || p.inventoryQuantity > 0),
              image,
              sellerName,
              sellerUrl: `${base}${storePath(p.userId)}`,
            },
            pageUrl,
            await ratingsOf(answers, pageCallPaths.productRatings(p.id), 'product', p.id),
          ),
        ],
      });
    return sendShared(request, reply, head, 'product', productPageCalls(p.id, p.userId, p.model));
  };
  app.get<{ Params: { productId: string } }>('/product/:productId', hidden, (request, reply) =>
    productPage(request, reply, request.params.productId),
  );
  app.get<{ Params: { b2b: string; productId: string } }>(
    '/product/b2b/:b2b/:productId',
    hidden,
    (request, reply) => productPage(request, reply, request.params.productId),
  );
}

/** What a post reviews: the first product it tags, else the store, brand or person it is about. */
async function reviewedItem(db: Database, post: PublicPost, base: string): Promise<ReviewedItem | undefined> {
  const product = post.postData.products.find((p) => p.name.trim());
  if (product) {
    return {
      type: 'Product',
      name: product.name,
      ...(product.rating ? { rating: product.rating } : {}),
      ...(ID_PATTERN.test(product.productID) ? { url: `${base}${productPath(product.productID)}` } : {}),
    };
  }
  const subjectId = post.storeUserId ?? post.brandUserId ?? post.influencerUserId;
  if (!subjectId) return undefined;
  const name = await findSubjectName(db, subjectId);
  if (!name) return undefined;
  return {
    type: 'Organization',
    name,
    ...(post.storeUserId ? { url: `${base}${storePath(post.storeUserId)}` } : {}),
  };
}
