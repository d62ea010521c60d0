import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * Messages the embedded messaging provider "sends": kept here for the admin's outbox page instead
 * of leaving the machine. A configured SMTP server or SMS gateway writes nothing to this table.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idColumn(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** Lower-cased e-mail address or 10-digit mobile number. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Why it was sent (verify-contact, one-time-password, reset-password): for the admin's filter. */
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Short numeric codes sent to a contact: only the hash is kept, with an expiry and a try budget. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose')
      .$type<
        | 'verify-contact'
        | 'reset-password'
        | 'confirm-contribution'
        | 'privacy-request'
        | 'prove-business-buyer'
      >()
      .notNull(),
    /** What the code confirms: a contact claim or a pending application; null for the account itself. */
    subjectId: text('subject_id'),
    /** Who asked for it, to cap codes per address. */
    clientIp: text('client_ip'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_user_idx').on(t.userId, t.purpose),
    index('verification_codes_ip_idx')
      .on(t.clientIp, t.createdAt)
      .where(sql`${t.clientIp} is not null`),
  ],
);
