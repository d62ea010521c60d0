import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AnsweredQuestion, AskedQuestion, NewPostInput, PublicPost, QuestionCounts } from '@app/domain';
import { domainEvents, shops, users } from '../../db/schema/index.js';
import { createOutboxMessaging } from '../../providers/messaging/outbox-messaging.js';
import { createTestApp, createUser, loginAs, outboxFor, type TestApp } from '../../test/test-app.js';
import { sendDueNotifications } from '../notifications/notifications.service.js';

// Issue 39, the business's side of a question: a store asked is told, finds it under Questions,
// answers as the store, and is reminded once after 48 hours only while it has not answered.

let t: TestApp;
const deps = () => ({
  messaging: createOutboxMessaging(t.db),
  publicUrl: 'https://revuhub.example',
  secret: 'x'.repeat(40),
  log: { warn: () => undefined, error: () => undefined },
});

let n = 0;
function visitor(name: string) {
  n += 1;
  const suffix = `${Date.now() % 1e6}${n}`;
  return { name, email: `asker${suffix}@example.com`, mobile: `95${suffix.padStart(8, '0').slice(-8)}` };
}

let address = 0;
function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  address += 1;
  const remoteAddress = `127.31.${Math.floor(address / 250)}.${address % 250}`;
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

/** A store owned by Gopal Krishna, named Gopal Textiles. */
async function store() {
  const owner = await createUser(t.db, { role: 'SELLER', ownerName: 'Gopal Krishna' });
  await t.db.insert(shops).values({ userId: owner.id, name: 'Gopal Textiles', city: 'Indore' });
  return { ...owner, token: await loginAs(t.app, owner.email, owner.password) };
}

async function askStore(storeUserId: string, search: string, asker = visitor('Farah Qureshi')) {
  const res = await post('/api/app/webSearch', {
    search,
    userData: asker,
    type: 'store',
    scopeUserId: storeUserId,
  });
  expect([200, 404]).toContain(res.statusCode);
  return { queryId: res.json<{ queryId: string }>().queryId, asker };
}

function answerAs(
  token: string,
  queryId: string | undefined,
  storeUserId: string,
  text = {
    caption: 'Yes, in XL and XXL',
    description: 'Both sizes are in the shop; we deliver across Indore.',
  },
  isPrivate = false,
) {
  const body: NewPostInput = {
    slug: true,
    type: 'IMAGE',
    caption: [{ index: 0, value: text.caption }],
    description: [{ index: 0, value: text.description }],
    data: [],
    products: [],
    links: { data: [], index: 0 },
    hashtags: [],
    isPrivate,
    userData: { name: 'Gopal Krishna', email: 'unused@example.com', mobile: '9000000000' },
    influencerData: { name: 'Gopal Krishna', isService: false },
    ...(queryId ? { queryId } : {}),
    storeUserId,
  };
  return post('/api/inflncr/addReview', body, { authorization: token });
}

const questions = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/queries/askedOfMe',
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Data: AskedQuestion[]; counts: QuestionCounts; more: boolean }>();
};

/** Makes the question's reminder due now, as if 48 hours had passed. */
async function fortyEightHoursLater(queryId: string) {
  await t.db
    .update(domainEvents)
    .set({ claimedUntil: new Date(Date.now() - 1000) })
    .where(
      and(eq(domainEvents.type, 'query.reminder'), sql`${domainEvents.payload}->>'queryId' = ${queryId}`),
    );
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('a question asked of a store', () => {
  it('tells the store owner by e-mail and SMS, with a link to their Questions', async () => {
    const owner = await store();
    await askStore(owner.id, 'Do you have the Maheshwari saree in red?');
    await sendDueNotifications(t.db, deps());

    const mail = (await outboxFor(t.db, owner.email))[0];
    expect(mail?.subject).toBe('A question for Gopal Textiles');
    expect(mail?.purpose).toBe('query-asked');
    expect(mail?.body).toContain('Farah Qureshi asked Gopal Textiles:');
    expect(mail?.body).toContain('"Do you have the Maheshwari saree in red?"');
    expect(mail?.body).toContain('Answer it from your Questions: https://revuhub.example/questions');
    const [account] = await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, owner.id));
    const sms = (await outboxFor(t.db, account!.mobile!))[0];
    expect(sms?.body).toContain('New question for Gopal Textiles');
  });

  it('lists it under Questions, unanswered first, with the counts the menu shows', async () => {
    const owner = await store();
    const first = await askStore(owner.id, 'Is the shop open on Sunday?');
    const second = await askStore(owner.id, 'Do you stitch blouses?');
    const other = await store();
    await askStore(other.id, 'A question for another store');

    let list = await questions(owner.token);
    expect(list.counts).toEqual({ unanswered: 2, total: 2 });
    expect(list.Data.map((q) => [q.search, q.answered])).toEqual([
      ['Do you stitch blouses?', false],
      ['Is the shop open on Sunday?', false],
    ]);

    expect((await answerAs(owner.token, first.queryId, owner.id)).statusCode).toBe(201);
    list = await questions(owner.token);
    expect(list.counts).toEqual({ unanswered: 1, total: 2 });
    // The answered one goes below the one still waiting, however new.
    expect(list.Data.map((q) => [q._id, q.answered])).toEqual([
      [second.queryId, false],
      [first.queryId, true],
    ]);
    const counts = await t.app.inject({
      method: 'GET',
      url: '/api/queries/askedOfMe/counts',
      headers: { authorization: owner.token },
    });
    expect(counts.json<{ Data: QuestionCounts }>().Data).toEqual({ unanswered: 1, total: 2 });
  });

  it('is nobody else’s to read: signed out gets 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/queries/askedOfMe' });
    expect(res.statusCode).toBe(401);
  });

  it('is answered as the store: "Gopal Textiles" on the post and in the asker’s message', async () => {
    const owner = await store();
    const { queryId, asker } = await askStore(owner.id, 'Can I return a saree after a week?');
    const res = await answerAs(owner.token, queryId, owner.id);
    expect(res.statusCode).toBe(201);
    const { infId, postId } = res.json<{ infId: string; postId: string }>();
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/inflncr/getSpecificPost/${infId}/${postId}`,
    });
    const data = shown.json<{ Data: PublicPost }>().Data;
    expect(data.answeredAs).toBe('Gopal Textiles');
    expect(data.authorName).toBe('Gopal Krishna');
    // The post's page names the question it answers and whom it was asked of.
    expect(data.question).toEqual({
      _id: queryId,
      search: 'Can I return a saree after a week?',
      scope: 'store',
      scopeUserId: owner.id,
      scopeName: 'Gopal Textiles',
    });

    await sendDueNotifications(t.db, deps());
    const told = (await outboxFor(t.db, asker.email)).find((m) => m.purpose === 'query-answered');
    expect(told?.body).toContain('Gopal Textiles answered your query "Can I return a saree after a week?"');
  });

  it('is not answered as the store by someone else who answers it', async () => {
    const owner = await store();
    const { queryId } = await askStore(owner.id, 'Do you sell cotton dupattas?');
    const stranger = await store();
    const res = await answerAs(stranger.token, queryId, owner.id);
    expect(res.statusCode).toBe(201);
    const { infId, postId } = res.json<{ infId: string; postId: string }>();
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/inflncr/getSpecificPost/${infId}/${postId}`,
    });
    expect(shown.json<{ Data: PublicPost }>().Data.answeredAs).toBeUndefined();
    expect((await questions(owner.token)).counts.unanswered).toBe(1);
  });

  it('reminds the owner once after 48 hours while unanswered, and not at all once answered', async () => {
    const owner = await store();
    const waiting = await askStore(owner.id, 'Do you have silk in stock?');
    const answered = await askStore(owner.id, 'What are your hours?');
    await sendDueNotifications(t.db, deps());
    await answerAs(owner.token, answered.queryId, owner.id);
    // Not yet due: nothing more than the two first messages.
    await sendDueNotifications(t.db, deps());
    const reminders = async () =>
      (await outboxFor(t.db, owner.email)).filter((m) => m.subject.startsWith('Still unanswered'));
    expect(await reminders()).toEqual([]);

    await fortyEightHoursLater(waiting.queryId);
    await fortyEightHoursLater(answered.queryId);
    await sendDueNotifications(t.db, deps());
    const sent = await reminders();
    expect(sent.map((m) => m.body.match(/"([^"]+)"/)?.[1])).toEqual(['Do you have silk in stock?']);
    expect(sent[0]?.body).toContain('asked Gopal Textiles 48 hours ago');
    // Once only.
    await fortyEightHoursLater(waiting.queryId);
    await sendDueNotifications(t.db, deps());
    expect(await reminders()).toHaveLength(1);
  });

  it('tells nobody of a question a business asks of itself', async () => {
    const owner = await store();
    const before = (await outboxFor(t.db, owner.email)).length;
    const res = await post(
      '/api/app/webSearch',
      {
        search: 'Who sells the best Chanderi?',
        userData: { name: 'Gopal Krishna', email: owner.email, mobile: '9123456780' },
        type: 'store',
        scopeUserId: owner.id,
      },
      { authorization: owner.token },
    );
    expect([200, 404]).toContain(res.statusCode);
    await sendDueNotifications(t.db, deps());
    expect(await outboxFor(t.db, owner.email)).toHaveLength(before);
  });
});

describe('a store’s page', () => {
  const answeredOf = async (storeUserId: string, page = 1) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/queries/answeredOf/${storeUserId}?page=${page}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ Data: AnsweredQuestion[]; total: number; more: boolean }>();
  };

  it('lists the questions that have a public answer, the store’s own answer before a newer one', async () => {
    const owner = await store();
    const customer = await store();
    const sizes = await askStore(owner.id, 'Do you stitch blouses to measure?');
    const hours = await askStore(owner.id, 'Are you open on Sundays?');
    await askStore(owner.id, 'Nobody has answered this one yet?');
    const secret = await askStore(owner.id, 'Only a private answer here?');
    expect(
      (
        await answerAs(owner.token, sizes.queryId, owner.id, {
          caption: 'Yes, in two days',
          description: 'Bring a blouse that fits.',
        })
      ).statusCode,
    ).toBe(201);
    // A customer answers later: the store's own answer is still the one shown.
    await answerAs(customer.token, sizes.queryId, owner.id, {
      caption: 'They did mine well',
      description: '',
    });
    await answerAs(customer.token, hours.queryId, owner.id, { caption: 'Till 2 pm', description: '' });
    await answerAs(customer.token, secret.queryId, owner.id, { caption: 'Private', description: '' }, true);

    const page = await answeredOf(owner.id);
    expect(page.total).toBe(2);
    expect(page.more).toBe(false);
    expect(page.Data.map((q) => q.search)).toEqual([
      'Are you open on Sundays?',
      'Do you stitch blouses to measure?',
    ]);
    const stitched = page.Data[1]!;
    expect(stitched.answers).toBe(2);
    expect(stitched.answer).toMatchObject({
      title: 'Yes, in two days',
      description: 'Bring a blouse that fits.',
      answeredAs: 'Gopal Textiles',
      infId: owner.id,
    });
    expect(page.Data[0]!.answer).toMatchObject({ title: 'Till 2 pm', answeredAs: null, infId: customer.id });
    // Another store's page lists none of them.
    expect((await answeredOf(customer.id)).Data).toEqual([]);
  });

  it('pages its questions five at a time', async () => {
    const owner = await store();
    for (let i = 1; i <= 6; i += 1) {
      const { queryId } = await askStore(owner.id, `Question number ${i} about silk?`);
      await answerAs(owner.token, queryId, owner.id, { caption: `Answer ${i}`, description: '' });
    }
    const first = await answeredOf(owner.id);
    expect(first).toMatchObject({ total: 6, more: true });
    expect(first.Data).toHaveLength(5);
    const second = await answeredOf(owner.id, 2);
    expect(second.more).toBe(false);
    expect(second.Data.map((q) => q.search)).toEqual(['Question number 1 about silk?']);
  });

  it('keeps the store’s answers out of its reviews, and a customer’s review in', async () => {
    const owner = await store();
    const customer = await store();
    const { queryId } = await askStore(owner.id, 'Do you sell Maheshwari cotton?');
    await answerAs(owner.token, queryId, owner.id, { caption: 'Yes, from Maheshwar', description: '' });
    await answerAs(customer.token, undefined, owner.id, {
      caption: 'Lovely Chanderi saree',
      description: '',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inflncr/getPostsByTaggedStoreUserId/${owner.id}`,
    });
    expect(res.statusCode).toBe(200);
    const titles = res.json<{ Data: PublicPost[] }>().Data.map((p) => p.postData.caption[0]?.value);
    expect(titles).toEqual(['Lovely Chanderi saree']);
  });

  it('answers 400 for an id that is not one, and an empty list for an unknown profile', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/queries/answeredOf/not-an-id!' })).statusCode,
    ).toBe(400);
    const unknown = await answeredOf('0'.repeat(24));
    expect(unknown).toMatchObject({ Data: [], total: 0, more: false });
  });
});
