import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { domainEvents, users } from '../../db/schema/index.js';
import { recordEvent, type DomainEvent, type OrderEventPayload } from '../../lib/domain-events.js';
import { createOutboxMessaging } from '../../providers/messaging/outbox-messaging.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import {
  createTestApp,
  createUser,
  loginAs,
  outboxFor,
  outboxOnceHolding,
  type TestApp,
} from '../../test/test-app.js';
import { sendDueNotifications, type NotificationsDeps } from './notifications.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://revuhub.example', NOTIFICATIONS_POLL_SECONDS: '10' });
});
afterAll(async () => {
  await t.close();
});

const quietLog = { warn: () => undefined, error: () => undefined };

/** What the asker would find in their mailbox, waiting as long as the app's own sender may take. */
function messagesTo(email: string, count: number) {
  return outboxOnceHolding(t.db, email, (found) => found.length >= count);
}

function answered(recipientUserId: string): DomainEvent {
  return {
    type: 'query.answered',
    payload: {
      queryId: 'q1',
      recipientUserId,
      queryText: "Do you have the Chanderi kurta in XL? What's your return policy, and is COD available?",
      answeredBy: 'Kaveri Silks',
      link: '/post/inf-1/post-1',
    },
  };
}

describe('notifications', () => {
  it('tells the asker when their query is answered, with a link to the answer and to stop such messages', async () => {
    const asker = await createUser(t.db, { ownerName: 'Meera Iyer' });
    await recordEvent(t.db, answered(asker.id));
    const [message] = await messagesTo(asker.email, 1);
    expect(message?.subject).toBe('Your query has an answer');
    expect(message?.purpose).toBe('query-answered');
    expect(message?.body).toContain(
      'Kaveri Silks answered your query "Do you have the Chanderi kurta in XL?',
    );
    expect(message?.body).toContain('Read the answer: https://revuhub.example/post/inf-1/post-1');
    const token = /unsubscribe\?token=(\S+)/.exec(message?.body ?? '')?.[1];
    expect(token).toBeTruthy();

    // The link switches answers off without signing in; the next answer sends nothing.
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { topic: 'answers' } });
    await recordEvent(t.db, answered(asker.id));
    await sendDueNotifications(t.db, deps(createOutboxMessaging(t.db)));
    expect(await outboxFor(t.db, asker.email)).toHaveLength(1);

    // Order messages are transactional: sent even with every topic off. The event row is written as
    // the orders module would, without the money reactions (ledgers, invoices) of a real order.
    const seller = await createUser(t.db, { role: 'SELLER' });
    const paid: DomainEvent = {
      type: 'order.paid',
      payload: {
        orderId: 'o1',
        recipientUserId: asker.id,
        notifyBuyer: true,
        sellerUserId: seller.id,
        orderNumber: 'RH-1001',
        productName: 'Chanderi kurta XL',
        amountPaise: 149_900,
        gstRate: 5,
        paymentMethod: 'ONLINE',
        referrerUserId: null,
        referrerRewardPaise: 0,
        link: '/thankyou?order_id=o1',
      },
    };
    await t.db.insert(domainEvents).values({ type: paid.type, payload: paid.payload });
    const after = await messagesTo(asker.email, 2);
    expect(after[0]?.subject).toBe('Order RH-1001 is confirmed');
    expect(after[0]?.body).not.toContain('unsubscribe');
  });

  it('refuses a forged or altered unsubscribe link', async () => {
    const person = await createUser(t.db);
    for (const token of [`${person.id}.answers.forged`, `${person.id}.orders.x`, 'nonsense']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token },
      });
      expect(res.statusCode).toBe(404);
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { token: expect.any(String) } });
  });

  it('lets a signed-in person switch tags off and answers back on', async () => {
    const seller = await createUser(t.db, { role: 'SELLER' });
    const token = await loginAs(t.app, seller.email, seller.password);
    const auth = { authorization: token };
    expect((await t.app.inject({ url: '/api/notifications/preferences' })).statusCode).toBe(401);
    const initial = await t.app.inject({ url: '/api/notifications/preferences', headers: auth });
    expect(initial.json()).toMatchObject({ data: { answers: true, tags: true, responses: true } });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: auth,
      payload: { answers: true, tags: false, responses: true },
    });
    expect(saved.json()).toMatchObject({ data: { answers: true, tags: false, responses: true } });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: auth,
      payload: { answers: 'yes' },
    });
    expect(bad.statusCode).toBe(400);

    await recordEvent(t.db, {
      type: 'post.tagged',
      payload: {
        mentionId: 'm1',
        recipientUserId: seller.id,
        postTitle: 'Silk sarees for a wedding',
        taggedBy: 'Ananya',
        needsAcceptance: true,
        link: '/revalidatedreviews',
      },
    });
    await sendDueNotifications(t.db, deps(createOutboxMessaging(t.db)));
    expect(await outboxFor(t.db, seller.email)).toHaveLength(0);
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    const asker = await createUser(t.db);
    await t.db
      .transaction(async (tx) => {
        await recordEvent(tx, answered(asker.id));
        throw new Error('the answer was not stored');
      })
      .catch(() => undefined);
    await sendDueNotifications(t.db, deps(createOutboxMessaging(t.db)));
    expect(await outboxFor(t.db, asker.email)).toHaveLength(0);
  });
});

// An app with no sender of its own: under load, the sender above could take the event between the
// test's steps (CI saw it send the message itself, leaving the flaky provider none).
describe('notifications without the background sender', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ NOTIFICATIONS_POLL_SECONDS: '0' });
  });
  afterAll(async () => {
    await quiet.close();
  });

  it('retries a message the provider could not send, later, and sends it once', async () => {
    const asker = await createUser(quiet.db);
    let fail = true;
    const sent: string[] = [];
    const flaky: MessagingProvider = {
      kind: 'live',
      channels: ['email'],
      async send(message) {
        if (fail) throw new Error('SMTP down');
        sent.push(message.to);
      },
    };
    const [row] = await quiet.db
      .insert(domainEvents)
      .values({ type: 'query.answered', payload: answered(asker.id).payload })
      .returning();
    await sendDueNotifications(quiet.db, deps(flaky));
    const [afterFailure] = await quiet.db.select().from(domainEvents).where(eq(domainEvents.id, row!.id));
    expect(afterFailure?.handledAt).toBeNull();
    expect(afterFailure?.claimedUntil?.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Due again (the delay passed): sent once, then never again.
    await quiet.db.update(domainEvents).set({ claimedUntil: null }).where(eq(domainEvents.id, row!.id));
    fail = false;
    await Promise.all([
      sendDueNotifications(quiet.db, deps(flaky)),
      sendDueNotifications(quiet.db, deps(flaky)),
    ]);
    await sendDueNotifications(quiet.db, deps(flaky));
    expect(sent.filter((to) => to === asker.email)).toHaveLength(1);
  });
});

// Issue 38: the buyer's confirmation goes to the contact typed at checkout and the seller is told,
// each on every channel they have. Events are written as the orders module writes them, without the
// money reactions of a real order; the app has no sender of its own, so each step is the test's.
describe('order messages to the buyer and the seller', () => {
  let quiet: TestApp;
  const outbox = () => createOutboxMessaging(quiet.db);
  beforeAll(async () => {
    quiet = await createTestApp({ NOTIFICATIONS_POLL_SECONDS: '0' });
  });
  afterAll(async () => {
    await quiet.close();
  });

  let n = 0;
  async function anOrder(overrides: Partial<OrderEventPayload> = {}) {
    n += 1;
    const buyer = await createUser(quiet.db);
    const seller = await createUser(quiet.db, { role: 'SELLER', ownerName: 'Kaveri Silks' });
    const orderId = `0000000000000000ab${String(n).padStart(6, '0')}`;
    const payload: OrderEventPayload = {
      orderId,
      recipientUserId: buyer.id,
      notifyBuyer: true,
      sellerUserId: seller.id,
      orderNumber: `RH-AB${String(n).padStart(6, '0')}`,
      productName: 'Chanderi silk kurta',
      amountPaise: 149_900,
      gstRate: 5,
      paymentMethod: 'ONLINE',
      referrerUserId: null,
      referrerRewardPaise: 0,
      link: `/thankyou?order_id=${orderId}`,
      quantity: 2,
      size: 'XL',
      storeName: 'Kaveri Silks, Jayanagar',
      paid: true,
      stockLeft: 2,
      checkout: {
        name: 'Ritu Sharma',
        address: '14, 5th Cross, Near Ganesha Temple, Bengaluru, Karnataka 560041, India',
        email: `ritu-${n}@example.in`,
        mobile: `98450${String(n).padStart(5, '0')}`,
      },
      ...overrides,
    };
    return { buyer, seller, payload, checkout: payload.checkout! };
  }

  const write = (event: DomainEvent) =>
    quiet.db.insert(domainEvents).values({ type: event.type, payload: event.payload }).returning();

  it('confirms a paid order to the contact given at checkout by e-mail and SMS, and tells the seller on both channels', async () => {
    const { buyer, seller, payload, checkout } = await anOrder();
    const [row] = await write({ type: 'order.paid', payload });
    await sendDueNotifications(quiet.db, deps(outbox()));

    const [mail, ...moreMail] = await outboxFor(quiet.db, checkout.email);
    const [sms, ...moreSms] = await outboxFor(quiet.db, checkout.mobile);
    expect([moreMail, moreSms]).toEqual([[], []]);
    expect(mail).toMatchObject({ channel: 'email', subject: `Order ${payload.orderNumber} is confirmed` });
    for (const line of [
      `Order: ${payload.orderNumber}`,
      'Item: Chanderi silk kurta, size XL',
      'Quantity: 2',
      'Paid: ₹1,499',
      'Deliver to: Ritu Sharma, 14, 5th Cross, Near Ganesha Temple, Bengaluru, Karnataka 560041, India',
      'Seller: Kaveri Silks, Jayanagar',
      `no password needed: https://revuhub.example/thankyou?order_id=${payload.orderId}`,
    ]) {
      expect(mail!.body).toContain(line);
    }
    // The SMS is the short form, with the same link; the account's own contacts get nothing.
    expect(sms).toMatchObject({ channel: 'sms', purpose: 'order-update' });
    expect(sms!.body).toBe(
      `Order ${payload.orderNumber} confirmed: payment of ₹1,499 received for Chanderi silk kurta. https://revuhub.example/thankyou?order_id=${payload.orderId}`,
    );
    expect(await outboxFor(quiet.db, buyer.email)).toEqual([]);

    const [sellerMail] = await outboxFor(quiet.db, seller.email);
    const [sellerSms] = await outboxFor(quiet.db, seller.mobile!);
    expect(sellerMail?.subject).toBe(`New order ${payload.orderNumber}: Chanderi silk kurta`);
    expect(sellerMail?.body).toContain(
      `New order ${payload.orderNumber}: Chanderi silk kurta, size XL, quantity 2, ₹1,499 paid online.`,
    );
    expect(sellerMail?.body).toContain('Only 2 left of this product.');
    expect(sellerMail?.body).toContain(`https://revuhub.example/sellerorders?number=${payload.orderNumber}`);
    // The seller's message has no buyer contact; a new-order message has nothing to switch off.
    expect(sellerMail?.body).not.toContain(checkout.email);
    expect(sellerMail?.body).not.toContain('unsubscribe');
    expect(sellerSms?.channel).toBe('sms');

    // Sent: the checkout's contact and address leave the stored fact.
    const [stored] = await quiet.db.select().from(domainEvents).where(eq(domainEvents.id, row!.id));
    expect(stored?.payload).not.toHaveProperty('checkout');
    expect(stored?.sent.sort()).toEqual(['buyer:email', 'buyer:sms', 'seller:email', 'seller:sms']);
  });

  it('sends only what did not go when a retry follows a failed SMS', async () => {
    const { payload, checkout } = await anOrder();
    const [row] = await write({ type: 'order.paid', payload });
    const store = outbox();
    let smsDown = true;
    const flaky: MessagingProvider = {
      kind: 'outbox',
      channels: ['email', 'sms'],
      async send(message) {
        if (smsDown && message.channel === 'sms') throw new Error('SMS gateway down');
        await store.send(message);
      },
    };
    await sendDueNotifications(quiet.db, deps(flaky));
    expect(await outboxFor(quiet.db, checkout.email)).toHaveLength(1);
    expect(await outboxFor(quiet.db, checkout.mobile)).toHaveLength(0);

    smsDown = false;
    await quiet.db.update(domainEvents).set({ claimedUntil: null }).where(eq(domainEvents.id, row!.id));
    await sendDueNotifications(quiet.db, deps(flaky));
    expect(await outboxFor(quiet.db, checkout.email)).toHaveLength(1);
    expect(await outboxFor(quiet.db, checkout.mobile)).toHaveLength(1);
  });

  it("confirms an order placed with an unconfirmed account's contact at that contact, in English, naming nothing of the account, and asks for an address still needed", async () => {
    const { buyer, payload, checkout } = await anOrder({ notifyBuyer: false, paymentMethod: 'NONE' });
    // Placed "address needed" (an old client's NA address): the buyer is asked for it.
    checkout.address = '';
    await quiet.db.update(users).set({ language: 'hi' }).where(eq(users.id, buyer.id));
    await write({ type: 'order.placed', payload: { ...payload, awaitingPayment: false, codAcceptBy: null } });
    await sendDueNotifications(quiet.db, deps(outbox()));
    const [mail] = await outboxFor(quiet.db, checkout.email);
    expect(mail?.subject).toBe(`Order ${payload.orderNumber} is confirmed`);
    expect(mail?.body).toContain('Amount: ₹1,499');
    expect(mail?.body).toContain(
      "Deliver to: Ritu Sharma, address still needed: give it on your order's page below",
    );
    expect(mail?.body).not.toContain(buyer.email);
    expect(mail?.body).not.toContain('Asha');
    expect(await outboxFor(quiet.db, checkout.mobile)).toHaveLength(1);
  });

  it('tells the seller of a cash-on-delivery order with its deadline, reminds them once halfway, and not once it is accepted', async () => {
    const { seller, payload, checkout } = await anOrder({ paymentMethod: 'COD', paid: false, stockLeft: 0 });
    const codAcceptBy = '2030-01-07T10:00:00.000Z';
    const [placed] = await write({
      type: 'order.placed',
      payload: { ...payload, awaitingPayment: false, codAcceptBy },
    });
    await sendDueNotifications(quiet.db, deps(outbox()));

    const [buyerMail] = await outboxFor(quiet.db, checkout.email);
    expect(buyerMail?.subject).toBe(`Order ${payload.orderNumber} is placed: cash on delivery`);
    expect(buyerMail?.body).toContain('You pay ₹1,499 in cash when it arrives');
    expect(buyerMail?.body).toContain('the seller confirms it by 7 Jan, 3:30 pm IST');
    expect(buyerMail?.body).toContain('To pay on delivery: ₹1,499');
    const [sellerMail] = await outboxFor(quiet.db, seller.email);
    expect(sellerMail?.subject).toBe(
      `New cash-on-delivery order ${payload.orderNumber}: accept it by 7 Jan, 3:30 pm IST`,
    );
    expect(sellerMail?.body).toContain('This product is now sold out: add stock to keep selling it.');

    // The reminder waits for half the window: due then, not before.
    const reminders = () =>
      quiet.db
        .select()
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.type, 'order.acceptance-reminder'),
            sql`${domainEvents.payload}->>'orderId' = ${payload.orderId}`,
          ),
        );
    const [reminder] = await reminders();
    const halfway = (placed!.createdAt.getTime() + Date.parse(codAcceptBy)) / 2;
    expect(Math.abs(reminder!.claimedUntil!.getTime() - halfway)).toBeLessThan(1000);
    await sendDueNotifications(quiet.db, deps(outbox()));
    expect(await outboxFor(quiet.db, seller.email)).toHaveLength(1);

    // Half the window passed: the seller is reminded, once.
    await quiet.db.update(domainEvents).set({ claimedUntil: null }).where(eq(domainEvents.id, reminder!.id));
    await sendDueNotifications(quiet.db, deps(outbox()));
    await sendDueNotifications(quiet.db, deps(outbox()));
    const sellerMessages = await outboxFor(quiet.db, seller.email);
    expect(sellerMessages.map((m) => m.subject)).toEqual([
      `Reminder: accept order ${payload.orderNumber} by 7 Jan, 3:30 pm IST`,
      sellerMail!.subject,
    ]);
    expect(sellerMessages[0]?.body).toContain(
      `https://revuhub.example/sellerorders?number=${payload.orderNumber}`,
    );
    expect(await outboxFor(quiet.db, seller.mobile!)).toHaveLength(2);
    // A retried placing event schedules no second reminder.
    await quiet.db
      .update(domainEvents)
      .set({ handledAt: null, claimedUntil: null, sent: [] })
      .where(eq(domainEvents.id, placed!.id));
    await sendDueNotifications(quiet.db, deps(outbox()));
    expect(await reminders()).toHaveLength(1);

    // Another order the seller accepts in time: no reminder.
    const second = await anOrder({ paymentMethod: 'COD', paid: false });
    await write({
      type: 'order.placed',
      payload: { ...second.payload, awaitingPayment: false, codAcceptBy },
    });
    await sendDueNotifications(quiet.db, deps(outbox()));
    await write({ type: 'order.accepted', payload: second.payload });
    await quiet.db
      .update(domainEvents)
      .set({ claimedUntil: null })
      .where(
        and(
          eq(domainEvents.type, 'order.acceptance-reminder'),
          sql`${domainEvents.payload}->>'orderId' = ${second.payload.orderId}`,
        ),
      );
    await sendDueNotifications(quiet.db, deps(outbox()));
    expect((await outboxFor(quiet.db, second.seller.email)).map((m) => m.subject)).toEqual([
      `New cash-on-delivery order ${second.payload.orderNumber}: accept it by 7 Jan, 3:30 pm IST`,
    ]);
  });

  it('sends a seller order messages on the channel they chose, and on every channel when their choice reaches nobody', async () => {
    const { seller, payload } = await anOrder();
    const auth = { authorization: await loginAs(quiet.app, seller.email, seller.password) };
    const choose = (orderChannels: unknown) =>
      quiet.app.inject({
        method: 'PUT',
        url: '/api/notifications/preferences',
        headers: auth,
        payload: { answers: true, tags: true, responses: true, orderChannels },
      });
    expect(
      (await quiet.app.inject({ url: '/api/notifications/preferences', headers: auth })).json(),
    ).toMatchObject({
      data: { orderChannels: 'all' },
    });
    const refused = await choose('fax');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { orderChannels: 'Choose e-mail, SMS or both' } });
    expect((await choose('sms')).json()).toMatchObject({ data: { orderChannels: 'sms', tags: true } });

    await write({ type: 'order.paid', payload });
    await sendDueNotifications(quiet.db, deps(outbox()));
    expect(await outboxFor(quiet.db, seller.email)).toHaveLength(0);
    expect((await outboxFor(quiet.db, seller.mobile!)).map((m) => m.subject)).toEqual([
      `New order ${payload.orderNumber}: Chanderi silk kurta`,
    ]);

    // No mobile any more: the new order still reaches the seller, by e-mail.
    await quiet.db.update(users).set({ mobile: null }).where(eq(users.id, seller.id));
    const next = await anOrder({ sellerUserId: seller.id });
    await write({ type: 'order.paid', payload: next.payload });
    await sendDueNotifications(quiet.db, deps(outbox()));
    expect((await outboxFor(quiet.db, seller.email)).map((m) => m.subject)).toEqual([
      `New order ${next.payload.orderNumber}: Chanderi silk kurta`,
    ]);
  });

  it("tells the seller of the buyer's cancellation and of a refund done, in Hindi when they chose it, and not of their own cancellation", async () => {
    const { seller, payload } = await anOrder();
    await write({
      type: 'order.cancelled',
      payload: { ...payload, cancelledBy: 'buyer', reason: 'Ordered the wrong size' },
    });
    await write({
      type: 'order.cancelled',
      payload: { ...payload, cancelledBy: 'seller', reason: 'Out of stock' },
    });
    await write({
      type: 'refund.succeeded',
      payload: {
        ...payload,
        refundId: 'r1',
        refundPaise: 149_900,
        refundedPaiseTotal: 149_900,
        reason: 'Ordered the wrong size',
        refundedBy: 'buyer',
      },
    });
    await sendDueNotifications(quiet.db, deps(outbox()));
    const subjects = (await outboxFor(quiet.db, seller.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      `Order ${payload.orderNumber} is cancelled: do not ship it`,
      `Refund done for order ${payload.orderNumber}: ₹1,499`,
    ]);
    const [cancelled] = (await outboxFor(quiet.db, seller.email)).filter((m) =>
      m.subject.includes('cancelled'),
    );
    expect(cancelled?.body).toContain(
      `The buyer cancelled order ${payload.orderNumber} (Chanderi silk kurta, size XL, quantity 2): Ordered the wrong size. Do not ship it.`,
    );

    const hindiSeller = await anOrder();
    await quiet.db.update(users).set({ language: 'hi' }).where(eq(users.id, hindiSeller.seller.id));
    await write({ type: 'order.paid', payload: hindiSeller.payload });
    await sendDueNotifications(quiet.db, deps(outbox()));
    const [hindi] = await outboxFor(quiet.db, hindiSeller.seller.email);
    expect(hindi?.subject).toBe(`नया ऑर्डर ${hindiSeller.payload.orderNumber}: Chanderi silk kurta`);
    expect(hindi?.body).toContain('इस प्रोडक्ट के अब सिर्फ़ 2 बचे हैं।');
  });
});

function deps(messaging: MessagingProvider): NotificationsDeps {
  return { messaging, publicUrl: 'https://revuhub.example', secret: 'x'.repeat(40), log: quietLog };
}
