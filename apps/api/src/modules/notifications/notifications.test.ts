import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { domainEvents } from '../../db/schema/index.js';
import { recordEvent, type DomainEvent } from '../../lib/domain-events.js';
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
    const paid: DomainEvent = {
      type: 'order.paid',
      payload: {
        orderId: 'o1',
        recipientUserId: asker.id,
        notifyBuyer: true,
        sellerUserId: asker.id,
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

function deps(messaging: MessagingProvider): NotificationsDeps {
  return { messaging, publicUrl: 'https://revuhub.example', secret: 'x'.repeat(40), log: quietLog };
}
