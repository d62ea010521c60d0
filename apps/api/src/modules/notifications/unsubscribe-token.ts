import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationTopics, type NotificationTopic } from '@app/domain';

/**
 * The one-click unsubscribe link in a message: `userId.topic.signature`. Anyone holding the
 * message may switch that topic off for that person, and nothing else; no sign-in is needed, as
 * an asker who never chose a password must be able to stop the messages too.
 */
export function signUnsubscribe(secret: string, userId: string, topic: NotificationTopic): string {
  return `${userId}.${topic}.${mac(secret, userId, topic)}`;
}

export function verifyUnsubscribe(
  secret: string,
  token: string,
): { userId: string; topic: NotificationTopic } | null {
  const [userId = '', topic = '', signature = ''] = token.split('.');
  const known = notificationTopics.find((t) => t === topic);
  if (!userId || !known) return null;
  const expected = Buffer.from(mac(secret, userId, known));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, topic: known };
}

function mac(secret: string, userId: string, topic: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${topic}`).digest('base64url');
}
