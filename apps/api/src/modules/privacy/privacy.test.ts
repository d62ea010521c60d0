import { crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentConsent, gstinCheckCharacter, PRIVACY_CODE_ANSWER } from '@app/domain';
import {
  consentRecords,
  domainEvents,
  orders,
  posts,
  queries,
  settlementEntries,
  skillResponses,
  taxDocuments,
  users,
} from '../../db/schema/index.js';
import {
  createTestApp,
  createUser,
  latestCode,
  loginAs,
  outboxFor,
  type TestApp,
} from '../../test/test-app.js';
import { makeProduct, makeSeller, orderBody } from '../orders/orders-test-helpers.js';

// Privacy under the DPDP Act 2023 (issue 26, decision 040): what a person made comes out in one
// ZIP, and a deleted account's posts stop naming it while its tax invoices stay as issued.

let t: TestApp;
let admin: { token: string };
let seller: Awaited<ReturnType<typeof makeSeller>>;
let productId: string;

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

let address = 0;
function send(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  address += 1;
  return t.app.inject({
    method,
    url: `/api${url}`,
    // Each call from its own address: the registration budget counts per address.
    remoteAddress: `127.30.${Math.floor(address / 250)}.${address % 250}`,
    ...(token ? { headers: { authorization: token } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * Reads a ZIP by its central directory, checking every entry's CRC: an archive a real unzip tool
 * accepts, not only bytes that look right.
 */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength + extra;
  }
  return files;
}

type ExportDocument = {
  account: { id: string; email: string; name: string };
  consents: { purpose: string; textVersion: string | null; adultConfirmed: boolean | null }[];
  posts: { id: string; title: string; media: { url: string }[] }[];
  queries: { id: string; text: string }[];
  orders: { purchases: { id: string; address: { firstName: string } }[]; sales: { id: string }[] };
  taxDocuments: { number: string }[];
  files: { url: string; path: string }[];
};

function exportOf(res: {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toMatch(
    /^attachment; filename="revuhub-data-\d{4}-\d\d-\d\d\.zip"$/,
  );
  const files = readZip(res.rawPayload);
  const document = JSON.parse(files.get('revuhub-data.json')!.toString('utf8')) as ExportDocument;
  return { files, document };
}

async function uploadPhoto(token: string) {
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  const boundary = `----privacy${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="my-shop.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { url: string } }>().data.url;
}

function review(person: { ownerName: string; email: string; mobile: string | null }, extra: object = {}) {
  return {
    slug: true,
    type: 'IMAGE',
    caption: [{ index: 0, value: 'Crisp dosa, quick service' }],
    description: [{ index: 0, value: 'The coconut chutney was fresh and the sambar hot.' }],
    data: [],
    products: [],
    links: { data: [], index: 0 },
    hashtags: ['#dosa'],
    storeUserId: seller.id,
    isPrivate: false,
    userData: { name: person.ownerName, email: person.email, mobile: person.mobile },
    influencerData: { name: person.ownerName, isService: false },
    ...extra,
  };
}

/** A paid order as the payment webhook leaves it, dispatched (its tax invoice issued) and delivered. */
async function deliveredOrder(buyerId: string) {
  const body = orderBody(productId);
  const [row] = await t.db
    .insert(orders)
    .values({
      buyerUserId: buyerId,
      sellerUserId: seller.id,
      productId,
      source: 'euOrder/saveOrder2',
      channel: 'b2c',
      quantity: 1,
      unitPrice: 2999,
      amount: 2999,
      address: body.address,
      paymentState: 'PAID',
      paidAt: new Date(),
      holdExpiresAt: null,
    })
    .returning();
  for (const fulfilment of ['DISPATCHED', 'DELIVERED']) {
    const moved = await send('POST', '/orders/updateFulfilment', seller.token, {
      orderId: row!.id,
      fulfilment,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return { ...row!, address: body.address };
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'ADMIN' });
  admin = { token: await loginAs(t.app, user.email, user.password) };
  seller = await makeSeller(t, 'Udupi Tiffin Room');
  const taxed = await send('PUT', '/taxDetails', seller.token, {
    legalName: 'Udupi Tiffin Room LLP',
    address: '4 Brigade Road, Bengaluru, Karnataka 560025',
    stateCode: '29',
    gstin: gstin('29AAPFU0939F1Z'),
    pan: 'AAPFU0939F',
  });
  expect(taxed.statusCode, taxed.body).toBe(200);
  productId = await makeProduct(t, seller, 100, { gstRate: '5', hsnCode: '2106' });
});
afterAll(async () => t?.close());

describe('Download my data', () => {
  it('gives the account, its posts, queries, orders, consents and uploaded files in one ZIP', async () => {
    const person = await createUser(t.db, { ownerName: 'Ananya Krishnan' });
    const token = await loginAs(t.app, person.email, person.password);
    const photo = await uploadPhoto(token);
    const posted = await send(
      'POST',
      '/inflncr/addReview',
      token,
      review(person, { data: [{ name: 'dosa.png', url: photo }] }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const asked = await send('POST', '/app/webSearch', token, {
      pagination: { page: 1, limit: 10 },
      search: 'Which tiffin room serves the crispest masala dosa',
      userData: { name: person.ownerName, email: person.email, mobile: person.mobile },
    });
    expect([200, 404]).toContain(asked.statusCode);
    const order = await deliveredOrder(person.id);
    const someoneElse = await createUser(t.db, { ownerName: 'Rohit Sharma' });
    await send(
      'POST',
      '/inflncr/addReview',
      await loginAs(t.app, someoneElse.email, someoneElse.password),
      review(someoneElse),
    );

    const { files, document } = exportOf(await send('GET', '/privacy/export', token));
    expect(document.account).toMatchObject({ id: person.id, email: person.email, name: 'Ananya Krishnan' });
    expect(document.posts.map((p) => p.id)).toEqual([posted.json<{ postId: string }>().postId]);
    expect(document.posts[0]!.media.map((m) => m.url)).toEqual([photo]);
    expect(document.queries.map((q) => q.text)).toEqual([
      'Which tiffin room serves the crispest masala dosa',
    ]);
    expect(document.orders.purchases).toEqual([
      expect.objectContaining({ id: order.id, address: expect.objectContaining({ firstName: 'Meera' }) }),
    ]);
    expect(document.taxDocuments).toHaveLength(1);
    // Nothing of another person's: their post and name are not in it.
    expect(JSON.stringify(document)).not.toContain('Rohit Sharma');
    // The uploaded photo, byte for byte as stored.
    const [file] = document.files;
    expect(file?.url).toBe(photo);
    const served = await t.app.inject({ method: 'GET', url: photo });
    expect(files.get(file!.path)?.equals(served.rawPayload)).toBe(true);

    // Signed in only; a visitor gets no one's data.
    expect((await send('GET', '/privacy/export')).statusCode).toBe(401);
  });
});

describe('Delete my account', () => {
  it('anonymises the posts so no public answer names the person, keeps the orders without contact data and the invoices exactly as issued', async () => {
    const person = await createUser(t.db, { ownerName: 'Devika Menon' });
    const token = await loginAs(t.app, person.email, person.password);
    const posted = await send('POST', '/inflncr/addReview', token, review(person));
    const postId = posted.json<{ postId: string }>().postId;
    const order = await deliveredOrder(person.id);
    const invoicesBefore = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(invoicesBefore).toHaveLength(1);
    expect(JSON.stringify(invoicesBefore)).toContain('Meera Iyer');

    expect((await send('GET', '/privacy/deletionCheck', token)).json().data).toEqual({ blockers: [] });
    const wrong = await send('POST', '/privacy/deleteAccount', token, {
      password: 'not-it',
      contributions: 'anonymise',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'This password is wrong' });
    const deleted = await send('POST', '/privacy/deleteAccount', token, {
      password: person.password,
      contributions: 'anonymise',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ postsAnonymised: 1, ordersKept: 1, taxDocumentsKept: 1 });

    // The post is still public, and nothing public names its author any more.
    const traces = [person.ownerName, person.email, person.id];
    const publicAnswers = [
      await send('GET', '/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/100'),
      await send('GET', `/inflncr/getPostsByTaggedStoreUserId/${seller.id}`),
      await send('GET', '/inflncr/getAllInfluencers'),
    ];
    expect(publicAnswers[0]!.body).toContain(postId);
    for (const answer of publicAnswers) for (const trace of traces) expect(answer.body).not.toContain(trace);
    expect((await send('GET', `/inflncr/getSpecificPost/${person.id}/${postId}`)).statusCode).toBe(404);

    // The invoice row is the same, byte for byte; the order stays, without the buyer's name or contact.
    const invoicesAfter = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(JSON.stringify(invoicesAfter)).toBe(JSON.stringify(invoicesBefore));
    const [kept] = await t.db.select({ address: orders.address }).from(orders).where(eq(orders.id, order.id));
    expect(kept!.address).toMatchObject({
      firstName: '',
      lastName: '',
      email: '',
      mobile: '',
      state: 'Karnataka',
    });

    // Sessions ended and the password gone.
    expect((await send('GET', '/users/me', token)).statusCode).toBe(401);
    const login = await send('POST', '/users/login', undefined, {
      userName: person.email,
      password: person.password,
    });
    expect(login.statusCode).toBe(401);
    const [row] = await t.db
      .select({ email: users.email, mobile: users.mobile })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row).toEqual({ email: expect.stringMatching(/@deleted\.invalid$/), mobile: null });

    // The admin sees the request and that it was carried out.
    const list = await send('GET', '/admin/deletionRequests', admin.token);
    expect(list.json().data[0]).toMatchObject({
      userId: person.id,
      account: `${person.email[0]}***@example.com`,
      state: 'completed',
      contributions: 'anonymise',
      summary: expect.objectContaining({ postsAnonymised: 1 }),
      completedAt: expect.any(String),
    });
    expect((await send('GET', '/admin/deletionRequests', seller.token)).statusCode).toBe(403);
  });

  it('forgets the messages sent to the account and the words and contact of its responses', async () => {
    const person = await createUser(t.db, { ownerName: 'Farah Qureshi' });
    const token = await loginAs(t.app, person.email, person.password);
    const posted = await send('POST', '/inflncr/addReview', token, review(person));
    const postId = posted.json<{ postId: string }>().postId;
    // Farah answered someone's skill post, sharing her number; and an answer to her query was sent.
    const [response] = await t.db
      .insert(skillResponses)
      .values({
        postId,
        recipientUserId: seller.id,
        responderUserId: person.id,
        fromName: person.ownerName,
        message: 'I can tailor blouses on weekends',
        replyTo: '9811122233',
      })
      .returning();
    await t.db.insert(domainEvents).values([
      {
        type: 'skill.responded',
        payload: {
          responseId: response!.id,
          recipientUserId: seller.id,
          postTitle: 'Tailor wanted',
          fromName: person.ownerName,
          message: 'I can tailor blouses on weekends',
          replyTo: '9811122233',
          link: '/',
        },
        handledAt: new Date(),
      },
      {
        type: 'query.answered',
        payload: {
          queryId: 'q1',
          recipientUserId: person.id,
          queryText: 'Is the dosa batter made in-house?',
          answeredBy: 'Udupi Tiffin Room',
          link: '/',
        },
        handledAt: new Date(),
      },
    ]);

    const deleted = await send('POST', '/privacy/deleteAccount', token, {
      password: person.password,
      contributions: 'remove',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = JSON.stringify(await t.db.select({ payload: domainEvents.payload }).from(domainEvents));
    for (const trace of [person.id, person.ownerName, '9811122233', 'dosa batter'])
      expect(left.match(new RegExp(`.{0,300}${trace}.{0,100}`))?.[0]).toBeUndefined();
  });

  it("keeps an order's unsent fact without the checkout's contact and address of a deleted account", async () => {
    const person = await createUser(t.db, { ownerName: 'Imran Sheikh' });
    const token = await loginAs(t.app, person.email, person.password);
    const [fact] = await t.db
      .insert(domainEvents)
      .values({
        type: 'order.cancelled',
        payload: {
          orderId: 'o1',
          recipientUserId: person.id,
          checkout: {
            name: 'Imran Sheikh',
            address: '9, Mohammed Ali Road',
            email: 'imran@example.com',
            mobile: '9833344455',
          },
        },
      })
      .returning();
    const deleted = await send('POST', '/privacy/deleteAccount', token, {
      password: person.password,
      contributions: 'remove',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await t.db.select().from(domainEvents).where(eq(domainEvents.id, fact!.id));
    expect(kept?.payload).toEqual({ orderId: 'o1', recipientUserId: person.id });
  });

  it('tells a seller with an open order and a balance what must settle first, and deletes nothing', async () => {
    const other = await makeSeller(t, 'Malgudi Stores');
    const buyer = await createUser(t.db);
    const otherProduct = await makeProduct(t, other, 5);
    const [open] = await t.db
      .insert(orders)
      .values({
        buyerUserId: buyer.id,
        sellerUserId: other.id,
        productId: otherProduct,
        source: 'euOrder/saveOrder2',
        channel: 'b2c',
        quantity: 1,
        unitPrice: 1500,
        amount: 1500,
        address: orderBody(otherProduct).address,
        paymentState: 'PAID',
        paidAt: new Date(),
        holdExpiresAt: null,
      })
      .returning();
    await t.db.insert(settlementEntries).values({
      sellerUserId: other.id,
      orderId: null,
      kind: 'SALE',
      amountPaise: 120_000,
      counterAccount: 'buyer-payments',
      sourceKey: `test:${other.id}`,
    });

    const check = await send('GET', '/privacy/deletionCheck', other.token);
    expect(check.json().data.blockers.map((b: { kind: string }) => b.kind)).toEqual([
      'open-sale',
      'settlement-balance',
    ]);
    const refused = await send('POST', '/privacy/deleteAccount', other.token, {
      password: other.password,
      contributions: 'remove',
    });
    expect(refused.statusCode).toBe(409);
    expect(Object.values(refused.json().errors as Record<string, string>)).toEqual([
      expect.stringContaining(`Order ${open!.id} you sold is not finished`),
      'Your settlement balance is ₹1,200.00 owed to you: it must be paid out first.',
    ]);
    // Still there, still signed in; the buyer of the open order cannot leave either.
    expect((await send('GET', '/users/me', other.token)).statusCode).toBe(200);
    const buyerCheck = await send(
      'GET',
      '/privacy/deletionCheck',
      await loginAs(t.app, buyer.email, buyer.password),
    );
    expect(buyerCheck.json().data.blockers).toEqual([
      expect.objectContaining({ kind: 'open-purchase', orderId: open!.id }),
    ]);
    const list = await send('GET', '/admin/deletionRequests', admin.token);
    expect(list.json().data[0]).toMatchObject({
      userId: other.id,
      state: 'refused',
      completedAt: null,
      reasons: expect.any(Array),
    });
  });
});

describe('Consent records and a visitor without a password', () => {
  it('records each consent, and lets a guest buyer export and delete with a code sent to their contact', async () => {
    const guest = orderBody(productId, { consent: currentConsent() });
    const placed = await send('POST', '/euOrder/saveOrder2', undefined, guest);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ data: { order: { _id: string } } }>().data.order._id;
    // An older client sends no consent: recorded without a version or an age confirmation.
    const asked = await send('POST', '/app/webSearch', undefined, {
      pagination: { page: 1, limit: 10 },
      search: 'Does the tiffin room deliver to Indiranagar on Sundays',
      userData: { name: 'Meera Iyer', email: guest.address.email, mobile: guest.address.mobile },
    });
    expect([200, 404]).toContain(asked.statusCode);
    const signUp = await send('POST', '/endUsers/registerNewUser', undefined, {
      name: 'Farah Khan',
      email: `farah-${Date.now()}@example.com`,
      mobile: `7${String(Date.now()).slice(-9)}`,
      if_expert: false,
      consent: currentConsent(),
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const under18 = await send('POST', '/endUsers/registerNewUser', undefined, {
      name: 'Farah Khan',
      email: `young-${Date.now()}@example.com`,
      mobile: `6${String(Date.now()).slice(-9)}`,
      if_expert: false,
      consent: { version: currentConsent().version, adultConfirmed: false },
    });
    expect(under18.statusCode).toBe(400);
    expect(under18.json().errors).toEqual({
      'consent.adultConfirmed': 'You must be 18 or older to use Revuhub',
    });
    const [signUpConsent] = await t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.userId, signUp.json<{ data: { _id: string } }>().data._id));
    expect(signUpConsent).toMatchObject({
      purpose: 'sign-up',
      textVersion: currentConsent().version,
      adultConfirmed: true,
    });

    // The same answer for a contact nobody has; only the real one gets a code.
    const unknown = `nobody-${Date.now()}@example.com`;
    expect((await send('POST', '/privacy/code', undefined, { contact: unknown })).json().message).toBe(
      PRIVACY_CODE_ANSWER,
    );
    expect(await outboxFor(t.db, unknown)).toEqual([]);
    const asked1 = await send('POST', '/privacy/code', undefined, { contact: guest.address.mobile });
    expect(asked1.json().message).toBe(PRIVACY_CODE_ANSWER);
    const code = await latestCode(t.db, guest.address.email);
    const badCode = code === '000000' ? '111111' : '000000';
    const wrong = await send('POST', '/privacy/code/export', undefined, {
      contact: guest.address.email,
      code: badCode,
    });
    expect(wrong.statusCode).toBe(400);

    const { document } = exportOf(
      await send('POST', '/privacy/code/export', undefined, { contact: guest.address.email, code }),
    );
    expect(document.orders.purchases.map((o) => o.id)).toEqual([orderId]);
    expect(document.queries.map((q) => q.text)).toEqual([
      'Does the tiffin room deliver to Indiranagar on Sundays',
    ]);
    expect(document.consents).toEqual([
      expect.objectContaining({
        purpose: 'order',
        textVersion: currentConsent().version,
        adultConfirmed: true,
      }),
      expect.objectContaining({ purpose: 'query', textVersion: null, adultConfirmed: null }),
    ]);
    // A code works once.
    expect(
      (await send('POST', '/privacy/code/export', undefined, { contact: guest.address.email, code }))
        .statusCode,
    ).toBe(400);

    // The unpaid order still holds stock: it must end first.
    await send('POST', '/privacy/code', undefined, { contact: guest.address.email });
    const refused = await send('POST', '/privacy/code/deleteAccount', undefined, {
      contact: guest.address.email,
      code: await latestCode(t.db, guest.address.email),
      contributions: 'remove',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(orderId);
    // As the sweep of ended holds leaves an order nobody paid.
    await t.db.update(orders).set({ paymentState: 'FAILED', stockHeld: false }).where(eq(orders.id, orderId));
    await send('POST', '/privacy/code', undefined, { contact: guest.address.email });
    const deleted = await send('POST', '/privacy/code/deleteAccount', undefined, {
      contact: guest.address.email,
      code: await latestCode(t.db, guest.address.email),
      contributions: 'remove',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ queriesRemoved: 1, ordersKept: 1 });
    const left = await t.db
      .select({ id: queries.id })
      .from(queries)
      .where(eq(queries.text, 'Does the tiffin room deliver to Indiranagar on Sundays'));
    expect(left).toEqual([]);
    const [kept] = await t.db.select({ address: orders.address }).from(orders).where(eq(orders.id, orderId));
    expect(JSON.stringify(kept!.address)).not.toContain(guest.address.email);
    // The contact is free again: another code request finds no one.
    expect(await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorName, 'Meera Iyer'))).toEqual(
      [],
    );
  });
});
