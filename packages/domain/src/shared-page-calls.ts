/**
 * The API calls a visitor's browser makes when it opens a page people share (a review, a store, a
 * product). Written once here: the web app's hooks build their calls with these, and the API sends
 * the answers to the same calls inside the page's HTML (apps/api/src/modules/site/page-boot.ts), so
 * a phone opening a shared link draws the page without waiting for them. A call the two sides
 * spelled differently would only be fetched again, never answered wrongly: the key is the call.
 */

/**
 * The id of the data block holding the answers a shared page was drawn with on the server
 * (TanStack Query's dehydrated state), which the browser hydrates the page's markup with.
 */
export const SERVER_QUERY_STATE_ID = 'server-query-state';

/**
 * The cookie in which a browser tells the server the language it reads (`en`, `hi`, or `pseudo`
 * for the test pseudo-locale). Shared pages are drawn on the server in English only: a browser
 * reading another language gets the page to draw itself, in its language.
 */
export const LANGUAGE_COOKIE = 'revuhub-lang';

/** One call, as the web app's API client makes it (its path is below `/api`). */
export interface PageCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** The key of a call in the page's preloaded answers: method, path and the body as sent. */
export function pageCallKey(method: string, path: string, body: unknown): string {
  return body === undefined ? `${method} ${path}` : `${method} ${path} ${JSON.stringify(body)}`;
}

const enc = encodeURIComponent;

/** Products shown per page of a store's catalogue. */
export const CATALOGUE_PAGE_SIZE = 60;
/** Reviews of a product shown on its page. */
export const PRODUCT_REVIEWS_LIMIT = 6;
/** The newest reviews of a store or brand shown on its page. */
export const STORE_REVIEWS_LIMIT = 3;
/** The other sizes and colours of a product's model shown on its page. */
export const MODEL_SIZES_LIMIT = 200;

export const pageCallPaths = {
  post: (infId: string, postId: string) => `/inflncr/getSpecificPost/${enc(infId)}/${enc(postId)}`,
  postMentions: '/mention/getMyItems',
  /** The body of the post page's "Mentions" call; its key order is part of the call's key. */
  postMentionsBody: (infId: string, postId: string) => ({
    infId,
    postId,
    collection: 'mentions' as const,
    pagination: { page: 1, limit: 50 },
  }),
  store: (userId: string) => `/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${enc(userId)}`,
  catalogue: (userId: string, page: number, limit: number, model: string) =>
    `/products/getProductOnUserId/${enc(userId)}/${page}/${limit}${model ? `?model=${enc(model)}` : ''}`,
  product: (productId: string) => `/products/getProductOnId/${enc(productId)}`,
  /** The newest reviews about a store or brand (its page's Reviews). */
  storeReviews: (userId: string) =>
    `/inflncr/getPostsByTaggedStoreUserId/${enc(userId)}?limit=${STORE_REVIEWS_LIMIT}`,
  /** A page of the questions asked of a profile that have an answer (its page's Questions). */
  answeredQuestions: (userId: string, page: number) => `/queries/answeredOf/${enc(userId)}?page=${page}`,
  productReviews: (productId: string) =>
    `/inflncr/getPostsByTaggedProductId/${enc(productId)}?limit=${PRODUCT_REVIEWS_LIMIT}`,
  /** A product's ratings: average, histogram, verified share (issue 41). */
  productRatings: (productId: string) => `/products/getProductRatings/${enc(productId)}`,
  /** The same over a store's or brand's products. */
  storeRatings: (userId: string) => `/shop/getStoreRatings/${enc(userId)}`,
  /** A question with its asker and who it was asked of (its page, and the answer forms). */
  question: (queryId: string) => `/queries/getQuery/${enc(queryId)}`,
  /** The answers made for a question (Direct Responses); POST with questionAnswersBody. */
  questionAnswers: '/inflncr/getPostsByQueryId',
  /** The body of the answers call; its key order is part of the call's key. */
  questionAnswersBody: (queryId: string) => ({
    queryId,
    pagination: { page: 1, limit: QUESTION_ANSWERS_LIMIT },
  }),
};

/** Answers of a question fetched at once (its page, and Direct Responses under the answer form). */
export const QUESTION_ANSWERS_LIMIT = 10;

/** What a question's page asks for on opening: the question and its answers (issue 39). */
export function questionPageCalls(queryId: string): PageCall[] {
  return [
    { method: 'GET', path: pageCallPaths.question(queryId) },
    {
      method: 'POST',
      path: pageCallPaths.questionAnswers,
      body: pageCallPaths.questionAnswersBody(queryId),
    },
  ];
}

/** What the post page asks for on opening. */
export function postPageCalls(infId: string, postId: string): PageCall[] {
  return [
    { method: 'GET', path: pageCallPaths.post(infId, postId) },
    { method: 'POST', path: pageCallPaths.postMentions, body: pageCallPaths.postMentionsBody(infId, postId) },
  ];
}

/**
 * What a store page asks for on opening: the store, the first page of its catalogue, its newest
 * reviews, its ratings and its answered questions.
 */
export function storePageCalls(userId: string): PageCall[] {
  return [
    { method: 'GET', path: pageCallPaths.store(userId) },
    { method: 'GET', path: pageCallPaths.catalogue(userId, 1, CATALOGUE_PAGE_SIZE, '') },
    { method: 'GET', path: pageCallPaths.storeReviews(userId) },
    { method: 'GET', path: pageCallPaths.storeRatings(userId) },
    { method: 'GET', path: pageCallPaths.answeredQuestions(userId, 1) },
  ];
}

/** What a product page asks for on opening, once the product's seller and model are known. */
export function productPageCalls(productId: string, sellerId: string, model: string): PageCall[] {
  return [
    { method: 'GET', path: pageCallPaths.product(productId) },
    { method: 'GET', path: pageCallPaths.store(sellerId) },
    { method: 'GET', path: pageCallPaths.productReviews(productId) },
    { method: 'GET', path: pageCallPaths.productRatings(productId) },
    // Asked only for a product with a model name (its other sizes and colours).
    ...(model
      ? [{ method: 'GET' as const, path: pageCallPaths.catalogue(sellerId, 1, MODEL_SIZES_LIMIT, model) }]
      : []),
  ];
}
