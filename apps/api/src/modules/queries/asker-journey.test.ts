import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { QUERY_TEXT_MESSAGE, type NewPostInput, type PublicPost } from '@app/domain';
import { domainEvents, users } from '../../db/schema/index.js';
import { pdfWithMetadata } from '../../test/media-files.js';
import { createTestApp, createUser, latestCode, loginAs, type TestApp } from '../../test/test-app.js';
import { makeProduct, makeSeller } from '../orders/orders-test-helpers.js';

// Issue 22, the asker's and answerer's journey: a real question is accepted, its answer is
// recorded for the asker, the answer's products say who sells them, and a visitor's invoice PDF
// is taken.

let t: TestApp;
const QUESTION = "Do you have the Chanderi kurta in XL? What's your return policy, and is COD available?";

let n = 0;
function person(name: string) {
  n += 1;
  const suffix = `${Date.now() % 1e6}${n}`;
  return { name, email: `asker${suffix}@example.com`, mobile: `96${suffix.padStart(8, '0').slice(-8)}` };
}

let address = 0;
function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  address += 1;
  const remoteAddress = `127.30.${Math.floor(address / 250)}.${address % 250}`;
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

function answer(
  userData: { name: string; email: string; mobile: string },
  overrides: Partial<NewPostInput>,
): NewPostInput {
  return {
    slug: true,
    type: 'IMAGE',
    caption: [{ index: 0, value: 'Yes, XL is in stock' }],
    description: [{ index: 0, value: 'Returns within 7 days; COD is available across Madhya Pradesh.' }],
    data: [],
    products: [],
    links: { data: [], index: 0 },
    hashtags: [],
    isPrivate: false,
    userData,
    influencerData: { name: userData.name, isService: false },
    ...overrides,
  };
}

/** Asks as a new visitor; the stored query's id and the asker's account. */
async function ask(text: string, asker = person('Farah Qureshi')) {
  const res = await post('/api/app/webSearch', { search: text, userData: asker, type: 'anything' });
  expect([200, 404]).toContain(res.statusCode);
  const queryId = res.json<{ queryId: string }>().queryId;
  const [account] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, asker.email));
  return { queryId, askerId: account!.id, asker };
}

const answeredEvents = async (queryId: string) =>
  (
    await t.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        sql`${domainEvents.type} = 'query.answered' and ${domainEvents.payload}->>'queryId' = ${queryId}`,
      )
  ).map((r) => r.payload as Record<string, string>);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('query text with ordinary punctuation (decision 023)', () => {
  it('stores the question as asked, punctuation and all', async () => {
    const { queryId } = await ask(QUESTION);
    const shown = await t.app.inject({ method: 'GET', url: `/api/queries/getQuery/${queryId}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<{ Data: { search: string } }>().Data.search).toBe(QUESTION);
  });

  it('still refuses blank text and markup, naming the field', async () => {
    for (const [search, message] of [
      ['   ', 'Enter your query'],
      ['<b>cheap</b> kurta?', QUERY_TEXT_MESSAGE],
    ] as const) {
      const res = await post('/api/app/webSearch', { search, userData: person('Farah Qureshi') });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors.search).toBe(message);
    }
  });
});

describe('an answer to a query', () => {
  it('records query.answered for the asker, and the answer names the seller of each product', async () => {
    const { queryId, askerId } = await ask(QUESTION);
    const seller = await makeSeller(t, 'Kamla Chanderi Weaves');
    const productId = await makeProduct(t, seller, 5, { model: 'Chanderi kurta XL' });
    const res = await post(
      '/api/inflncr/addReview',
      answer(person('Kamla Devi'), {
        queryId,
        storeUserId: seller.id,
        products: [{ id: productId, name: '' }],
      }),
      { authorization: seller.token },
    );
    expect(res.statusCode).toBe(201);
    const { infId, postId } = res.json<{ infId: string; postId: string }>();
    expect(infId).toBe(seller.id);

    expect(await answeredEvents(queryId)).toEqual([
      {
        queryId,
        recipientUserId: askerId,
        queryText: QUESTION,
        answeredBy: 'Kamla Chanderi Weaves',
        link: `/post/${infId}/${postId}`,
      },
    ]);

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/inflncr/getSpecificPost/${infId}/${postId}`,
    });
    const products = shown.json<{ Data: PublicPost }>().Data.postData.products;
    expect(products).toEqual([
      expect.objectContaining({ productID: productId, userId: seller.id, ordered: false }),
    ]);
  });

  it('records nothing when the asker answers their own query', async () => {
    const asker = await createUser(t.db, { ownerName: 'Farah Qureshi' });
    const token = await loginAs(t.app, asker.email, asker.password);
    const asked = await post(
      '/api/app/webSearch',
      {
        search: 'Any tailor near Indore?',
        userData: { name: 'Farah Qureshi', email: asker.email, mobile: asker.mobile },
      },
      { authorization: token },
    );
    const queryId = asked.json<{ queryId: string }>().queryId;
    expect(queryId).toBeTruthy();
    const res = await post(
      '/api/inflncr/addReview',
      answer({ name: 'Farah Qureshi', email: asker.email, mobile: asker.mobile! }, { queryId }),
      { authorization: token },
    );
    expect(res.statusCode).toBe(201);
    expect(await answeredEvents(queryId)).toEqual([]);
  });

  it('records nothing while the answer waits for its author’s code, and records it once confirmed', async () => {
    const { queryId, askerId } = await ask(
      'Which shop in Bhopal sells Maheshwari sarees, and at what price?',
    );
    // Sent without signing in, with the contact of an existing account: held for that account.
    const holder = await createUser(t.db, { ownerName: 'Suresh Patel' });
    const res = await post(
      '/api/inflncr/addReview',
      answer({ name: 'Suresh Patel', email: holder.email, mobile: '9000000002' }, { queryId }),
    );
    expect(res.statusCode).toBe(201);
    const { infId, postId, confirmation } = res.json<{
      infId: string;
      postId: string;
      confirmation: { _id: string };
    }>();
    expect(confirmation._id).toBeTruthy();
    expect(await answeredEvents(queryId)).toEqual([]);

    const code = await latestCode(t.db, holder.email);
    expect((await post('/api/contributions/confirm', { _id: confirmation._id, code })).statusCode).toBe(200);
    expect(await answeredEvents(queryId)).toEqual([
      expect.objectContaining({
        recipientUserId: askerId,
        answeredBy: 'Suresh Patel',
        link: `/post/${infId}/${postId}`,
      }),
    ]);
  });
});

describe('a visitor’s invoice', () => {
  it('uploads a PDF without an account and sends it with the review', async () => {
    const pdf = await pdfWithMetadata({ metadata: false });
    const boundary = `----invoice${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nFILE\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: '127.31.0.1',
    });
    expect(uploaded.statusCode).toBe(201);
    const media = uploaded.json<{ data: { url: string; name: string; type: string } }>().data;
    expect(media.type).toBe('FILE');

    const seller = await makeSeller(t, 'Invoice Test Store');
    const res = await post(
      '/api/inflncr/addReview',
      answer(person('Imran Sheikh'), {
        storeUserId: seller.id,
        invoice: [{ name: 'invoice.pdf', url: media.url }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const { infId, postId } = res.json<{ infId: string; postId: string }>();
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/inflncr/getSpecificPost/${infId}/${postId}`,
    });
    // The public sees that an invoice exists, never its file.
    expect(shown.json<{ Data: PublicPost }>().Data).toMatchObject({
      hasInvoice: true,
      postData: { invoice: [] },
    });
  });
});

describe('a signed-in person’s own contact, for their forms', () => {
  it('is sent by GET /users/me to the account itself, and never with the login answer', async () => {
    const user = await createUser(t.db, { ownerName: 'Farah Qureshi' });
    const login = await post('/api/users/login', { userName: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    expect(login.body).not.toContain(user.mobile!);
    const token = login.json<{ data: { token: string } }>().data.token;
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.json<{ data: object }>().data).toMatchObject({
      name: 'Farah Qureshi',
      email: user.email,
      mobile: user.mobile,
    });
  });
});
