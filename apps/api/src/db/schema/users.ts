import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Language, Role } from '@app/domain';
import { createdAt, idColumn, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** 10-digit Indian mobile number; unique when present. */
    mobile: text('mobile'),
    ownerName: text('owner_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    isActive: boolean('is_active').notNull().default(false),
    isBrand: boolean('is_brand').notNull().default(false),
    /** argon2id hash; never leaves the API. */
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * When the owner proved the e-mail or mobile with a code. Defaults to now so that accounts made
     * by the operator (admin, seed, tests) count as verified; registration stores null.
     */
    contactVerifiedAt: timestamp('contact_verified_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    /** A one-time password stops working at this time; null for a password the owner chose. */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true, mode: 'date' }),
    /**
     * Unique regardless of case when not empty; every account gets a random one it may change
     * (migration 0030). Its reward balances are computed from `reward_entries` (schema/ledger.ts).
     */
    affiliateCode: text('affiliate_code')
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10))`),
    /** Application details that vary by kind of account (expert, brand, customer). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The language the person chose for messages to them, on screen and sent (issue 26, migration 0036). */
    language: text('language').$type<Language>().notNull().default('en'),
    /** When the owner deleted the account: the row stays, without contact data (decision 040). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobile} is not null`),
    // Case-insensitive, as buyers type codes; '' means none and is shared (migration 0018).
    uniqueIndex('users_affiliate_code_key')
      .on(sql`lower(${t.affiliateCode})`)
      .where(sql`${t.affiliateCode} <> ''`),
    index('users_role_idx').on(t.role),
    check('users_language', sql`${t.language} in ('en', 'hi')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is only ever held by the client. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
