import {
  notificationTopicLabels,
  notificationTopics,
  type NotificationPreferences,
  type NotificationTopic,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { deliver } from '../../providers/messaging/deliver.js';
import type { MessagingProvider } from '../../providers/messaging/messaging.js';
import { composeHindiMessage, composeMessage } from './notification-messages.js';
import * as repo from './notifications.repository.js';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';

export interface NotificationsDeps {
  messaging: MessagingProvider;
  /** Where links in messages point, e.g. https://revuhub.in. */
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const BATCH = 20;
/** How long a worker may take over one batch before another may retry it. */
const CLAIM_MS = 60_000;
/** A message that could not be sent is tried again after 1, 4, 9, 16 minutes, then given up. */
const MAX_ATTEMPTS = 5;

const eventTypes: ReadonlySet<string> = new Set<DomainEvent['type']>([
  'query.answered',
  'post.tagged',
  'skill.responded',
  'order.paid',
  'order.accepted',
  'order.dispatched',
  'order.delivered',
  'order.cancelled',
  'refund.requested',
  'refund.succeeded',
  'refund.failed',
  'application.approved',
  'application.rejected',
]);

/**
 * Sends the messages of due events. Each event is handled once: it is marked done after its
 * message went out (or when its recipient is gone or switched the topic off); a failed send is
 * retried with a growing delay and given up after MAX_ATTEMPTS, with an error in the log.
 */
export async function sendDueNotifications(db: Database, deps: NotificationsDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await repo.claimDueEvents(db, BATCH, CLAIM_MS);
    for (const event of batch) {
      if (await sendOne(db, deps, event)) sent += 1;
    }
    if (batch.length < BATCH) return sent;
  }
}

async function sendOne(db: Database, deps: NotificationsDeps, row: repo.DueEvent): Promise<boolean> {
  if (!eventTypes.has(row.type)) {
    await repo.markHandled(db, row.id);
    return false;
  }
  const message = composeMessage({ type: row.type, payload: row.payload } as DomainEvent, deps.publicUrl);
  if (!message) {
    await repo.markHandled(db, row.id);
    return false;
  }
  const recipient = await repo.findRecipient(db, message.recipientUserId);
  const topic = message.topic;
  if (!recipient || (topic && (await repo.optedOutTopics(db, message.recipientUserId)).includes(topic))) {
    await repo.markHandled(db, row.id);
    return false;
  }
  // A recipient who chose Hindi gets it where the message has Hindi (issue 26).
  const hindi =
    recipient.language === 'hi'
      ? composeHindiMessage({ type: row.type, payload: row.payload } as DomainEvent, deps.publicUrl)
      : null;
  const { subject, text: body } = hindi ?? message;
  const unsubscribe = hindi ? 'ये संदेश बंद करने के लिए' : 'To stop these messages';
  const text = topic
    ? `${body}\n\n${unsubscribe}: ${deps.publicUrl}/unsubscribe?token=${signUnsubscribe(deps.secret, message.recipientUserId, topic)}`
    : body;
  try {
    await deliver(deps.messaging, recipient, { subject, text, purpose: message.template });
  } catch (error) {
    if (row.attempts >= MAX_ATTEMPTS) {
      deps.log.error({ err: error, eventId: row.id, type: row.type }, 'Notification given up after retries');
      await repo.markHandled(db, row.id);
    } else {
      deps.log.warn({ err: error, eventId: row.id, type: row.type }, 'Notification not sent; will retry');
      await repo.retryLater(db, row.id, row.attempts * row.attempts * 60_000);
    }
    return false;
  }
  await repo.markHandled(db, row.id);
  return true;
}

export async function getNotificationPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const off = await repo.optedOutTopics(db, userId);
  return Object.fromEntries(notificationTopics.map((t) => [t, !off.includes(t)])) as NotificationPreferences;
}

export async function setNotificationPreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  for (const topic of notificationTopics) {
    await (preferences[topic] ? repo.optIn(db, userId, topic) : repo.optOut(db, userId, topic));
  }
  return getNotificationPreferences(db, userId);
}

/** Switches off the topic a message's link names; answers which, for the page to say so. */
export async function unsubscribeByToken(
  db: Database,
  secret: string,
  token: string,
): Promise<{ topic: NotificationTopic; label: string }> {
  const found = verifyUnsubscribe(secret, token);
  if (!found || !(await repo.userExists(db, found.userId))) {
    throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid; sign in to change your messages');
  }
  await repo.optOut(db, found.userId, found.topic);
  return { topic: found.topic, label: notificationTopicLabels[found.topic] };
}
