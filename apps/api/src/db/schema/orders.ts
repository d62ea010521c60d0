import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  FulfilmentState,
  OrderAddress,
  OrderChannel,
  PaymentMethod,
  PaymentState,
  ReferralVia,
} from '@app/domain';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './users.js';

export type PaymentProviderName = 'simulator' | 'cashfree';

/**
 * One order of one product. Its id is also the provider's `order_id`. The amount is whole rupees,
 * computed by the server from the product row at the moment stock was reserved.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /**
     * No foreign key, as for the product and the placer: the order's one statement key-share locks
     * the buyer's and placer's accounts and takes stock from the product's row, and triggers keep
     * them while orders name them (migration 0067, decision 081).
     */
    buyerUserId: text('buyer_user_id').notNull(),
    /**
     * The product's owner, taken from the product as the order takes its stock. No key of its own:
     * the product's keeps it, and a key here share-locked the seller's account row in every
     * concurrent order (migration 0065, decision 078).
     */
    sellerUserId: text('seller_user_id').notNull(),
    productId: text('product_id').notNull(),
    /** The call that made it (saveOrder2, saveOrder3, saveOrderWebWithoutPay, orders/…). */
    source: text('source').notNull(),
    channel: text('channel').$type<OrderChannel>().notNull(),
    sample: boolean('sample').notNull().default(false),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    /**
     * Placed without a place to deliver to (the spec's "NA" and nothing saved to put in its place):
     * derived from the address, whose pincode is '' until the buyer gives it (migration 0041).
     */
    addressNeeded: boolean('address_needed')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(address->>'pinCode', '') = ''`),
    paymentState: text('payment_state').$type<PaymentState>().notNull(),
    fulfilment: text('fulfilment').$type<FulfilmentState>().notNull().default('NEW'),
    /**
     * The order has its stock: while unpaid until holdExpiresAt (a failed attempt keeps it), and for
     * good once paid. False once released (expired, cancelled) or when a late payment found none.
     */
    stockHeld: boolean('stock_held').notNull().default(true),
    /** The units came off a counted stock; false for an untracked product's order (decision 022). */
    stockCounted: boolean('stock_counted').notNull().default(true),
    /** When an unpaid order's stock hold and payment session end; null for orders that need no payment. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    /** The address that placed the order: what it holds unpaid counts against that address's cap. */
    clientIp: text('client_ip'),
    /** The placing browser's buyer-device cookie (issue 40, migration 0054): its holds are capped too. */
    clientDevice: text('client_device'),
    /** When its link was last sent again on request (migration 0055): once per ten minutes. */
    linkRequestedAt: timestamp('link_requested_at', { withTimezone: true, mode: 'date' }),
    provider: text('provider').$type<PaymentProviderName>(),
    paymentSessionId: text('payment_session_id'),
    /** Client-chosen key: a double click sends the same key and gets the same order back. */
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request the key was first used with; another request with that key is refused. */
    requestHash: text('request_hash'),
    referrerUserId: text('referrer_user_id').references(() => users.id),
    referrerContact: text('referrer_contact'),
    referrerReward: integer('referrer_reward').notNull().default(0),
    /** How the referrer came: a contact validated at checkout, or a /refer link (decision 055). */
    referralVia: text('referral_via').$type<ReferralVia>(),
    mentionInfId: text('mention_inf_id'),
    mentionPostId: text('mention_post_id'),
    bookingCode: text('booking_code'),
    /** A business buyer's GSTIN given at checkout, for the tax invoice (decision 056). */
    buyerGstin: text('buyer_gstin'),
    placedByUserId: text('placed_by_user_id'),
    /** False while an anonymous order made with an existing account's contact waits for its code. */
    buyerConfirmed: boolean('buyer_confirmed').notNull().default(true),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** Given by the seller at dispatch, both optional: shown to the buyer ('' when not given). */
    courier: text('courier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** ONLINE through the provider, or COD: cash to the seller at delivery (decision 032). */
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('ONLINE'),
    /** Whole rupees of delivery included in `amount` (the store's charge when the order was placed). */
    deliveryCharge: integer('delivery_charge').notNull().default(0),
    /** When the seller accepted a cash-on-delivery order; until then `holdExpiresAt` is its deadline. */
    codAcceptedAt: timestamp('cod_accepted_at', { withTimezone: true, mode: 'date' }),
    /** When it was delivered (migration 0057): its key opens it for the return window after (issue 40). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** Cancelled on purpose (decision 030): who, when and why. Null for an unpaid hold that ran out. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: text('cancelled_by').$type<'buyer' | 'seller' | 'admin' | 'system'>(),
    cancelledByUserId: text('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** What the buyer's order key is made from with its id (decision 063); revoking links moves it on. */
    linkVersion: integer('link_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('orders_seller_idx').on(t.sellerUserId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The sweep of ended holds reads only these rows; paid and free orders stay out of the index.
    index('orders_stock_holds_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.stockHeld} and ${t.paymentState} in ('CREATED', 'FAILED', 'CANCELLED')`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_amount_not_negative', sql`${t.amount} >= 0`),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('ONLINE', 'COD')`),
    check(
      'orders_referral_via_known',
      sql`${t.referralVia} in ('contact', 'link') and ${t.referrerUserId} is not null or ${t.referralVia} is null`,
    ),
    // A referrer's own page reads the orders they referred (migration 0044).
    index('orders_referrer_idx')
      .on(t.referrerUserId, t.createdAt)
      .where(sql`${t.referrerUserId} is not null`),
    // The sweep of cash-on-delivery orders the seller did not accept in time reads only these rows.
    index('orders_cod_pending_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.stockHeld} and ${t.paymentState} = 'COD_PENDING'`),
  ],
);

/**
 * What one holder ('ip:…' for an address, 'user:…' for a signed-in account) holds unpaid right now,
 * on all products (productId '') and on each product: the caps of decision 019 are checked against
 * these rows in the statement that takes the stock (migration 0017).
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    holder: text('holder').notNull(),
    productId: text('product_id').notNull().default(''),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stock_holds_pkey', columns: [t.holder, t.productId] }),
    check('stock_holds_not_negative', sql`${t.orders} >= 0 AND ${t.units} >= 0`),
  ],
);

/** One payment attempt the provider reported, keyed by its `cf_payment_id`. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    cfPaymentId: text('cf_payment_id').notNull(),
    /** SUCCESS, FAILED, USER_DROPPED, PENDING… as the provider says. */
    status: text('status').notNull(),
    amount: text('amount').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_cf_payment_id_key').on(t.provider, t.cfPaymentId),
    index('payments_order_idx').on(t.orderId),
  ],
);

/**
 * Every verified webhook, once. A repeat of the same event for the same payment is a duplicate and
 * changes nothing. The event type is part of the key because a payment can legitimately be
 * reported twice with different outcomes (dropped, then succeeded).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: idColumn(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    cfPaymentId: text('cf_payment_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: text('order_id'),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_payment_key').on(t.provider, t.cfPaymentId, t.eventType)],
);
