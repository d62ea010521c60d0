import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationTopic } from '@app/domain';
import type { Database } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { domainEvents, notificationOptOuts, users } from '../../db/schema/index.js';

export type DueEvent = {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  /** The event's messages that went already (`seller:sms`): a retry sends only the others. */
  sent: string[];
};

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
      createdAt: domainEvents.createdAt,
      sent: domainEvents.sent,
    });
}

/** Done with: the checkout's contact and address, there only for the messages, leave the stored fact. */
export function markHandled(db: Database, id: string) {
  return db
    .update(domainEvents)
    .set({ handledAt: sql`now()`, claimedUntil: null, payload: sql`${domainEvents.payload} - 'checkout'` })
    .where(eq(domainEvents.id, id));
}

/** One of the event's messages went on one channel. */
export function markSent(db: Database, id: string, key: string) {
  return db
    .update(domainEvents)
    .set({ sent: sql`array_append(${domainEvents.sent}, ${key}::text)` })
    .where(eq(domainEvents.id, id));
}

/** The reminders a handled event schedules, each with the payload key that names its subject. */
type Reminder =
  | { type: 'order.acceptance-reminder'; key: 'orderId'; payload: { orderId: string } }
  | { type: 'query.reminder'; key: 'queryId'; payload: { queryId: string } };

/**
 * Schedules a reminder: due from `dueAt` (the claim mechanism holds it back until then), once per
 * subject (an order, a question) however often the event that schedules it is retried.
 */
export async function scheduleReminder(db: Database, reminder: Reminder, dueAt: Date) {
  const subject = (reminder.payload as Record<string, string>)[reminder.key];
  await db.execute(sql`
    insert into ${domainEvents} (id, type, payload, claimed_until)
    select ${newId()}, ${reminder.type}, ${JSON.stringify(reminder.payload)}::jsonb, ${dueAt.toISOString()}::timestamptz
    where not exists (
      select 1 from ${domainEvents}
      where type = ${reminder.type} and payload->>${reminder.key} = ${subject}
    )`);
}

/** Whether the seller accepted the order, or it was cancelled, since it was placed. */
export async function orderAcceptedOrCancelled(db: Database, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        inArray(domainEvents.type, ['order.accepted', 'order.cancelled']),
        sql`${domainEvents.payload}->>'orderId' = ${orderId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/** A topic switched off, or a channel a seller left out of their order messages (`channel:sms`). */
export type OptOut = NotificationTopic | `channel:${'email' | 'sms'}`;

export async function optedOutTopics(db: Database, userId: string): Promise<OptOut[]> {
  const rows = await db
    .select({ topic: notificationOptOuts.topic })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
  return rows.map((r) => r.topic as OptOut);
}

export function optOut(db: Database, userId: string, topic: OptOut) {
  return db.insert(notificationOptOuts).values({ userId, topic }).onConflictDoNothing();
}

export function optIn(db: Database, userId: string, topic: OptOut) {
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
