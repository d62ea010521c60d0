import type { OutboxMessage, OutboxQuery } from '@app/domain';
import type { Database } from '../../db/client.js';
import * as repo from './outbox.repository.js';

export function createOutboxService(db: Database) {
  return {
    /** Admin only (see the route): the messages hold live codes and one-time passwords. */
    async list(query: OutboxQuery): Promise<OutboxMessage[]> {
      const rows = await repo.listOutbox(db, query);
      return rows.map((r) => ({
        _id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        purpose: r.purpose,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
