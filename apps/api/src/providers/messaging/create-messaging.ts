import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createHttpSmsSender } from './http-sms.js';
import type { MessageChannel, MessagingProvider, OutgoingMessage } from './messaging.js';
import { createOutboxMessaging } from './outbox-messaging.js';
import { createSmtpSender } from './smtp-email.js';

/**
 * MESSAGING=live sends e-mail over SMTP_URL and SMS through SMS_GATEWAY_URL (either or both);
 * otherwise (the default) messages go to the outbox table for the admin.
 */
export function createMessaging(
  config: Config,
  db: Database,
  log?: Pick<FastifyBaseLogger, 'info'>,
): MessagingProvider {
  if (config.MESSAGING !== 'live') {
    return createOutboxMessaging(db, { log: config.NODE_ENV === 'development' ? log : undefined });
  }
  const senders: Partial<Record<MessageChannel, (m: OutgoingMessage) => Promise<void>>> = {};
  if (config.SMTP_URL) senders.email = createSmtpSender({ url: config.SMTP_URL, from: config.MAIL_FROM });
  if (config.SMS_GATEWAY_URL && config.SMS_GATEWAY_KEY) {
    senders.sms = createHttpSmsSender({
      url: config.SMS_GATEWAY_URL,
      key: config.SMS_GATEWAY_KEY,
      senderId: config.SMS_SENDER_ID,
      dltTemplateIds: config.SMS_DLT_TEMPLATES,
    });
  }
  return {
    kind: 'live',
    channels: (['email', 'sms'] as const).filter((c) => senders[c]),
    async send(message) {
      const sender = senders[message.channel];
      if (!sender) throw new AppError('UNAVAILABLE', `Sending by ${message.channel} is not configured`);
      try {
        await sender(message);
      } catch {
        // The transport's error may carry the server's reply or credentials: keep it out of answers.
        throw new AppError('UNAVAILABLE', 'We could not send the message now, try again in a few minutes');
      }
    },
  };
}
