import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MODERATION_MESSAGES,
  MODERATION_UNDO_MINUTES,
  type NewPostInput,
  type PublicPost,
} from '@app/domain';
import { domainEvents, moderationActions, postReports, posts, tagSettings } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/index.js';
import { stableId } from '../../lib/ids.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createOutboxMessaging } from '../../providers/messaging/outbox-messaging.js';
import {
  createTestApp,
  createUser,
  latestCode,
  loginAs,
  outboxFor,
  type TestApp,
} from '../../test/test-app.js';
import { sendDueNotifications } from '../notifications/notifications.service.js';
import { REPORT_CAPS } from './post-moderation.js';

let t: TestApp;
const STORE = stableId('demo-user', 'mg-road-electronics');
const BRAND = stableId('demo-user', 'nimbus-audio');
const PRODUCT = stableId('demo-product', 'nimbus-buds-air');

let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
let seq = 0;
function contact(name = 'Farhan Qureshi') {
  seq += 1;
  const suffix = `${Date.now() % 1e6}${seq}`;
  return { name, email: `farhan${suffix}@example.com`, mobile: `97${suffix.padStart(8, '0').slice(-8)}` };
}

function review(overrides: Partial<NewPostInput> = {}): NewPostInput {
  return {
    slug: true,
    type: 'IMAGE',
    caption: [{ index: 0, value: 'Worst shop ever' }],
    description: [{ index: 0, value: 'Abusive words here' }],
    data: [],
    products: [{ id: PRODUCT, name: 'x' }],
    links: { data: [], index: 0 },
    hashtags: [],
    storeUserId: STORE,
    brandUserId: BRAND,
    isPrivate: false,
    userData: contact(),
    influencerData: { name: 'Farhan Qureshi', isService: false },
    ...overrides,
  };
}

/** A bare tag (the tag pages' payload) of `post` to `storeUserId`. */
const tagOf = (post: { postId: string; infId: string }, storeUserId: string): NewPostInput =>
  review({
    caption: [],
    description: [],
    products: [],
    brandUserId: undefined,
    storeUserId,
    mentionPostId: post.postId,
    mentionInfId: post.infId,
  });

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null = null,
  payload?: object,
  ip = '10.1.1.1',
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });

async function addPost(input: NewPostInput, token: string | null = null) {
  const res = await call('POST', '/api/inflncr/addReview', token, input);
  expect(res.statusCode).toBe(201);
  return res.json<{ postId: string; infId: string }>();
}

const act = (postId: string, action: string, reason: string, token = adminToken) =>
  call('POST', '/api/moderation/posts/act', token, { postId, action, reason });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '1000' });
  await seedDatabase(t.db, { demo: true, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
  admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Priya Admin' });
  adminToken = await loginAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
});

describe('hiding, restoring and removing a post', () => {
  it('hides with a reason and an audit record; the author still reads it with the reason; restore brings it back', async () => {
    const author = await createUser(t.db, { ownerName: 'Kavya Menon' });
    const authorToken = await loginAs(t.app, author.email, author.password);
    const { postId, infId } = await addPost(review(), authorToken);
    const link = `/api/inflncr/getSpecificPost/${infId}/${postId}`;
    expect((await call('GET', link)).statusCode).toBe(200);

    const hidden = await act(postId, 'hide', 'Abusive language towards the staff');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().Data.state).toBe('hidden');

    const visitorView = await call('GET', link);
    expect(visitorView.statusCode).toBe(404);
    expect(visitorView.json().message).toBe(MODERATION_MESSAGES.removed);
    const page = await call('GET', `/post/${infId}/${postId}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('og:title');
    expect(page.body).toContain('noindex');

    const authorView = await call('GET', link, authorToken);
    expect(authorView.statusCode).toBe(200);
    expect(authorView.json().Data.moderation).toEqual({
      state: 'hidden',
      reason: 'Abusive language towards the staff',
    });

    // Hiding twice is refused; restoring brings the post back, public again as its author chose.
    expect((await act(postId, 'hide', 'again please')).statusCode).toBe(409);
    expect((await act(postId, 'restore', 'Reviewed: criticism, not abuse')).statusCode).toBe(200);
    const back = await call('GET', link);
    expect(back.statusCode).toBe(200);
    expect(back.json().Data.isPrivate).toBe(false);
    expect(back.json().Data.moderation).toBeUndefined();

    expect((await act(postId, 'remove', 'Repeated abuse after warning')).statusCode).toBe(200);
    expect((await call('GET', link)).statusCode).toBe(404);

    const audit = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.postId, postId))
      .orderBy(moderationActions.createdAt);
    expect(audit.map((a) => [a.action, a.reason, a.actorId, a.actorName])).toEqual([
      ['hide', 'Abusive language towards the staff', admin.id, 'Priya Admin'],
      ['restore', 'Reviewed: criticism, not abuse', admin.id, 'Priya Admin'],
      ['remove', 'Repeated abuse after warning', admin.id, 'Priya Admin'],
    ]);
    const history = await call('GET', `/api/moderation/posts/${postId}/history`, adminToken);
    expect(history.json().Data.map((a: { action: string }) => a.action)).toEqual([
      'remove',
      'restore',
      'hide',
    ]);
  });

  it('keeps a private post private after a restore', async () => {
    const { postId, infId } = await addPost(review({ isPrivate: true }));
    await act(postId, 'hide', 'Spam links');
    await act(postId, 'restore', 'Links were fine');
    const res = await call('GET', `/api/inflncr/getSpecificPost/${infId}/${postId}`);
    expect(res.json().Data.isPrivate).toBe(true);
  });

  it('takes a hidden post out of every public list, and restore puts it back in all of them', async () => {
    const word = `zanzibarite${Date.now()}`;
    await t.db.insert(tagSettings).values({ userId: STORE, autoAccept: true }).onConflictDoNothing();
    const author = await addPost(review({ description: [{ index: 0, value: `Rude staff ${word}` }] }));
    // Its tag to the store, listed at once (the store auto-accepts).
    await addPost(tagOf(author, STORE), adminToken);

    const has = (list: Array<{ _id: string }>) => list.some((p) => p._id === author.postId);
    const lists: Array<[string, () => Promise<boolean>]> = [
      [
        'feed',
        async () =>
          has(
            (await call('GET', '/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/100')).json()
              .Data,
          ),
      ],
      [
        'profile posts',
        async () =>
          has((await call('GET', `/api/inflncr/getInfluencerPosts/${author.infId}/all/1/100`)).json().Data),
      ],
      [
        'store Recent Reviews',
        async () =>
          has((await call('GET', `/api/inflncr/getPostsByTaggedStoreUserId/${STORE}?limit=100`)).json().Data),
      ],
      [
        'brand Recent Reviews',
        async () =>
          has((await call('GET', `/api/inflncr/getPostsByTaggedStoreUserId/${BRAND}?limit=100`)).json().Data),
      ],
      [
        'product page reviews',
        async () =>
          has((await call('GET', `/api/inflncr/getPostsByTaggedProductId/${PRODUCT}?limit=100`)).json().Data),
      ],
      [
        'store Tagged Reviews',
        async () =>
          (
            await call('POST', '/api/mention/getAllMentionsWithSourcePostByTaggedStore', null, {
              storeUserId: STORE,
              pagination: { page: 1, limit: 100 },
            })
          )
            .json()
            .Data.some((m: { sourcePost: PublicPost }) => m.sourcePost._id === author.postId),
      ],
      [
        'all Tagged Reviews',
        async () =>
          (
            await call('POST', '/api/mention/getAllMentionsWithSourcePostWithOutMobileAndEmail', null, {
              pagination: { page: 1, limit: 100 },
            })
          )
            .json()
            .Data.some((m: { sourcePost: PublicPost }) => m.sourcePost._id === author.postId),
      ],
      [
        'post search',
        async () =>
          has(
            (
              await call('POST', '/api/app/search', null, {
                search: word,
                type: 'post',
                pagination: { page: 1, limit: 20 },
              })
            ).json().Data,
          ),
      ],
      [
        'post page',
        async () =>
          (await call('GET', `/api/inflncr/getSpecificPost/${author.infId}/${author.postId}`)).statusCode ===
          200,
      ],
      [
        'server-rendered post page',
        async () => (await call('GET', `/post/${author.infId}/${author.postId}`)).body.includes('og:title'),
      ],
    ];
    // The header search (issue 22), where it is built.
    if (t.app.apiRoutes.includes('GET /api/search')) {
      lists.push([
        'header search',
        async () =>
          JSON.stringify((await call('GET', `/api/search?q=${word}`)).json()).includes(author.postId),
      ]);
    }
    const shown = async () =>
      Object.fromEntries(await Promise.all(lists.map(async ([n, f]) => [n, await f()])));
    const everywhere = Object.fromEntries(lists.map(([n]) => [n, true]));
    const nowhere = Object.fromEntries(lists.map(([n]) => [n, false]));

    expect(await shown()).toEqual(everywhere);
    expect((await act(author.postId, 'hide', 'Abusive')).statusCode).toBe(200);
    expect(await shown()).toEqual(nowhere);
    expect((await act(author.postId, 'restore', 'Fine after all')).statusCode).toBe(200);
    expect(await shown()).toEqual(everywhere);
    expect((await act(author.postId, 'remove', 'Abusive after all')).statusCode).toBe(200);
    expect(await shown()).toEqual(nowhere);
  });
});

describe('telling the author, and undo', () => {
  const send = () =>
    sendDueNotifications(t.db, {
      messaging: createOutboxMessaging(t.db),
      publicUrl: 'https://revuhub.example',
      secret: 'x'.repeat(40),
      supportEmail: 'help@revuhub.example',
      log: { warn: () => undefined, error: () => undefined },
    });
  /** What the author was sent about moderation, oldest first. */
  const told = async (email: string) =>
    (await outboxFor(t.db, email))
      .filter((m) => m.purpose === 'post-moderated')
      .map((m) => m.subject)
      .reverse();
  /** The wait of the post's actions and messages is over, as if `minutes` had passed since each. */
  const wait = async (postId: string, minutes = MODERATION_UNDO_MINUTES + 1) => {
    await t.db.execute(sql`
      update moderation_actions set created_at = created_at - ${`${minutes} minutes`}::interval
      where post_id = ${postId}`);
    await t.db
      .update(domainEvents)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(
        and(eq(domainEvents.type, 'post.moderated'), sql`${domainEvents.payload}->>'postId' = ${postId}`),
      );
  };
  async function authorsPost() {
    const author = await createUser(t.db, { ownerName: 'Meera Pillai' });
    const token = await loginAs(t.app, author.email, author.password);
    return {
      author,
      ...(await addPost(review({ caption: [{ index: 0, value: 'Rude at the counter' }] }), token)),
    };
  }

  it('tells the author with the reason once the undo window is over, not before', async () => {
    const { author, postId } = await authorsPost();
    const hidden = await act(postId, 'hide', 'Names a staff member in full');
    const until = new Date(hidden.json().Data.undoUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan((MODERATION_UNDO_MINUTES - 1) * 60_000);
    await send();
    expect(await told(author.email)).toEqual([]);

    await wait(postId);
    await send();
    expect(await told(author.email)).toEqual(['Your post is hidden on Revuhub']);
    const [mail] = (await outboxFor(t.db, author.email)).filter((m) => m.purpose === 'post-moderated');
    expect(mail?.body).toContain('Moderators hid your post "Rude at the counter"');
    expect(mail?.body).toContain('Why: Names a staff member in full');
    expect(mail?.body).toContain('write to help@revuhub.example');
    expect(mail?.body).toContain(`https://revuhub.example/post/${author.id}/${postId}`);
    const sms = (await outboxFor(t.db, author.mobile!)).find((m) => m.purpose === 'post-moderated');
    expect(sms?.body).toContain('Revuhub: moderators hid your post');

    // Too late to undo now; a restore is the way back, and the author, who was told, is told again.
    const late = await call('POST', '/api/moderation/posts/undo', adminToken, {
      actionId: hidden.json().Data.action._id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MODERATION_MESSAGES.undoTooLate);
    await act(postId, 'restore', 'The name was the shop owner, who is public');
    await wait(postId);
    await send();
    expect(await told(author.email)).toEqual([
      'Your post is hidden on Revuhub',
      'Your post is visible again on Revuhub',
    ]);
  });

  it('undoes a hide within the window: the post is back, the author never hears of it, and an undo is not undone', async () => {
    const { author, postId, infId } = await authorsPost();
    const reported = await call('POST', '/api/posts/report', null, { postId, reason: 'spam' }, '10.9.9.9');
    expect(reported.statusCode).toBe(200);
    const inQueue = async () =>
      (await call('GET', '/api/moderation/reported/1/100', adminToken))
        .json()
        .Data.some((r: { post: { _id: string } }) => r.post._id === postId);
    expect(await inQueue()).toBe(true);
    const hidden = await act(postId, 'hide', 'Wrong post, sorry');
    expect(await inQueue()).toBe(false);
    const undo = await call('POST', '/api/moderation/posts/undo', adminToken, {
      actionId: hidden.json().Data.action._id,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().message).toBe(MODERATION_MESSAGES.undone);
    expect(undo.json().Data.state).toBe('visible');
    expect(undo.json().Data.undoUntil).toBeUndefined();
    expect((await call('GET', `/api/inflncr/getSpecificPost/${infId}/${postId}`)).statusCode).toBe(200);
    // The report the hide had resolved is back in the queue.
    expect(await inQueue()).toBe(true);

    const again = await call('POST', '/api/moderation/posts/undo', adminToken, {
      actionId: undo.json().Data.action._id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.undoNotLast);
    const history = await call('GET', `/api/moderation/posts/${postId}/history`, adminToken);
    expect(history.json().Data.map((a: { action: string; reason: string }) => [a.action, a.reason])).toEqual([
      ['restore', 'Undo of "hide": Wrong post, sorry'],
      ['hide', 'Wrong post, sorry'],
    ]);

    await wait(postId);
    await send();
    expect(await told(author.email)).toEqual([]);
  });

  it('undoes a remove back to hidden with the earlier reason; only the last action may be undone', async () => {
    const { author, postId } = await authorsPost();
    const hidden = await act(postId, 'hide', 'Spam links');
    await wait(postId);
    await send();
    const removed = await act(postId, 'remove', 'Spam links again');
    const old = await call('POST', '/api/moderation/posts/undo', adminToken, {
      actionId: hidden.json().Data.action._id,
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(MODERATION_MESSAGES.undoNotLast);
    const undo = await call('POST', '/api/moderation/posts/undo', adminToken, {
      actionId: removed.json().Data.action._id,
    });
    expect(undo.json().Data.state).toBe('hidden');
    const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect([post?.moderationState, post?.moderationReason]).toEqual(['hidden', 'Spam links']);
    await wait(postId);
    await send();
    // Told of the hide once; neither the undone remove nor its undo.
    expect(await told(author.email)).toEqual(['Your post is hidden on Revuhub']);
  });

  it('says nothing of a restore when the hide before it was never told', async () => {
    const { author, postId } = await authorsPost();
    await act(postId, 'hide', 'Looks like spam');
    await act(postId, 'restore', 'It is not spam');
    await wait(postId);
    await send();
    expect(await told(author.email)).toEqual([]);
  });

  it('lets only moderators undo, and answers an unknown action with 404', async () => {
    const { postId } = await authorsPost();
    const hidden = await act(postId, 'hide', 'Abusive words');
    const actionId = hidden.json().Data.action._id as string;
    const buyer = await createUser(t.db, {});
    const buyerToken = await loginAs(t.app, buyer.email, buyer.password);
    expect((await call('POST', '/api/moderation/posts/undo', buyerToken, { actionId })).statusCode).toBe(403);
    expect((await call('POST', '/api/moderation/posts/undo', null, { actionId })).statusCode).toBe(401);
    const unknown = await call('POST', '/api/moderation/posts/undo', adminToken, {
      actionId: stableId('nothing', 'here'),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', '/api/moderation/posts/undo', adminToken, { actionId: 'x' })).statusCode).toBe(
      400,
    );
  });
});

describe('verifying a purchase', () => {
  it('verifies a tagged product from the invoice, and Undo takes the mark back', async () => {
    const author = await createUser(t.db, { ownerName: 'Sunil Rao' });
    const [post] = await t.db
      .insert(posts)
      .values({
        authorId: author.id,
        authorName: 'Sunil Rao',
        title: 'Bought the earbuds',
        description: 'With the bill attached.',
        invoice: [{ name: 'bill.pdf', url: '/media/invoices/bill.pdf' }],
        products: [{ name: 'Nimbus Buds Air', productID: PRODUCT, ordered: false }],
      })
      .returning({ id: posts.id });
    const verify = (ordered?: boolean) =>
      call('POST', '/api/inflncr/updatePostDetWeb', adminToken, {
        postId: post!.id,
        inflncrId: author.id,
        products: [{ productID: PRODUCT }],
        ...(ordered === undefined ? {} : { ordered }),
      });
    const ordered = async () =>
      (await t.db.select().from(posts).where(eq(posts.id, post!.id)))[0]!.products[0]?.ordered;
    expect((await verify()).json().data[0].ordered).toBe(true);
    expect(await ordered()).toBe(true);
    expect((await verify(false)).json().data[0].ordered).toBe(false);
    expect(await ordered()).toBe(false);
  });
});

describe('who may moderate', () => {
  it('refuses visitors, buyers, sellers and team members without the moderate right', async () => {
    const { postId, infId } = await addPost(review());
    const seller = await createUser(t.db, { role: 'SELLER' });
    const buyer = await createUser(t.db);
    const team = await createUser(t.db, { role: 'TEAM' });
    const sellerToken = await loginAs(t.app, seller.email, seller.password);
    const buyerToken = await loginAs(t.app, buyer.email, buyer.password);
    let teamToken = await loginAs(t.app, team.email, team.password);

    expect(
      (await call('POST', '/api/moderation/posts/act', null, { postId, action: 'hide', reason: 'x y z' }))
        .statusCode,
    ).toBe(401);
    expect((await act(postId, 'hide', 'Competitor', sellerToken)).statusCode).toBe(403);
    expect((await act(postId, 'hide', 'Dislike', buyerToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/moderation/reported/1/10', sellerToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/moderation/reported/1/10')).statusCode).toBe(401);
    expect((await act(postId, 'hide', 'No right yet', teamToken)).statusCode).toBe(403);

    // The admin grants the team member the moderate right.
    const granted = await call('PUT', `/api/admin/team/${team.id}/rights`, adminToken, {
      rights: ['moderate'],
    });
    expect(granted.statusCode).toBe(200);
    teamToken = await loginAs(t.app, team.email, team.password);
    expect((await act(postId, 'hide', 'Spam from a bot', teamToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/moderation/reported/1/10', teamToken)).statusCode).toBe(200);
    // A team member without the right reads the hidden post as a visitor does.
    const other = await createUser(t.db, { role: 'TEAM' });
    const otherToken = await loginAs(t.app, other.email, other.password);
    const link = `/api/inflncr/getSpecificPost/${infId}/${postId}`;
    expect((await call('GET', link, otherToken)).statusCode).toBe(404);
    expect((await call('GET', link, teamToken)).json().Data.moderation.state).toBe('hidden');
  });

  it('answers bad input with a 400 naming each field', async () => {
    const { postId } = await addPost(review());
    const bad = await call('POST', '/api/moderation/posts/act', adminToken, {
      postId: 'nope',
      action: 'ban',
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['action', 'postId', 'reason']);
    const noReason = await act(postId, 'hide', ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe(MODERATION_MESSAGES.reasonRequired);

    const report = await call('POST', '/api/posts/report', null, { postId, reason: 'other', details: '' });
    expect(report.statusCode).toBe(400);
    expect(report.json().errors.details).toBe(MODERATION_MESSAGES.detailsRequired);
    const badReason = await call('POST', '/api/posts/report', null, { postId, reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().errors.reason).toBe('Choose a reason');
  });
});

describe('reporting a post', () => {
  it('takes reports from visitors, counts a repeat once, and lists them in the Reported queue until acted on', async () => {
    const { postId } = await addPost(review());
    const first = await call('POST', '/api/posts/report', null, { postId, reason: 'abusive' }, '10.2.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MODERATION_MESSAGES.reported);
    const again = await call('POST', '/api/posts/report', null, { postId, reason: 'spam' }, '10.2.0.1');
    expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyReported);
    await call(
      'POST',
      '/api/posts/report',
      null,
      { postId, reason: 'other', details: 'Names a real person' },
      '10.2.0.2',
    );
    const buyer = await createUser(t.db);
    const buyerToken = await loginAs(t.app, buyer.email, buyer.password);
    await call('POST', '/api/posts/report', buyerToken, { postId, reason: 'fake' }, '10.2.0.3');

    const queue = await call('GET', '/api/moderation/reported/1/50', adminToken);
    const entry = queue.json().Data.find((r: { post: PublicPost }) => r.post._id === postId);
    expect(entry.reportCount).toBe(3);
    expect(entry.reasons.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'abusive',
      'fake',
      'other',
    ]);
    expect(entry.reasons.find((r: { reason: string }) => r.reason === 'other').details).toBe(
      'Names a real person',
    );

    await act(postId, 'hide', 'Abusive');
    const after = await call('GET', '/api/moderation/reported/1/50', adminToken);
    expect(after.json().Data.some((r: { post: PublicPost }) => r.post._id === postId)).toBe(false);
    // A hidden post cannot be reported (nor found by its id).
    expect(
      (await call('POST', '/api/posts/report', null, { postId, reason: 'spam' }, '10.2.0.9')).statusCode,
    ).toBe(404);
  });

  it('caps reports per address with a Retry-After', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < REPORT_CAPS.perAddressPerHour; i += 1) {
      const { postId } = await addPost(review());
      expect((await call('POST', '/api/posts/report', null, { postId, reason: 'spam' }, ip)).statusCode).toBe(
        200,
      );
    }
    const { postId } = await addPost(review());
    const refused = await call('POST', '/api/posts/report', null, { postId, reason: 'spam' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await t.db.select().from(postReports).where(eq(postReports.postId, postId))).toHaveLength(0);
    // Another address is not held back by it.
    expect(
      (await call('POST', '/api/posts/report', null, { postId, reason: 'spam' }, '10.3.0.2')).statusCode,
    ).toBe(200);
  });
});

describe('tag acceptance', () => {
  async function storeOwner() {
    const seller = await createUser(t.db, { role: 'SELLER', ownerName: 'Ravi Traders' });
    return { ...seller, token: await loginAs(t.app, seller.email, seller.password) };
  }
  const taggedToStore = async (storeUserId: string) =>
    (
      await call('POST', '/api/mention/getAllMentionsWithSourcePostByTaggedStore', null, {
        storeUserId,
        pagination: { page: 1, limit: 50 },
      })
    ).json().Data as Array<{ sourcePost: PublicPost }>;
  const eventsFor = async (userId: string) =>
    (await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'post.tagged'))).filter(
      (e) => (e.payload as { recipientUserId: string }).recipientUserId === userId,
    );

  it("lists a tag to someone else's store only once the owner accepts it; decline keeps it off", async () => {
    const owner = await storeOwner();
    const tagger = await createUser(t.db, { ownerName: 'Competitor Kumar' });
    const taggerToken = await loginAs(t.app, tagger.email, tagger.password);
    const first = await addPost(review({ caption: [{ index: 0, value: 'Great speakers' }] }));
    await addPost(tagOf(first, owner.id), taggerToken);

    expect(await taggedToStore(owner.id)).toHaveLength(0);
    const events = await eventsFor(owner.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      recipientUserId: owner.id,
      postTitle: 'Great speakers',
      taggedBy: 'Competitor Kumar',
      needsAcceptance: true,
      link: `/validatedstorereviews/${owner.id}/reviews`,
    });

    const pending = await call('GET', '/api/mention/pending', owner.token);
    expect(pending.json().Data).toHaveLength(1);
    const mentionId = pending.json().Data[0]._id as string;
    // Only the owner decides.
    expect(
      (await call('POST', '/api/mention/decide', taggerToken, { mentionId, decision: 'accept' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/mention/decide', owner.token, { mentionId, decision: 'accept' })).statusCode,
    ).toBe(200);
    expect((await taggedToStore(owner.id)).map((m) => m.sourcePost._id)).toEqual([first.postId]);

    const second = await addPost(review({ caption: [{ index: 0, value: 'Fake offer' }] }));
    await addPost(tagOf(second, owner.id), taggerToken);
    const next = (await call('GET', '/api/mention/pending', owner.token)).json().Data[0]._id as string;
    expect(
      (await call('POST', '/api/mention/decide', owner.token, { mentionId: next, decision: 'decline' }))
        .statusCode,
    ).toBe(200);
    expect((await taggedToStore(owner.id)).map((m) => m.sourcePost._id)).toEqual([first.postId]);
    expect((await call('GET', '/api/mention/pending', owner.token)).json().Data).toHaveLength(0);

    const bad = await call('POST', '/api/mention/decide', owner.token, { mentionId: 'x', decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['decision', 'mentionId']);
  });

  it("records no event for a new visitor's held tag until its code confirms it, and the tag then waits for the owner", async () => {
    const owner = await storeOwner();
    const post = await addPost(review());
    const who = contact('Sunita Rao');
    const res = await call('POST', '/api/inflncr/addReview', null, {
      ...tagOf(post, owner.id),
      userData: who,
    });
    expect(res.statusCode).toBe(201);
    const claimId = res.json<{ confirmation: { _id: string } }>().confirmation._id;
    expect(await eventsFor(owner.id)).toHaveLength(0);

    const code = await latestCode(t.db, who.email);
    expect((await call('POST', '/api/contributions/confirm', null, { _id: claimId, code })).statusCode).toBe(
      200,
    );
    const events = await eventsFor(owner.id);
    expect(events.map((e) => e.payload)).toMatchObject([{ needsAcceptance: true, taggedBy: 'Sunita Rao' }]);
    expect(await taggedToStore(owner.id)).toHaveLength(0);
    expect((await call('GET', '/api/mention/pending', owner.token)).json().Data).toHaveLength(1);
  });

  it('lists tags at once when the owner turned auto-accept on', async () => {
    const owner = await storeOwner();
    expect((await call('GET', '/api/mention/settings', owner.token)).json().Data).toEqual({
      autoAccept: false,
    });
    const saved = await call('POST', '/api/mention/settings', owner.token, { autoAccept: true });
    expect(saved.json().Data).toEqual({ autoAccept: true });
    expect((await call('POST', '/api/mention/settings', owner.token, { autoAccept: 'yes' })).statusCode).toBe(
      400,
    );

    const post = await addPost(review());
    await addPost(tagOf(post, owner.id), adminToken);
    expect((await taggedToStore(owner.id)).map((m) => m.sourcePost._id)).toEqual([post.postId]);
    const events = await eventsFor(owner.id);
    expect(events.map((e) => (e.payload as { needsAcceptance: boolean }).needsAcceptance)).toEqual([false]);
    expect((events[0]!.payload as { link: string }).link).toBe(`/post/${post.infId}/${post.postId}`);
    // Signed out, the settings and the pending list are closed.
    expect((await call('GET', '/api/mention/pending')).statusCode).toBe(401);
  });
});
