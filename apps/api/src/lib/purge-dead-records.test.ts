import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { domainEvents, outboxMessages, sessions, verificationCodes } from '../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../test/test-app.js';
import { purgeDeadRecords } from './purge-dead-records.js';
import { hashToken } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Finding 15: expired and revoked sessions (and now codes) were kept for ever.
describe('purgeDeadRecords', () => {
  it('deletes expired and revoked sessions, dead codes and old outbox messages, and keeps live ones', async () => {
    const user = await createUser(t.db);
    const live = await loginAs(t.app, user.email, user.password);
    const revoked = await loginAs(t.app, user.email, user.password);
    await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { authorization: revoked } });
    const expired = await loginAs(t.app, user.email, user.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    await t.db.insert(verificationCodes).values([
      // Dead for over a day: the caps on codes a day no longer count it.
      {
        userId: user.id,
        purpose: 'reset-password',
        codeHash: 'x',
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - 25 * 3600 * 1000),
      },
      // Dead, but counted by today's caps: kept until it is a day old.
      { userId: user.id, purpose: 'reset-password', codeHash: 'z', expiresAt: new Date(Date.now() - 1000) },
      {
        userId: user.id,
        purpose: 'reset-password',
        codeHash: 'y',
        expiresAt: new Date(Date.now() + 600_000),
      },
    ]);
    await t.db.insert(outboxMessages).values([
      {
        channel: 'email',
        recipient: user.email,
        subject: 'old',
        body: 'old',
        purpose: 'reset-password',
        createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
      },
      { channel: 'email', recipient: user.email, subject: 'new', body: 'new', purpose: 'reset-password' },
    ]);

    // A message's fact holds people's words: gone a month after it was handled. An order's stays
    // (its refunds are read back by the invoices), and so does one still to be sent.
    const monthAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const answered = (queryText: string) => ({
      type: 'query.answered',
      payload: { queryId: 'q', recipientUserId: user.id, queryText, answeredBy: 'Asha', link: '/' },
    });
    await t.db.insert(domainEvents).values([
      { ...answered('sent long ago'), createdAt: monthAgo, handledAt: monthAgo },
      { ...answered('sent today'), handledAt: new Date() },
      { ...answered('still due'), createdAt: monthAgo },
      { type: 'order.paid', payload: { orderId: 'kept-order' }, createdAt: monthAgo, handledAt: monthAgo },
    ]);

    const purged = await purgeDeadRecords(t.db);
    expect(purged).toEqual({ sessions: 2, codes: 1, outbox: 1, messageEvents: 1, unconfirmed: 0 });
    const events = (await t.db.select({ payload: domainEvents.payload }).from(domainEvents)).map((e) =>
      JSON.stringify(e.payload),
    );
    expect(events.filter((e) => e.includes('sent long ago'))).toEqual([]);
    for (const kept of ['sent today', 'still due', 'kept-order'])
      expect(events.filter((e) => e.includes(kept))).toHaveLength(1);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((r) => r.tokenHash)).toEqual([hashToken(live)]);
    expect((await t.app.inject({ url: '/api/users/me', headers: { authorization: live } })).statusCode).toBe(
      200,
    );
    const codes = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(codes.map((c) => c.codeHash).sort()).toEqual(['y', 'z']);
    const messages = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email));
    expect(messages.map((m) => m.subject)).toEqual(['new']);
  });
});
