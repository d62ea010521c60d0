import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationTopic } from '@app/domain';
import type { Database } from '../../db/client.js';
import { domainEvents, notificationOptOuts, users } from '../../db/schema/index.js';

export type DueEvent = { id: string; type: string; payload: unknown; attempts: number };

/**
 * Takes up to `limit` due events for this process: each is claimed until `claimFor` from now, so
 * another worker skips it meanwhile and retries it after, should this one crash. `skip locked`
 * keeps two workers from waiting on, or taking, the same rows.
 */
export async function claimDueEvents(db: Database, limit: number, claimForMs: number): Promise<DueEvent[]> {
  const due = db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        isNull(domainEvents.handledAt),
        or(isNull(domainEvents.claimedUntil), lt(domainEvents.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(domainEvents.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(domainEvents)
    .set({
      attempts: sql`${domainEvents.attempts} + 1`,
      claimedUntil: sql`now() + ${`${claimForMs} milliseconds`}::interval`,
    })
    .where(sql`${domainEvents.id} in ${due}`)
    .returning({
      id: domainEvents.id,
      type: domainEvents.type,
      payload: domainEvents.payload,
      attempts: domainEvents.attempts,
    });
}

export function markHandled(db: Database, id: string) {
  return db
    .update(domainEvents)
    .set({ handledAt: sql`now()`, claimedUntil: null })
    .where(eq(domainEvents.id, id));
}

/** The contact a message goes to; never leaves the server except as the message's address. */
export function findRecipient(db: Database, userId: string) {
  return db
    .select({ email: users.email, mobile: users.mobile, name: users.ownerName, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function optedOutTopics(db: Database, userId: string): Promise<NotificationTopic[]> {
  const rows = await db
    .select({ topic: notificationOptOuts.topic })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
  return rows.map((r) => r.topic as NotificationTopic);
}

export function optOut(db: Database, userId: string, topic: NotificationTopic) {
  return db.insert(notificationOptOuts).values({ userId, topic }).onConflictDoNothing();
}

export function optIn(db: Database, userId: string, topic: NotificationTopic) {
  return db
    .delete(notificationOptOuts)
    .where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.topic, topic)));
}

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}

/** A failed send: the event is due again after `delayMs`. */
export function retryLater(db: Database, id: string, delayMs: number) {
  return db
    .update(domainEvents)
    .set({ claimedUntil: sql`now() + ${`${delayMs} milliseconds`}::interval` })
    .where(eq(domainEvents.id, id));
}
