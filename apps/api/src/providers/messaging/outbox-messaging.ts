import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { MessagingProvider } from './messaging.js';

/**
 * The embedded stand-in for e-mail and SMS: every message is stored for the admin's outbox page
 * (GET /api/admin/outbox). In development the log says that one was stored, and for whom, but never
 * its text: codes and passwords reach no log in any mode (issue 40); the outbox page shows them.
 */
export function createOutboxMessaging(
  db: Database,
  options: { log?: Pick<FastifyBaseLogger, 'info'> | undefined } = {},
): MessagingProvider {
  return {
    kind: 'outbox',
    channels: ['email', 'sms'],
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: message.channel,
        recipient: message.to.trim().toLowerCase(),
        subject: message.subject,
        body: message.text,
        purpose: message.purpose,
      });
      options.log?.info(
        `Outbox ${message.channel} to ${message.to}: ${message.purpose} (read it at /outbox)`,
      );
    },
  };
}
