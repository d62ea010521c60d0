import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PublicPost, RatingSummary } from '@app/domain';
import { posts, verifiedPurchases } from '../../db/schema/index.js';
import { deviceCookieSecret } from '../../lib/device-cookies.js';
import {
  createTestApp,
  createUser,
  credentialHeaders,
  loginAs,
  outboxOnceHolding,
  type TestApp,
} from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';
import { signReviewKey } from '../review-requests/review-key.js';

// Issue 41: a review is a verified purchase because the order says so, its stars are counted once,
// and a full refund takes the mark back.

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SIMULATOR_SECRET: 'verified-reviews',
    PUBLIC_URL: 'https://revuhub.example',
    NOTIFICATIONS_POLL_SECONDS: '10',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
    RATE_LIMIT_POSTS_PER_MINUTE: '100000',
  });
  seller = await makeSeller(t, 'Kaveri Silks');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, credentials?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: credentialHeaders(credentials),
    ...(payload ? { payload } : {}),
  });

async function signedInBuyer() {
  const user = await createUser(t.db, { ownerName: 'Meera Iyer' });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

/** An order placed (signed in with `token`, or anonymously) and paid on the simulator. */
async function paidOrder(productId: string, token?: string, overrides: Record<string, unknown> = {}) {
  const body = orderBody(productId, overrides);
  const placed = await call('POST', '/euOrder/saveOrder2', body, token);
  expect(placed.statusCode).toBe(201);
  const { data, cfOrder } = placed.json<{
    data: { order: { _id: string } };
    cfOrder: { paymentSessionId: string };
  }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/pay/simulator/${cfOrder.paymentSessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  expect(paid.statusCode).toBe(303);
  return { orderId: data.order._id, contact: body.address.email };
}

async function deliver(orderId: string) {
  for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
    const moved = await call('POST', '/orders/updateFulfilment', { orderId, fulfilment }, seller.token);
    expect(moved.statusCode).toBe(200);
  }
}

const ratingsOf = async (productId: string) =>
  (await call('GET', `/products/getProductRatings/${productId}`)).json<{ Data: RatingSummary }>().Data;

async function productOfPost(postId: string, productId: string) {
  const [row] = await t.db.select({ products: posts.products }).from(posts).where(eq(posts.id, postId));
  return row!.products.find((p) => p.productID === productId);
}

/** A review through the spec's add-review call, signed in, with stars for the product. */
async function freeReview(token: string, productId: string, rating?: number) {
  const res = await call(
    'POST',
    '/inflncr/addReview',
    {
      caption: [{ index: 0, value: 'Soft and true to size' }],
      description: [{ index: 0, value: 'Wore it to a wedding; the colour held after a wash.' }],
      storeUserId: seller.id,
      products: [{ id: productId, name: 'ignored', ...(rating ? { rating } : {}) }],
      userData: { name: 'Meera Iyer', email: 'x@example.com', mobile: '9000000000' },
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ postId: string; infId: string }>();
}

describe('verified by the order', () => {
  it('a delivered order asks once for a review; the review from its link is verified, rated 4 and counted once', async () => {
    const productId = await makeProduct(t, seller, 5);
    const buyer = await signedInBuyer();
    const { orderId, contact } = await paidOrder(productId, buyer.token);
    const secret = deviceCookieSecret(t.config, { warn: () => undefined });
    const key = signReviewKey(secret, orderId);

    // Before delivery the form shows the order but cannot be sent.
    const early = await call('GET', `/orders/${orderId}/review?key=${key}`);
    expect(early.statusCode).toBe(200);
    expect(early.json().Data).toMatchObject({
      productId,
      reviewable: false,
      waitsFor: 'delivery',
      review: null,
      authorName: 'Meera Iyer',
    });
    await deliver(orderId);

    const messages = await outboxOnceHolding(t.db, contact, (found) =>
      found.some((m) => m.body.includes('write your review')),
    );
    const asking = messages.filter((m) => m.body.includes('write your review'));
    expect(asking).toHaveLength(1);
    const link = `https://revuhub.example/revieworder/${orderId}?key=${key}`;
    expect(asking[0]!.body).toContain(link);

    // Nobody else opens the form: no key, a wrong key, or another account.
    expect((await call('GET', `/orders/${orderId}/review`)).statusCode).toBe(404);
    expect((await call('GET', `/orders/${orderId}/review?key=${'A'.repeat(43)}`)).statusCode).toBe(404);
    const other = await signedInBuyer();
    expect((await call('GET', `/orders/${orderId}/review`, undefined, other.token)).statusCode).toBe(404);

    const form = await call('GET', `/orders/${orderId}/review?key=${key}`);
    expect(form.json().Data).toMatchObject({
      productId,
      storeName: 'Kaveri Silks Store',
      reviewable: true,
      review: null,
    });

    const badStars = await call('POST', `/orders/${orderId}/review`, { key, rating: 6, description: 'Good' });
    expect(badStars.statusCode).toBe(400);
    expect(badStars.json().errors).toMatchObject({ rating: 'Choose 1 to 5 stars' });

    const sent = await call('POST', `/orders/${orderId}/review`, {
      key,
      rating: 4,
      title: 'Lovely weave',
      description: 'The border is finer than in the photos.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { postId, infId } = sent.json<{ Data: { postId: string; infId: string } }>().Data;
    expect(infId).toBe(buyer.id);

    const post = (await call('GET', `/inflncr/getSpecificPost/${infId}/${postId}`)).json<{
      Data: PublicPost;
    }>().Data;
    expect(post.authorName).toBe('Meera Iyer');
    // The seller is a brand (makeSeller): the review is about the brand.
    expect(post.brandUserId).toBe(seller.id);
    expect(post.postData.products).toEqual([
      expect.objectContaining({
        productID: productId,
        ordered: true,
        rating: 4,
        orderedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);

    // One review per order: the second is refused, and the form says which review it made.
    const again = await call('POST', `/orders/${orderId}/review`, { key, rating: 5, description: 'Again' });
    expect(again.statusCode).toBe(409);
    expect((await call('GET', `/orders/${orderId}/review?key=${key}`)).json().Data).toMatchObject({
      reviewable: false,
      waitsFor: null,
      review: { postId, infId },
    });

    // A second review of the same product by the same buyer has no order left to verify it.
    const second = await freeReview(buyer.token, productId, 1);
    expect(await productOfPost(second.postId, productId)).toMatchObject({ ordered: false, rating: 1 });

    expect(await ratingsOf(productId)).toMatchObject({
      reviews: 2,
      verifiedReviews: 1,
      ratings: 2,
      verifiedRatings: 1,
      average: 2.5,
      verifiedAverage: 4,
      histogram: [
        { stars: 5, ratings: 0, verified: 0 },
        { stars: 4, ratings: 1, verified: 1 },
        { stars: 3, ratings: 0, verified: 0 },
        { stars: 2, ratings: 0, verified: 0 },
        { stars: 1, ratings: 1, verified: 0 },
      ],
    });
    const store = (await call('GET', `/shop/getStoreRatings/${seller.id}`)).json<{ Data: RatingSummary }>()
      .Data;
    expect(store.verifiedRatings).toBeGreaterThanOrEqual(1);
  });

  it('a full refund takes the mark back, and the counts with it; a review written before paying is verified when paid', async () => {
    const productId = await makeProduct(t, seller, 5);
    const buyer = await signedInBuyer();
    const early = await freeReview(buyer.token, productId, 5);
    expect(await productOfPost(early.postId, productId)).toMatchObject({ ordered: false });

    const { orderId } = await paidOrder(productId, buyer.token);
    expect(await productOfPost(early.postId, productId)).toMatchObject({ ordered: true, rating: 5 });
    expect(await ratingsOf(productId)).toMatchObject({ verifiedRatings: 1, verifiedAverage: 5 });

    const state = (await call('GET', `/orders/status/${orderId}`, undefined, buyer.token)).json<{
      data: { refundablePaise: number };
    }>().data;
    const refund = await call(
      'POST',
      `/orders/${orderId}/refunds`,
      { amount: (state.refundablePaise / 100).toFixed(2), reason: 'Wrong colour sent' },
      seller.token,
    );
    expect(refund.statusCode, refund.body).toBe(200);
    for (let i = 0; i < 200 && (await productOfPost(early.postId, productId))?.ordered; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const product = await productOfPost(early.postId, productId);
    expect(product).toMatchObject({ ordered: false, rating: 5 });
    expect(product?.orderedOn).toBeUndefined();
    expect(await ratingsOf(productId)).toMatchObject({
      ratings: 1,
      verifiedRatings: 0,
      verifiedAverage: null,
    });
  });

  it("an order placed with another person's contact verifies nobody's review", async () => {
    const productId = await makeProduct(t, seller, 5);
    const holder = await signedInBuyer();
    // Anyone may type an existing account's e-mail at checkout: the order waits for its holder's code.
    await paidOrder(productId, undefined, {
      address: { ...orderBody(productId).address, email: holder.email },
    });
    const review = await freeReview(holder.token, productId, 5);
    expect(await productOfPost(review.postId, productId)).toMatchObject({ ordered: false });
    expect(await ratingsOf(productId)).toMatchObject({ ratings: 1, verifiedRatings: 0 });

    // Until its holder says it is theirs: then it proves their purchase as if placed signed in.
    const waiting = (await call('GET', '/contributions/mine', undefined, holder.token)).json<{
      data: Array<{ _id: string; kind: string; subjectId: string }>;
    }>().data;
    const claim = waiting.find((c) => c.kind === 'order');
    expect(claim).toBeDefined();
    const published = await call('POST', '/contributions/publish', { _id: claim!._id }, holder.token);
    expect(published.statusCode, published.body).toBe(200);
    expect(await productOfPost(review.postId, productId)).toMatchObject({ ordered: true, rating: 5 });
    expect(await ratingsOf(productId)).toMatchObject({ ratings: 1, verifiedRatings: 1 });
  });

  it('stars are optional for older clients, refused outside 1 to 5, and a private review is not counted', async () => {
    const productId = await makeProduct(t, seller, 5);
    const buyer = await signedInBuyer();
    await freeReview(buyer.token, productId);
    const refused = await call(
      'POST',
      '/inflncr/addReview',
      {
        description: [{ index: 0, value: 'Nice' }],
        storeUserId: seller.id,
        products: [{ id: productId, rating: 0 }],
        userData: { name: 'Meera Iyer', email: 'x@example.com', mobile: '9000000000' },
      },
      buyer.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ 'products.0.rating': 'Choose 1 to 5 stars' });
    const hidden = await freeReview(buyer.token, productId, 2);
    await t.db.update(posts).set({ isPrivate: true }).where(eq(posts.id, hidden.postId));
    expect(await ratingsOf(productId)).toMatchObject({ reviews: 1, ratings: 0, average: null });
    await t.db.update(posts).set({ isPrivate: false }).where(eq(posts.id, hidden.postId));
    expect(await ratingsOf(productId)).toMatchObject({ reviews: 2, ratings: 1, average: 2 });
    // A moderator's hide sets only the moderation state (a trigger makes the post private): the
    // counts and the product page leave it out all the same, and take it back on restore.
    await t.db.update(posts).set({ moderationState: 'hidden' }).where(eq(posts.id, hidden.postId));
    expect(await ratingsOf(productId)).toMatchObject({ reviews: 1, ratings: 0 });
    const listed = async () =>
      (await call('GET', `/inflncr/getPostsByTaggedProductId/${productId}`))
        .json<{ Data: PublicPost[] }>()
        .Data.map((p) => p._id);
    expect(await listed()).not.toContain(hidden.postId);
    await t.db.update(posts).set({ moderationState: 'visible' }).where(eq(posts.id, hidden.postId));
    expect(await ratingsOf(productId)).toMatchObject({ reviews: 2, ratings: 1 });
    expect(await listed()).toContain(hidden.postId);
    await t.db.delete(posts).where(eq(posts.id, hidden.postId));
    expect(await listed()).not.toContain(hidden.postId);
    expect(await ratingsOf(productId)).toMatchObject({ reviews: 1, ratings: 0 });
  });

  it('an anonymised author keeps the mark with its month and the stars; the link to the order goes', async () => {
    const productId = await makeProduct(t, seller, 5);
    const buyer = await signedInBuyer();
    const { orderId } = await paidOrder(productId, buyer.token);
    await deliver(orderId);
    const review = await freeReview(buyer.token, productId, 5);
    const before = await productOfPost(review.postId, productId);
    expect(before?.orderedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const deleted = await call(
      'POST',
      '/privacy/deleteAccount',
      { password: buyer.password, contributions: 'anonymise' },
      buyer.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await productOfPost(review.postId, productId);
    expect(after).toMatchObject({ ordered: true, rating: 5, orderedOn: before!.orderedOn!.slice(0, 7) });
    expect(await t.db.select().from(verifiedPurchases).where(eq(verifiedPurchases.orderId, orderId))).toEqual(
      [],
    );
    expect(await ratingsOf(productId)).toMatchObject({ ratings: 1, verifiedRatings: 1, verifiedAverage: 5 });
  });

  it('twenty reviews of one order sent at once make one review and one verified rating', async () => {
    const productId = await makeProduct(t, seller, 5);
    const buyer = await signedInBuyer();
    const { orderId } = await paidOrder(productId, buyer.token);
    await deliver(orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/orders/${orderId}/review`, { rating: 3, description: `Try ${i}` }, buyer.token),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await ratingsOf(productId)).toMatchObject({ reviews: 1, ratings: 1, verifiedRatings: 1 });
  });

  it('labels come only from facts: a reward earned through the review, a product received free', async () => {
    const productId = await makeProduct(t, seller, 20);
    const author = await signedInBuyer();
    const review = await freeReview(author.token, productId, 5);
    // Nothing the author sends can label it: the field is not read.
    const typed = await call(
      'POST',
      '/inflncr/addReview',
      {
        description: [{ index: 0, value: 'Typed label' }],
        storeUserId: seller.id,
        labels: ['earns-from-sales'],
        products: [{ id: productId }],
        userData: { name: 'Meera Iyer', email: 'x@example.com', mobile: '9000000000' },
      },
      author.token,
    );
    expect(typed.statusCode).toBe(201);
    const labelsOf = async (postId: string) =>
      (await t.db.select({ labels: posts.labels }).from(posts).where(eq(posts.id, postId)))[0]!.labels;
    expect(await labelsOf(typed.json().postId)).toEqual([]);

    // Someone buys from the review, naming its author as referrer: paid, no label yet; delivered,
    // the reward is earned (as the ledger books it) and the review says so.
    const { orderId } = await paidOrder(productId, undefined, {
      mentionInfId: author.id,
      mentionPostId: review.postId,
      referrercontactNum: author.mobile,
    });
    expect(await labelsOf(review.postId)).toEqual([]);
    await deliver(orderId);
    expect(await labelsOf(review.postId)).toEqual(['earns-from-sales']);
    const shown = (await call('GET', `/inflncr/getSpecificPost/${author.id}/${review.postId}`)).json<{
      Data: PublicPost;
    }>().Data;
    expect(shown.labels).toEqual(['earns-from-sales']);

    // The admin sends another account a free sample; that account's review of it says so.
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    const sampled = await signedInBuyer();
    const earlier = await freeReview(sampled.token, productId, 4);
    const free = await call(
      'POST',
      '/orders/saveOrderWebWithoutPay',
      orderBody(productId, { quantity: 1, sample: true, user: sampled.id }),
      adminToken,
    );
    expect(free.statusCode, free.body).toBe(201);
    expect(await labelsOf(earlier.postId)).toEqual(['received-free']);
    const later = await freeReview(sampled.token, productId, 4);
    expect(await labelsOf(later.postId)).toEqual(['received-free']);
    // A free product proves no purchase.
    expect(await productOfPost(later.postId, productId)).toMatchObject({ ordered: false });
  });
});
