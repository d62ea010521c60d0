import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export function listOutbox(db: Database, filter: { to?: string | undefined; limit: number }) {
  return db
    .select()
    .from(outboxMessages)
    .where(filter.to ? eq(outboxMessages.recipient, filter.to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit);
}
