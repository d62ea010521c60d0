import {
  orderReviewPath,
  QUESTION_REMINDER_HOURS,
  notificationTopicLabels,
  notificationTopics,
  type NotificationPreferences,
  type NotificationTopic,
  type OrderMessageChannels,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { allDeliveries } from '../../providers/messaging/deliver.js';
import type {
  MessageChannel,
  MessagingProvider,
  OutgoingMessage,
} from '../../providers/messaging/messaging.js';
import { composeMessages, type NotificationMessage } from './notification-messages.js';
import { questionAwaitsAnswer } from '../queries/query-asked.js';
import { moderationMessageDue } from '../posts/post-moderation.js';
import { buyerOrderLink, createOrderLinks } from '../orders/order-links.js';
import { signReviewKey } from '../review-requests/review-key.js';
import * as repo from './notifications.repository.js';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';

export interface NotificationsDeps {
  messaging: MessagingProvider;
  /** Where links in messages point, e.g. https://revuhub.in. */
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  /** Where a moderated post's author asks for another look (SUPPORT_EMAIL). */
  supportEmail?: string;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const BATCH = 20;
/** How long a worker may take over one batch before another may retry it. */
const CLAIM_MS = 60_000;
/** A message that could not be sent is tried again after 1, 4, 9, 16 minutes, then given up. */
const MAX_ATTEMPTS = 5;

const eventTypes: ReadonlySet<string> = new Set<DomainEvent['type']>([
  'query.answered',
  'query.asked',
  'query.reminder',
  'post.tagged',
  'skill.responded',
  'review.replied',
  'creator.reached-out',
  'post.moderated',
  'order.placed',
  'order.paid',
  'order.accepted',
  'order.dispatched',
  'order.link-requested',
  'order.delivered',
  'order.cancelled',
  'order.acceptance-reminder',
  'refund.requested',
  'refund.succeeded',
  'refund.failed',
  'application.approved',
  'application.rejected',
  'gstin.approved',
  'gstin.refused',
]);

/**
 * Sends the messages of due events. Each event is handled once: it is marked done after its
 * messages went out (or when a recipient is gone or switched the topic off); a failed send is
 * retried with a growing delay and given up after MAX_ATTEMPTS, with an error in the log. A retry
 * sends only what did not go: each message on each channel is recorded as it goes.
 */
export async function sendDueNotifications(db: Database, deps: NotificationsDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await repo.claimDueEvents(db, BATCH, CLAIM_MS);
    for (const event of batch) {
      sent += await sendOne(db, deps, event);
    }
    if (batch.length < BATCH) return sent;
  }
}

/** Answers how many messages went (one per recipient and channel). */
async function sendOne(db: Database, deps: NotificationsDeps, row: repo.DueEvent): Promise<number> {
  if (!eventTypes.has(row.type)) {
    await repo.markHandled(db, row.id);
    return 0;
  }
  const event = { type: row.type, payload: row.payload } as DomainEvent;
  if (
    (event.type === 'order.acceptance-reminder' &&
      (await repo.orderAcceptedOrCancelled(db, event.payload.orderId))) ||
    (event.type === 'query.reminder' && !(await questionAwaitsAnswer(db, event.payload.queryId))) ||
    (event.type === 'post.moderated' &&
      !(await moderationMessageDue(db, event.payload.postId, event.payload.actionId)))
  ) {
    await repo.markHandled(db, row.id);
    return 0;
  }
  if (event.type === 'query.asked') {
    const dueAt = new Date(row.createdAt.getTime() + QUESTION_REMINDER_HOURS * 3_600_000);
    await repo.scheduleReminder(
      db,
      { type: 'query.reminder', key: 'queryId', payload: event.payload },
      dueAt,
    );
  }
  if (event.type === 'order.placed' && event.payload.codAcceptBy) {
    await scheduleAcceptanceReminder(db, event.payload, row.createdAt);
  }
  let sent = 0;
  try {
    const orderUrl = await buyerOrderUrl(db, deps, event);
    const messages = composeMessages(
      event,
      deps.publicUrl,
      orderUrl,
      deps.supportEmail,
      reviewUrl(deps, event),
    );
    for (const message of messages) {
      for (const out of await outgoing(db, deps, message)) {
        const key = `${message.role}:${out.channel}`;
        if (row.sent.includes(key)) continue;
        await deps.messaging.send(out);
        await repo.markSent(db, row.id, key);
        sent += 1;
      }
    }
  } catch (error) {
    if (row.attempts >= MAX_ATTEMPTS) {
      deps.log.error({ err: error, eventId: row.id, type: row.type }, 'Notification given up after retries');
      await repo.markHandled(db, row.id);
    } else {
      deps.log.warn({ err: error, eventId: row.id, type: row.type }, 'Notification not sent; will retry');
      await repo.retryLater(db, row.id, row.attempts * row.attempts * 60_000);
    }
    return sent;
  }
  await repo.markHandled(db, row.id);
  return sent;
}

/** The buyer's link to the order an event is about (order-links.ts); null for events about none. */
function buyerOrderUrl(db: Database, deps: NotificationsDeps, event: DomainEvent) {
  if (!('orderId' in event.payload) || !(event.type.startsWith('order.') || event.type.startsWith('refund.')))
    return Promise.resolve(null);
  return buyerOrderLink(db, createOrderLinks(db, deps.secret), deps.publicUrl, event.payload.orderId);
}

/**
 * The review form a delivered order's buyer is asked to fill in (issue 41), its key in the link.
 * An order that needed no payment proves no purchase, so it asks for none.
 */
function reviewUrl(deps: NotificationsDeps, event: DomainEvent): string | null {
  if (event.type !== 'order.delivered' || event.payload.paymentMethod === 'NONE') return null;
  const { orderId } = event.payload;
  return `${deps.publicUrl}${orderReviewPath(orderId)}?key=${signReviewKey(deps.secret, orderId)}`;
}

/** The seller is reminded once half of the time they have to accept a cash-on-delivery order passed. */
async function scheduleAcceptanceReminder(
  db: Database,
  p: Extract<DomainEvent, { type: 'order.placed' }>['payload'],
  placedAt: Date,
) {
  if (!p.codAcceptBy) return;
  const deadline = new Date(p.codAcceptBy).getTime();
  const dueAt = new Date(placedAt.getTime() + (deadline - placedAt.getTime()) / 2);
  const reminder: Extract<DomainEvent, { type: 'order.acceptance-reminder' }>['payload'] = {
    orderId: p.orderId,
    recipientUserId: p.sellerUserId,
    orderNumber: p.orderNumber,
    productName: p.productName,
    quantity: p.quantity ?? 1,
    amountPaise: p.amountPaise,
    codAcceptBy: p.codAcceptBy,
    link: `/sellerorders?number=${encodeURIComponent(p.orderNumber)}`,
  };
  await repo.scheduleReminder(
    db,
    { type: 'order.acceptance-reminder', key: 'orderId', payload: reminder },
    dueAt,
  );
}

/**
 * A message as it goes out on each channel its recipient has: to the checkout's contact or the
 * account's, in Hindi where the recipient chose it and the message has Hindi (issue 26), with the
 * unsubscribe line of its topic. Nothing for a recipient who is gone or switched the topic off.
 */
async function outgoing(
  db: Database,
  deps: NotificationsDeps,
  message: NotificationMessage,
): Promise<OutgoingMessage[]> {
  const account = await repo.findRecipient(db, message.recipientUserId);
  if (!account && !message.contact) return [];
  const topic = message.topic;
  const off =
    topic || message.role === 'seller' ? await repo.optedOutTopics(db, message.recipientUserId) : [];
  if (topic && off.includes(topic)) return [];
  const contact = message.contact ?? account!;
  const hindi = message.accountLanguage && account?.language === 'hi' ? message.hindi : null;
  const { subject, text: body, sms } = hindi ?? message;
  const unsubscribe = topic
    ? `\n\n${hindi ? 'ये संदेश बंद करने के लिए' : 'To stop these messages'}: ${deps.publicUrl}/unsubscribe?token=${signUnsubscribe(deps.secret, message.recipientUserId, topic)}`
    : '';
  const every = allDeliveries(deps.messaging, contact);
  // A seller's order messages go on the channels they chose, and on every one they have when their
  // choice reaches nobody: a new order cannot go untold.
  const chosen =
    message.role === 'seller' ? every.filter((d) => !off.includes(channelOff(d.channel))) : every;
  return (chosen.length > 0 ? chosen : every).map((d) => ({
    channel: d.channel,
    to: d.to,
    subject,
    text: `${d.channel === 'sms' && sms ? sms : body}${unsubscribe}`,
    purpose: message.template,
  }));
}

/**
 * A seller's channel choice is kept as the channel they left out (`channel:sms` for e-mail only),
 * beside the topics they switched off.
 */
const channelOff = (channel: MessageChannel) => `channel:${channel}` as const;

function orderChannelsOf(off: readonly string[]): OrderMessageChannels {
  if (off.includes(channelOff('sms'))) return 'email';
  if (off.includes(channelOff('email'))) return 'sms';
  return 'all';
}

export async function getNotificationPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const off = await repo.optedOutTopics(db, userId);
  return {
    ...(Object.fromEntries(notificationTopics.map((t) => [t, !off.includes(t)])) as Record<
      NotificationTopic,
      boolean
    >),
    orderChannels: orderChannelsOf(off),
  };
}

export async function setNotificationPreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  for (const topic of notificationTopics) {
    const on = preferences[topic];
    if (on === undefined) continue; // an older client's choices leave the newer topics as they are
    await (on ? repo.optIn(db, userId, topic) : repo.optOut(db, userId, topic));
  }
  const { orderChannels } = preferences;
  if (orderChannels) {
    for (const channel of ['email', 'sms'] as const) {
      const left = orderChannels !== 'all' && orderChannels !== channel;
      await (left ? repo.optOut : repo.optIn)(db, userId, channelOff(channel));
    }
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
