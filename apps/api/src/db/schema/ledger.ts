import { sql, type AnyColumn } from 'drizzle-orm';
import { check, index, integer, pgTable, pgView, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SettlementKind } from '@app/domain';
import { createdAt, idColumn } from './columns.js';
import { orders } from './orders.js';
import { users } from './users.js';

/** The rates the admin sets (decision 033), in basis points; exactly one row, id 1. */
export const ledgerSettings = pgTable(
  'ledger_settings',
  {
    id: integer('id').primaryKey().default(1),
    commissionBp: integer('commission_bp').notNull().default(0),
    tcsBp: integer('tcs_bp').notNull().default(50),
    tdsBp: integer('tds_bp').notNull().default(10),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_settings_one_row', sql`${t.id} = 1`),
    check(
      'ledger_settings_rates',
      sql`${t.commissionBp} BETWEEN 0 AND 5000 AND ${t.tcsBp} BETWEEN 0 AND 200 AND ${t.tdsBp} BETWEEN 0 AND 500`,
    ),
  ],
);

/**
 * A seller's settlement ledger: each row one posting between the seller's account and a counter
 * account, signed by its effect on what the platform owes the seller. `sourceKey` names the fact
 * it books (`sale:{orderId}`, `refund:{refundId}`, `payout:{sellerId}:{reference}`…): unique, so
 * an event recorded twice books once.
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: idColumn(),
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').$type<SettlementKind>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    counterAccount: text('counter_account').notNull(),
    sourceKey: text('source_key').notNull(),
    reference: text('reference'),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('settlement_entries_source_key').on(t.sourceKey),
    index('settlement_entries_seller_idx').on(t.sellerUserId, t.createdAt),
    index('settlement_entries_order_idx').on(t.orderId),
    check(
      'settlement_entries_kind',
      sql`${t.kind} IN ('SALE', 'CASH_COLLECTED', 'COMMISSION', 'TCS', 'TDS', 'REFUND', 'CASH_REFUNDED', 'COMMISSION_REVERSAL', 'TCS_REVERSAL', 'TDS_REVERSAL', 'PAYOUT')`,
    ),
  ],
);

export type RewardKind = 'EARNED' | 'REVERSED' | 'PAID_OUT' | 'OPENING_BALANCE';

/** A referrer's reward ledger: earned at delivery, reversed on refund, paid out by the admin. */
export const rewardEntries = pgTable(
  'reward_entries',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').$type<RewardKind>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    sourceKey: text('source_key').notNull(),
    reference: text('reference'),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reward_entries_source_key').on(t.sourceKey),
    index('reward_entries_user_idx').on(t.userId, t.createdAt),
    check('reward_entries_kind', sql`${t.kind} IN ('EARNED', 'REVERSED', 'PAID_OUT', 'OPENING_BALANCE')`),
  ],
);

/**
 * What the spec's `remaining_reward_amount` (all entries) and `total_rewards_rolledout` (all but
 * payouts) are computed from (migration 0030); a user without entries has no row.
 */
export const rewardBalances = pgView('reward_balances', {
  userId: text('user_id').notNull(),
  remainingPaise: integer('remaining_paise').notNull(),
  totalPaise: integer('total_paise').notNull(),
}).existing();

/**
 * A user's `remaining_reward_amount` and `total_rewards_rolledout` in rupees (paise as decimals),
 * for the queries of the store and the admin's lists; 0 without entries.
 */
export const rewardRemainingRupees = (userId: AnyColumn) =>
  sql<number>`coalesce((select remaining_paise from reward_balances where user_id = ${userId}), 0)::float8 / 100`;
export const rewardTotalRupees = (userId: AnyColumn) =>
  sql<number>`coalesce((select total_paise from reward_balances where user_id = ${userId}), 0)::float8 / 100`;
