import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * Facts recorded by the module that owns them, in the same transaction as the fact (a transactional
 * outbox): an answered query, a tagged post, a paid order. Notifications react to them afterwards,
 * so a messaging outage never undoes or fails the fact, and a crash between the two loses nothing.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: idColumn(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<object>().notNull(),
    createdAt: createdAt(),
    /** When the notifications module finished with it (sent, skipped or given up); null while due. */
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    /** A worker that took the event holds it until then; another process may retry it after. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** The messages of the event that went, e.g. `seller:sms`: a retry sends only the others (migration 0042). */
    sent: text('sent')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('domain_events_due_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
    index('domain_events_order_idx')
      .on(sql`(${t.payload}->>'orderId')`)
      .where(sql`${t.type} in ('order.accepted', 'order.cancelled', 'order.acceptance-reminder')`),
  ],
);

/** Topics a person switched off; transactional messages (codes, orders) have no topic and always go. */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
