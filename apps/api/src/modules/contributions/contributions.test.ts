import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONTRIBUTION_MESSAGES, type NewPostInput, type PublicPost } from '@app/domain';
import {
  contactClaims,
  influencerProfiles,
  mentions,
  orders,
  posts,
  queries,
  users,
} from '../../db/schema/index.js';
import { migrationsFolder } from '../../db/client.js';
import { seedDatabase } from '../../db/seed/index.js';
import { stableId } from '../../lib/ids.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import {
  createTestApp,
  createUser,
  latestCode,
  loginAs,
  outboxFor,
  type TestApp,
} from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';
import { purgeUnconfirmedClaims } from './contributions.service.js';

// Issue 20, findings 1 and 2: a contribution sent without an account, with the contact of an
// existing account, is that account's only once its holder proves the contact.

let t: TestApp;
const demoUser = (slug: string) => stableId('demo-user', slug);
const STORE = demoUser('mg-road-electronics');

let n = 0;
function contact(name = 'Kavya Nair') {
  n += 1;
  const suffix = `${Date.now() % 1e6}${n}`;
  return { name, email: `kavya${suffix}@example.com`, mobile: `97${suffix.padStart(8, '0').slice(-8)}` };
}

function review(
  userData: { name: string; email: string; mobile: string },
  overrides: Partial<NewPostInput> = {},
) {
  return {
    slug: true,
    type: 'IMAGE',
    caption: [{ index: 0, value: 'Best filter coffee on the street' }],
    description: [{ index: 0, value: 'Strong decoction, fresh milk, served in a steel tumbler.' }],
    data: [],
    products: [],
    links: { data: [], index: 0 },
    hashtags: ['#coffee'],
    storeUserId: STORE,
    isPrivate: false,
    userData,
    influencerData: { name: userData.name, isService: false },
    ...overrides,
  } as NewPostInput;
}

let address = 0;
/** Each request from its own client address unless one is named: the per-address caps are tested apart. */
function post(url: string, payload: unknown, headers: Record<string, string> = {}, from?: string) {
  address += 1;
  const remoteAddress = from ?? `127.20.${Math.floor(address / 250)}.${address % 250}`;
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const feedIds = async () =>
  (await get('/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/100'))
    .json<{ Data: PublicPost[] }>()
    .Data.map((p) => p._id);
const influencerIds = async () =>
  (await get('/api/inflncr/getAllInfluencers'))
    .json<{ Data: Array<{ _id: string }> }>()
    .Data.map((i) => i._id);

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  // Many posts from one address: the posting budget is not what this file tests.
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '1000', RATE_LIMIT_ORDERS_PER_MINUTE: '1000' });
  await seedDatabase(t.db, { demo: true, storage: createLocalStorage(t.dataDir), log: { info: () => {} } });
  admin = await createUser(t.db, { role: 'ADMIN', ownerName: 'Site Admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('a review sent with an existing account contact', () => {
  it('is not public and not the admin’s until the admin enters the code sent to the admin', async () => {
    const forged = review({ name: 'Mallory', email: admin.email, mobile: '9000000001' });
    const res = await post('/api/inflncr/addReview', forged);
    // The spec's success answer stays, with a line saying what happens next.
    expect(res.statusCode).toBe(201);
    const body = res.json<{
      postId: string;
      infId: string;
      message: string;
      confirmation: { _id: string; sentTo: string; message: string };
      passwordSentTo?: string;
    }>();
    expect(body.message).toBe('Your review has been saved');
    const masked = `${admin.email.slice(0, 1)}***@example.com`;
    expect(body.confirmation.sentTo).toBe(`your e-mail ${masked}`);
    expect(body.confirmation.message).toBe(`We sent a code to ${masked} to publish this under your name.`);
    expect(body.passwordSentTo).toBeUndefined();

    // Others see "Waiting for confirmation"; no feed, no profile, no influencer list.
    const shown = await get(`/api/inflncr/getSpecificPost/${body.infId}/${body.postId}`);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toMatchObject({
      code: 'AWAITING_CONFIRMATION',
      message: CONTRIBUTION_MESSAGES.waiting,
    });
    expect(shown.body).not.toContain('filter coffee');
    expect(await feedIds()).not.toContain(body.postId);
    const byAdmin = await get(`/api/inflncr/getInfluencerPosts/${admin.id}/all/1/1000`);
    expect(byAdmin.body).not.toContain(body.postId);
    const aboutStore = await get(`/api/inflncr/getPostsByTaggedStoreUserId/${STORE}`);
    expect(aboutStore.body).not.toContain(body.postId);
    expect(await influencerIds()).not.toContain(admin.id);

    // A wrong code publishes nothing; the code from the admin's own mailbox does.
    const wrong = await post('/api/contributions/confirm', { _id: body.confirmation._id, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await get(`/api/inflncr/getSpecificPost/${body.infId}/${body.postId}`)).statusCode).toBe(404);
    const code = await latestCode(t.db, admin.email);
    const confirmed = await post('/api/contributions/confirm', { _id: body.confirmation._id, code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Published under your name',
      data: { state: 'confirmed' },
    });

    const published = await get(`/api/inflncr/getSpecificPost/${body.infId}/${body.postId}`);
    expect(published.statusCode).toBe(200);
    expect(published.json<{ Data: PublicPost }>().Data.authorName).toBe('Site Admin');
    expect(await feedIds()).toContain(body.postId);
    // The same code cannot publish twice.
    expect((await post('/api/contributions/confirm', { _id: body.confirmation._id, code })).statusCode).toBe(
      404,
    );
  });

  it('sends the code to the account’s own contact when only the mobile matches', async () => {
    const seller = await createUser(t.db, { role: 'SELLER', ownerName: 'Arjun Mehta' });
    const [row] = await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, seller.id));
    const stranger = { name: 'Someone Else', email: 'someone-else@example.com', mobile: row!.mobile! };
    const res = await post('/api/inflncr/addReview', review(stranger));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ infId: string }>().infId).toBe(seller.id);
    expect(res.json<{ confirmation: { sentTo: string } }>().confirmation.sentTo).toBe(
      `your e-mail ${seller.email.slice(0, 1)}***@example.com`,
    );
    expect(await outboxFor(t.db, 'someone-else@example.com')).toHaveLength(0);
    expect(await outboxFor(t.db, seller.email)).toHaveLength(1);
    const [held] = await t.db.select().from(posts).where(eq(posts.id, res.json<{ postId: string }>().postId));
    expect(held).toMatchObject({ awaitingConfirmation: true, isPrivate: true });
  });

  it('holds a bare tag of someone else’s post until confirmed: no mention is recorded meanwhile', async () => {
    const author = contact('Deepa Menon');
    const source = (await post('/api/inflncr/addReview', review(author))).json<{
      postId: string;
      infId: string;
    }>();
    const seller = await createUser(t.db, { role: 'SELLER', ownerName: 'Tag Seller' });
    const tag = await post('/api/inflncr/addReview', {
      ...review({ name: 'Mallory', email: seller.email, mobile: '9000000002' }),
      caption: [],
      description: [],
      mentionInfId: source.infId,
      mentionPostId: source.postId,
      storeUserId: STORE,
    });
    expect(tag.statusCode).toBe(201);
    const claimId = tag.json<{ confirmation: { _id: string } }>().confirmation._id;
    const tagged = () => t.db.select().from(mentions).where(eq(mentions.sourcePostId, source.postId));
    expect(await tagged()).toHaveLength(0);
    const code = await latestCode(t.db, seller.email);
    expect((await post('/api/contributions/confirm', { _id: claimId, code })).statusCode).toBe(200);
    expect(await tagged()).toEqual([
      expect.objectContaining({ taggedUserId: STORE, taggedById: seller.id, kind: 'store' }),
    ]);
  });
});

describe('tagging a post to a profile (finding 9)', () => {
  it('needs a proven contact: a new visitor’s tag waits for the code sent to the contact they gave', async () => {
    const author = contact('Anil Joshi');
    const source = (await post('/api/inflncr/addReview', review(author))).json<{
      postId: string;
      infId: string;
    }>();
    const stranger = contact('New Tagger');
    const tag = await post('/api/inflncr/addReview', {
      ...review(stranger),
      caption: [],
      description: [],
      mentionInfId: source.infId,
      mentionPostId: source.postId,
      storeUserId: STORE,
    });
    expect(tag.statusCode).toBe(201);
    const json = tag.json<{ confirmation: { _id: string; sentTo: string }; passwordSentTo: string }>();
    expect(json.confirmation.sentTo).toBe('your e-mail k***@example.com');
    const codeMessage = (await outboxFor(t.db, stranger.email)).find((m) => m.subject.startsWith('Confirm'));
    expect(codeMessage?.subject).toBe('Confirm your tag on Revuhub');
    const tagged = () => t.db.select().from(mentions).where(eq(mentions.sourcePostId, source.postId));
    expect(await tagged()).toHaveLength(0);
    const code = await latestCode(t.db, stranger.email);
    expect((await post('/api/contributions/confirm', { _id: json.confirmation._id, code })).statusCode).toBe(
      200,
    );
    expect(await tagged()).toHaveLength(1);
  });
});

describe('a query sent with an existing account contact', () => {
  it('is listed nowhere until confirmed', async () => {
    const asker = contact('Ravi Kumar');
    const first = await post('/api/app/webSearch', {
      search: 'Which store repairs a mixer grinder',
      userData: asker,
      type: 'store',
      scopeUserId: STORE,
    });
    expect(first.json<{ confirmation?: unknown }>().confirmation).toBeUndefined();
    // Somebody else asks with Ravi's e-mail: held for Ravi.
    const forged = await post('/api/app/webSearch', {
      search: 'Is this store a scam',
      userData: { ...asker, name: 'Mallory' },
      type: 'store',
      scopeUserId: STORE,
    });
    const { queryId, confirmation } = forged.json<{
      queryId: string;
      confirmation: { _id: string; kind: string };
    }>();
    expect(confirmation.kind).toBe('query');
    // The message names what it publishes: a question, not a post (issue 39).
    const [message] = await outboxFor(t.db, asker.email);
    expect(message?.subject).toBe('Confirm your question on Revuhub');
    expect(message?.body).toContain('Someone used your contact to ask a question on Revuhub');
    const listed = async () =>
      (await post('/api/userData/getAllUniqueSearcheswithUserInfo', { pagination: { page: 1, limit: 100 } }))
        .json<{ Data: Array<{ _id: string }> }>()
        .Data.map((q) => q._id);
    expect(await listed()).not.toContain(queryId);
    // Not answerable either.
    const answer = await post('/api/inflncr/addReview', review(contact(), { queryId }));
    expect(answer.statusCode).toBe(400);
    const code = await latestCode(t.db, asker.email);
    expect((await post('/api/contributions/confirm', { _id: confirmation._id, code })).statusCode).toBe(200);
    expect(await listed()).toContain(queryId);
  });
});

describe('an order sent with an existing account contact', () => {
  it('goes to payment at once but joins the account’s My orders only after the code', async () => {
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 10);
    const buyer = await createUser(t.db, { ownerName: 'Neha Gupta' });
    const token = await loginAs(t.app, buyer.email, buyer.password);
    const body = orderBody(productId);
    body.address.email = buyer.email;
    const res = await post('/api/euOrder/saveOrder2', body);
    expect(res.statusCode).toBe(201);
    const json = res.json<{
      data: { order: { _id: string }; confirmation: { _id: string; message: string } };
      cfOrder: { paymentSessionId: string };
    }>();
    expect(json.cfOrder.paymentSessionId).toBeTruthy();
    expect(json.data.confirmation.message).toMatch(
      /^We sent a code to .* to add this order to your account\.$/,
    );
    const mine = async () =>
      (await get('/api/orders/myOrders', { authorization: token }))
        .json<{ data: Array<{ _id: string }> }>()
        .data.map((o) => o._id);
    expect(await mine()).not.toContain(json.data.order._id);
    const code = await latestCode(t.db, buyer.email);
    expect(
      (await post('/api/contributions/confirm', { _id: json.data.confirmation._id, code })).statusCode,
    ).toBe(200);
    expect(await mine()).toContain(json.data.order._id);
  });
});

describe('the holder signed in', () => {
  it('lists what waits, publishes one without a code and deletes the other', async () => {
    const holder = await createUser(t.db, { ownerName: 'Farah Khan' });
    const token = await loginAs(t.app, holder.email, holder.password);
    const mineRes = async () =>
      (await get('/api/contributions/mine', { authorization: token })).json<{
        data: Array<{ _id: string; kind: string; summary: string; subjectId: string }>;
      }>().data;
    const a = (
      await post('/api/inflncr/addReview', review({ name: 'X', email: holder.email, mobile: '9000000003' }))
    ).json<{ postId: string; infId: string; confirmation: { _id: string } }>();
    const b = (
      await post(
        '/api/inflncr/addReview',
        review(
          { name: 'X', email: holder.email, mobile: '9000000003' },
          { caption: [{ index: 0, value: 'Not mine at all' }] },
        ),
      )
    ).json<{ postId: string; confirmation: { _id: string } }>();
    expect((await mineRes()).map((c) => c.summary).sort()).toEqual([
      'Best filter coffee on the street',
      'Not mine at all',
    ]);
    // Nobody else can publish or discard them.
    const other = await createUser(t.db);
    const otherToken = await loginAs(t.app, other.email, other.password);
    expect(
      (await post('/api/contributions/publish', { _id: a.confirmation._id }, { authorization: otherToken }))
        .statusCode,
    ).toBe(404);

    expect(
      (await post('/api/contributions/publish', { _id: a.confirmation._id }, { authorization: token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/contributions/discard', { _id: b.confirmation._id }, { authorization: token }))
        .statusCode,
    ).toBe(200);
    expect(await mineRes()).toEqual([]);
    expect((await get(`/api/inflncr/getSpecificPost/${a.infId}/${a.postId}`)).statusCode).toBe(200);
    expect(await t.db.select().from(posts).where(eq(posts.id, b.postId))).toEqual([]);
  });
});

describe('codes cannot flood an account holder', () => {
  it('sends at most 3 confirmation codes an hour to one contact; the rest wait for a sign-in', async () => {
    const holder = await createUser(t.db, { ownerName: 'Imran Sheikh' });
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (
          await post(
            '/api/inflncr/addReview',
            review({ name: 'Flood', email: holder.email, mobile: '9000000004' }),
          )
        ).json<{ confirmation: { sentTo: string | null; message: string } }>(),
      );
    }
    expect(answers.map((a) => a.confirmation.sentTo !== null)).toEqual([true, true, true, false, false]);
    expect(answers[4]!.confirmation.message).toBe(CONTRIBUTION_MESSAGES.codeNotSent);
    const codes = (await outboxFor(t.db, holder.email)).filter((m) => m.purpose === 'confirm-contribution');
    expect(codes).toHaveLength(3);
  });

  it('sends at most 10 codes an hour from one address over all contacts', async () => {
    const ip = '127.30.0.77';
    const sent = [];
    for (let i = 0; i < 12; i++) {
      const holder = await createUser(t.db);
      const res = await post(
        '/api/inflncr/addReview',
        review({ name: 'Flood', email: holder.email, mobile: '9000000005' }),
        {},
        ip,
      );
      sent.push(res.json<{ confirmation: { sentTo: string | null } }>().confirmation.sentTo !== null);
    }
    expect(sent.filter(Boolean)).toHaveLength(10);
  });
});

describe('unconfirmed contributions', () => {
  it('are deleted after 7 days; the order stays for its seller but never joins the account', async () => {
    const holder = await createUser(t.db, { ownerName: 'Old Holder' });
    const held = (
      await post('/api/inflncr/addReview', review({ name: 'X', email: holder.email, mobile: '9000000006' }))
    ).json<{ postId: string }>();
    const seller = await makeSeller(t);
    const productId = await makeProduct(t, seller, 5);
    const body = orderBody(productId);
    body.address.email = holder.email;
    const order = (await post('/api/euOrder/saveOrder2', body)).json<{ data: { order: { _id: string } } }>();
    expect(await purgeUnconfirmedClaims(t.db, new Date(Date.now() + 6 * 24 * 3600 * 1000))).toBe(0);
    expect(
      await purgeUnconfirmedClaims(t.db, new Date(Date.now() + 8 * 24 * 3600 * 1000)),
    ).toBeGreaterThanOrEqual(2);
    expect(await t.db.select().from(posts).where(eq(posts.id, held.postId))).toEqual([]);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.data.order._id));
    expect(kept).toMatchObject({ buyerUserId: holder.id, buyerConfirmed: false });
  });
});

describe('registering the contact of an unproven account (finding 2)', () => {
  const register = (c: { name: string; email: string; mobile: string }) =>
    post('/api/users/registerNewUser', {
      ownerName: c.name,
      email: c.email,
      mobile: c.mobile,
      password: c.mobile,
      companyName: 'Kaveri Silks',
      sellCategory: 'Clothing',
      websiteLink: 'kaverisilks.in',
    });

  it('deletes nothing: the visitor keeps the profile and posts until the code; then they join the proven account', async () => {
    const reviewer = contact('Lakshmi Rao');
    const first = (await post('/api/inflncr/addReview', review(reviewer))).json<{
      postId: string;
      infId: string;
    }>();
    const link = `/api/inflncr/getSpecificPost/${first.infId}/${first.postId}`;
    expect((await get(link)).statusCode).toBe(200);

    // A stranger registers with her e-mail and mobile: nothing of hers goes.
    const reg = await register({ ...reviewer, name: 'Mallory Brand' });
    expect(reg.statusCode).toBe(201);
    expect((await get(link)).statusCode).toBe(200);
    expect(await influencerIds()).toContain(first.infId);
    const [account] = await t.db.select().from(users).where(eq(users.id, first.infId));
    expect(account).toMatchObject({ ownerName: 'Lakshmi Rao', role: 'END_USER', contactVerifiedAt: null });

    // Only the owner of the mailbox can finish it: then the account is the applicant's, posts included.
    const code = await latestCode(t.db, reviewer.email);
    const verify = await post('/api/users/verifyContact', {
      _id: reg.json<{ data: { _id: string } }>().data._id,
      code,
    });
    expect(verify.statusCode).toBe(200);
    const [upgraded] = await t.db.select().from(users).where(eq(users.id, first.infId));
    expect(upgraded).toMatchObject({ role: 'USER', isBrand: true, ownerName: 'Mallory Brand' });
    expect(upgraded!.contactVerifiedAt).not.toBeNull();
    expect((await get(link)).json<{ Data: PublicPost }>().Data.infId).toBe(first.infId);
  });

  it('with only the mobile of an unproven account: that account gives up the mobile and keeps the rest', async () => {
    const reviewer = contact('Suresh Pillai');
    const first = (await post('/api/inflncr/addReview', review(reviewer))).json<{
      postId: string;
      infId: string;
    }>();
    const reg = await register({
      name: 'Other Person',
      email: `other-${reviewer.email}`,
      mobile: reviewer.mobile,
    });
    expect(reg.statusCode).toBe(201);
    const [account] = await t.db.select().from(users).where(eq(users.id, first.infId));
    expect(account).toMatchObject({ email: reviewer.email, mobile: null, ownerName: 'Suresh Pillai' });
    expect((await get(`/api/inflncr/getSpecificPost/${first.infId}/${first.postId}`)).statusCode).toBe(200);
  });
});

describe('repairing what already happened', () => {
  it('flags contact-matched contributions for the admin and removes the profiles visitor forms gave to staff and sellers', async () => {
    // The state a contact match left before this change: a seller with a visitor-made profile and post.
    const seller = await createUser(t.db, { role: 'SELLER', ownerName: 'Matched Seller' });
    await t.db.insert(influencerProfiles).values({ userId: seller.id, name: 'Matched Seller' });
    const [old] = await t.db
      .insert(posts)
      .values({ authorId: seller.id, authorName: 'Matched Seller', title: 'Published as the seller' })
      .returning({ id: posts.id });
    const visitorAccount = await createUser(t.db, { ownerName: 'Repeat Visitor' });
    await t.db
      .update(users)
      .set({ details: { kind: 'visitor' }, createdAt: new Date(Date.now() - 3600_000) })
      .where(eq(users.id, visitorAccount.id));
    const [later] = await t.db
      .insert(queries)
      .values({
        text: 'Asked later with the same contact',
        askerId: visitorAccount.id,
        askerName: 'Repeat Visitor',
      })
      .returning({ id: queries.id });

    const migration = fs.readFileSync(`${migrationsFolder()}/0016_proven_contributions.sql`, 'utf8');
    const repair = migration.slice(migration.indexOf('-- Repair.'));
    for (const statement of repair.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }

    expect(
      await t.db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, seller.id)),
    ).toEqual([]);
    const adminToken = await loginAs(t.app, admin.email, admin.password);
    const listed = await get('/api/admin/contributions?state=legacy', { authorization: adminToken });
    expect(listed.statusCode).toBe(200);
    const claims = listed.json<{
      data: Array<{ _id: string; subjectId: string; kind: string; summary: string }>;
    }>().data;
    expect(claims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'post', subjectId: old!.id, summary: 'Published as the seller' }),
        expect.objectContaining({ kind: 'query', subjectId: later!.id }),
      ]),
    );
    // Only staff see the list.
    const sellerToken = await loginAs(t.app, seller.email, seller.password);
    expect((await get('/api/admin/contributions', { authorization: sellerToken })).statusCode).toBe(403);

    const claim = claims.find((c) => c.subjectId === old!.id)!;
    const removed = await post(
      '/api/admin/contributions/decide',
      { _id: claim._id, decision: 'remove' },
      { authorization: adminToken },
    );
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(posts).where(eq(posts.id, old!.id))).toEqual([]);
    const [state] = await t.db
      .select({ state: contactClaims.state })
      .from(contactClaims)
      .where(eq(contactClaims.id, claim._id));
    expect(state!.state).toBe('removed');
  });
});
