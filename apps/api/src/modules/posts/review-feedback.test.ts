import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PublicPost } from '@app/domain';
import { domainEvents, postReports, posts, queries, verifiedPurchases } from '../../db/schema/index.js';
import { createTestApp, createUser, credentialHeaders, loginAs, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller } from '../orders/orders-test-helpers.js';

// Issue 41: helpful votes (one per account, a verified buyer's weighs more), the asker's accepted
// answers, and the reviewed business's one public reply.

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '100000' });
  seller = await makeSeller(t, 'Kaveri Silks');
  productId = await makeProduct(t, seller, 5);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: credentialHeaders(token),
    ...(payload ? { payload } : {}),
  });

async function account(name = 'Meera Iyer') {
  const user = await createUser(t.db, { ownerName: name });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

/** A public review of the product by `author`, about the seller (a brand). */
async function review(
  author: { id: string; ownerName: string },
  title: string,
  extra: Partial<typeof posts.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(posts)
    .values({
      authorId: author.id,
      authorName: author.ownerName,
      title,
      products: [{ name: 'Tempo', productID: productId, ordered: false, userId: seller.id }],
      brandUserId: seller.id,
      ...extra,
    })
    .returning({ id: posts.id });
  return row!.id;
}

const postOf = async (infId: string, postId: string) =>
  (await call('GET', `/inflncr/getSpecificPost/${infId}/${postId}`)).json<{ Data: PublicPost }>().Data;

describe('helpful votes', () => {
  it('count one per account under twenty votes at once, never the author’s own, and can be taken back', async () => {
    const author = await account();
    const postId = await review(author, 'Runs true to size');
    const voter = await account('Ravi Kumar');

    expect((await call('POST', `/inflncr/helpful/${postId}`)).statusCode).toBe(401);
    const own = await call('POST', `/inflncr/helpful/${postId}`, author.token);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot vote on your own post');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/inflncr/helpful/${postId}`, voter.token)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await postOf(author.id, postId)).helpfulVotes).toBe(1);
    expect(answers.map((a) => a.json().data.helpfulVotes)).toContain(1);

    const mine = await call('GET', `/inflncr/helpful/mine?ids=${postId}`, voter.token);
    expect(mine.json().data).toEqual({ voted: [postId] });
    const undone = await call('DELETE', `/inflncr/helpful/${postId}`, voter.token);
    expect(undone.json().data).toEqual({ postId, helpfulVotes: 0, voted: false });
    expect((await call('DELETE', `/inflncr/helpful/${postId}`, voter.token)).json().data.helpfulVotes).toBe(
      0,
    );
    expect((await call('GET', `/inflncr/helpful/mine?ids=${postId}`, voter.token)).json().data).toEqual({
      voted: [],
    });

    // A private post is not there to vote on.
    const hidden = await review(author, 'Just for me', { isPrivate: true });
    expect((await call('POST', `/inflncr/helpful/${hidden}`, voter.token)).statusCode).toBe(404);
  });

  it('a verified buyer’s vote weighs more in "Most helpful" order', async () => {
    const author = await account();
    const first = await review(author, 'One plain vote');
    const second = await review(author, 'One buyer vote');
    const third = await review(author, 'No votes, newest');
    const plain = await account('Plain Voter');
    const buyer = await account('Buyer Voter');
    // The buyer bought the product here: a verified purchase of it (issue 41).
    await t.db.execute(sql`
      insert into orders (id, buyer_user_id, seller_user_id, product_id, source, channel, quantity, unit_price, amount, address, payment_state)
      values ('ffffffffffffffffffff0001', ${buyer.id}, ${seller.id}, ${productId}, 'test', 'b2c', 1, 100, 100, '{}'::jsonb, 'PAID')`);
    await t.db.insert(verifiedPurchases).values({
      orderId: 'ffffffffffffffffffff0001',
      buyerUserId: buyer.id,
      productId,
      orderedOn: '2026-12-01',
    });
    expect((await call('POST', `/inflncr/helpful/${first}`, plain.token)).statusCode).toBe(200);
    expect((await call('POST', `/inflncr/helpful/${second}`, buyer.token)).statusCode).toBe(200);

    const list = async (sort: string) =>
      (await call('GET', `/inflncr/getPostsByTaggedProductId/${productId}?limit=50&sort=${sort}`))
        .json<{ Data: PublicPost[] }>()
        .Data.map((p) => p._id)
        .filter((id) => [first, second, third].includes(id));
    expect(await list('helpful')).toEqual([second, first, third]);
    expect(await list('newest')).toEqual([third, second, first]);
    expect((await call('GET', `/inflncr/getPostsByTaggedProductId/${productId}?sort=best`)).statusCode).toBe(
      400,
    );
  });
});

describe('the business replies', () => {
  it('only the reviewed business replies, once, editable with its history; the author is told once', async () => {
    const author = await account();
    const postId = await review(author, 'Colour ran in the wash');
    const stranger = await makeSeller(t, 'Other Looms');

    const refused = await call('PUT', `/inflncr/reply/${postId}`, stranger.token, { text: 'Not ours' });
    expect(refused.statusCode).toBe(403);
    const empty = await call('PUT', `/inflncr/reply/${postId}`, seller.token, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ text: 'Write your reply' });

    const first = await call('PUT', `/inflncr/reply/${postId}`, seller.token, {
      text: 'Sorry about that: we have sent a replacement.',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ repliedAs: 'Kaveri Silks Store', editedAt: null });
    const edited = await call('PUT', `/inflncr/reply/${postId}`, seller.token, {
      text: 'Sorry about that: a replacement left today.',
    });
    expect(edited.json().data.editedAt).toEqual(expect.any(String));

    const post = await postOf(author.id, postId);
    expect(post.reply).toMatchObject({
      text: 'Sorry about that: a replacement left today.',
      repliedAs: 'Kaveri Silks Store',
    });
    const history = await call('GET', `/inflncr/reply/${postId}/history`, author.token);
    expect(history.json().data.map((h: { text: string }) => h.text)).toEqual([
      'Sorry about that: a replacement left today.',
      'Sorry about that: we have sent a replacement.',
    ]);
    expect((await call('GET', `/inflncr/reply/${postId}/history`, stranger.token)).statusCode).toBe(403);

    // A moderator removes the reply with a reason: the review stays, the history says so.
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    expect(
      (await call('POST', `/moderation/posts/${postId}/removeReply`, seller.token, { reason: 'Rude words' }))
        .statusCode,
    ).toBe(403);
    const removed = await call('POST', `/moderation/posts/${postId}/removeReply`, adminToken, {
      reason: 'Names a customer',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await postOf(author.id, postId)).reply).toBeUndefined();
    const after = await call('GET', `/inflncr/reply/${postId}/history`, author.token);
    expect(after.json().data[0].text).toBe('Removed by a moderator: Names a customer');
    expect(
      (await call('POST', `/moderation/posts/${postId}/removeReply`, adminToken, { reason: 'Again' }))
        .statusCode,
    ).toBe(404);

    const told = await t.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'review.replied'), sql`${domainEvents.payload}->>'postId' = ${postId}`),
      );
    expect(told).toEqual([
      { payload: expect.objectContaining({ recipientUserId: author.id, repliedAs: 'Kaveri Silks Store' }) },
    ]);
  });
});

describe('accepted answers', () => {
  it('the asker accepts an answer, and takes it back; nobody else may', async () => {
    const asker = await account('Asha Rao');
    const [question] = await t.db
      .insert(queries)
      .values({
        text: 'Is the Tempo true to size?',
        askerId: asker.id,
        askerName: 'Asha Rao',
        scope: 'anything',
      })
      .returning({ id: queries.id });
    const answerer = await account('Ravi Kumar');
    const answer = await review(answerer, 'Half a size small', { queryId: question!.id, products: [] });
    const path = `/queries/${question!.id}/answers/${answer}/accept`;

    expect((await call('POST', path, answerer.token, { accepted: true })).statusCode).toBe(403);
    const accepted = await call('POST', path, asker.token, { accepted: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await postOf(answerer.id, answer)).acceptedByAsker).toBe(true);
    const other = await review(answerer, 'Not an answer');
    expect(
      (
        await call('POST', `/queries/${question!.id}/answers/${other}/accept`, asker.token, {
          accepted: true,
        })
      ).statusCode,
    ).toBe(404);
    await call('POST', path, asker.token, { accepted: false });
    expect((await postOf(answerer.id, answer)).acceptedByAsker).toBeUndefined();
  });
});

describe('integrity in the open', () => {
  it('says when many reviews came on one day, from counts kept by the writes', async () => {
    const burstProduct = await makeProduct(t, seller, 5);
    const author = await account();
    const at = (day: string) => new Date(`${day}T06:00:00Z`);
    const values = (day: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        authorId: author.id,
        authorName: author.ownerName,
        title: `Review ${day} ${i}`,
        products: [{ name: 'Tempo', productID: burstProduct, ordered: false, userId: seller.id, rating: 5 }],
        createdAt: at(day),
      }));
    await t.db.insert(posts).values([...values('2026-11-01', 3), ...values('2026-11-20', 9)]);
    const summary = async () =>
      (await call('GET', `/products/getProductRatings/${burstProduct}`)).json().Data as {
        burst: unknown;
        reviews: number;
      };
    // Nine on one day is not yet a burst (at least ten).
    expect(await summary()).toMatchObject({ reviews: 12, burst: null });
    const [tenth] = await t.db.insert(posts).values(values('2026-11-20', 1)).returning({ id: posts.id });
    expect(await summary()).toMatchObject({ reviews: 13, burst: { day: '2026-11-20', reviews: 10 } });
    // Moved to another day (an import fixing its date), it leaves that day's count.
    await t.db
      .update(posts)
      .set({ createdAt: at('2026-11-02') })
      .where(eq(posts.id, tenth!.id));
    expect(await summary()).toMatchObject({ reviews: 13, burst: null });
  });

  it('sends a review with another author’s words to the moderators, and sums an author for them', async () => {
    const first = await account('First Author');
    const copier = await account('Copier');
    const words = {
      caption: [{ index: 0, value: 'Comfortable from day one' }],
      description: [
        { index: 0, value: 'Wore them for a 10k run; no blisters, and the sole still grips well.' },
      ],
      brandUserId: seller.id,
      products: [{ id: productId, rating: 5 }],
      userData: { name: 'X', email: 'x@example.com', mobile: '9000000000' },
    };
    const original = await call('POST', '/inflncr/addReview', first.token, words);
    expect(original.statusCode).toBe(201);
    // The same words, with other capitals and punctuation.
    const copy = await call('POST', '/inflncr/addReview', copier.token, {
      ...words,
      caption: [{ index: 0, value: 'COMFORTABLE from day one!' }],
      description: [
        { index: 0, value: 'Wore them for a 10k run... no blisters and the sole still grips well' },
      ],
    });
    expect(copy.statusCode).toBe(201);
    const reports = await t.db
      .select({ postId: postReports.postId, details: postReports.details })
      .from(postReports)
      .where(inArray(postReports.postId, [original.json().postId, copy.json().postId]));
    expect(reports).toEqual([
      {
        postId: copy.json().postId,
        details: `Found automatically: the same words as another author's review (post ${original.json().postId}).`,
      },
    ]);
    // The same author posting the same words again is not a copy of someone else.
    expect((await call('POST', '/inflncr/addReview', first.token, words)).statusCode).toBe(201);

    const admin = await createUser(t.db, { role: 'ADMIN' });
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    expect((await call('GET', `/moderation/authors/${copier.id}`, copier.token)).statusCode).toBe(403);
    const signals = await call('GET', `/moderation/authors/${copier.id}`, adminToken);
    expect(signals.json().Data).toMatchObject({
      reviews: 1,
      verifiedReviews: 0,
      starsGiven: [0, 0, 0, 0, 1],
      busiestDay: { reviews: 1 },
      burst: false,
      sameTextReviews: 1,
    });
  });
});
