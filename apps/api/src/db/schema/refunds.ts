import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RefundMethod, RefundStatus } from '@app/domain';
import { updatedAt } from './columns.js';
import { orders, type PaymentProviderName } from './orders.js';
import { users } from './users.js';

/**
 * One refund asked for (migration 0027, decision 030). Its id is the provider's `refund_id`, chosen
 * by us, so asking again is the same refund. PENDING and SUCCESS rows count against what was paid.
 * `method` PROVIDER goes back through the payment provider; PAYOUT (cash on delivery) is paid out
 * by the seller.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').$type<RefundMethod>().notNull().default('PROVIDER'),
    provider: text('provider').$type<PaymentProviderName>(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    actor: text('actor').$type<'buyer' | 'seller' | 'admin' | 'system'>().notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<RefundStatus>().notNull().default('PENDING'),
    /** The provider's own id and words for it (Cashfree cf_refund_id, refund_status, status_description). */
    cfRefundId: text('cf_refund_id'),
    providerStatus: text('provider_status'),
    statusDescription: text('status_description'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.requestedAt),
    index('refunds_pending_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'PENDING'`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_known', sql`${t.status} IN ('PENDING', 'SUCCESS', 'FAILED')`),
    check('refunds_actor_known', sql`${t.actor} IN ('buyer', 'seller', 'admin', 'system')`),
  ],
);
