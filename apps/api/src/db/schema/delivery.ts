import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PayoutDetails } from '@app/domain';
import { createdAt, updatedAt } from './columns.js';
import { refunds } from './refunds.js';
import { users } from './users.js';

/**
 * A store's delivery charge and cash-on-delivery terms (decision 032), whole rupees. Keyed by the
 * seller: a seller has one store, and an order knows its seller. No row: free delivery, online only.
 */
export const deliveryTerms = pgTable(
  'delivery_terms',
  {
    sellerUserId: text('seller_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryCharge: integer('delivery_charge').notNull().default(0),
    /** Delivery is free when the items come to at least this; null: never free. */
    freeDeliveryFrom: integer('free_delivery_from'),
    codEnabled: boolean('cod_enabled').notNull().default(false),
    /** The largest order total paid in cash; null: no upper amount. */
    codMaxAmount: integer('cod_max_amount'),
    /** Hours the seller has to accept a cash-on-delivery order (issue 40). */
    codAcceptHours: integer('cod_accept_hours').notNull().default(24),
    /** The most units in one cash-on-delivery order. */
    codMaxUnitsPerOrder: integer('cod_max_units_per_order').notNull().default(5),
    /** The most units of one product that cash-on-delivery orders waiting for acceptance hold together. */
    codMaxWaitingUnits: integer('cod_max_waiting_units').notNull().default(10),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'delivery_terms_amounts',
      sql`${t.deliveryCharge} >= 0 and coalesce(${t.freeDeliveryFrom}, 1) > 0 and coalesce(${t.codMaxAmount}, 1) > 0`,
    ),
    check(
      'delivery_terms_cod_limits',
      sql`${t.codAcceptHours} between 2 and 72 and ${t.codMaxUnitsPerOrder} between 1 and 100 and ${t.codMaxWaitingUnits} between 1 and 1000`,
    ),
  ],
);

/**
 * Where a cash-on-delivery order's refund is paid (a UPI id or a bank account the buyer gives) and
 * the seller's record of paying it (decision 032). The refund itself is a refunds row (method PAYOUT).
 */
export const refundPayouts = pgTable('refund_payouts', {
  refundId: text('refund_id')
    .primaryKey()
    .references(() => refunds.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<PayoutDetails>().notNull(),
  givenAt: createdAt(),
  /** The bank's or UPI app's reference the seller quotes; null until paid out. */
  reference: text('reference'),
  paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  paidByUserId: text('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});
