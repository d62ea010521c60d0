import type { FastifyBaseLogger } from 'fastify';
import { UNPAID_HOLD_LIMITS, type HoldLimits } from '@app/domain';
import type { Database } from './db/client.js';
import type { PaymentProvider } from './providers/payments/payment-provider.js';
import { choosePayment } from './modules/cash-on-delivery/choose-payment.js';
import type { CodContext } from './modules/cash-on-delivery/cod-context.js';
import { markPaidOnDelivery } from './modules/cash-on-delivery/mark-paid-on-delivery.js';
import type { ClaimsContext } from './modules/contributions/contributions.service.js';
import { createKnownTerms } from './modules/orders/known-terms.js';
import type { DeliverBuyerPassword, OrdersContext } from './modules/orders/orders-context.js';
import { openPayment, openProviderSession } from './modules/payments/open-payment.js';
import type { PaymentsContext } from './modules/payments/payments-context.js';
import { pollPayment } from './modules/payments/poll-payment.js';
import { reconcilePayment } from './modules/payments/reconcile-payment.js';
import { refundablePaise } from './modules/refunds/file-refund.js';
import { viewsWithRefunds } from './modules/refunds/order-refund-views.js';
import type { CancelContext } from './modules/refunds/refund-context.js';

export interface OrderPathDeps {
  db: Database;
  /** Hosted card payments (the simulator, or Cashfree). */
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The clock of orders, payments, refunds and cash on delivery; Date.now unless a test sets one. */
  now?: () => number;
  /** An unpaid order is asked about at the provider at most this often when its status is read. */
  pollIntervalMs?: number;
  /** What one address or account may hold unpaid at once (UNPAID_HOLD_LIMITS unless set). */
  holdLimits?: HoldLimits;
  /** Files anonymous orders made with an existing account's contact for its holder's code. */
  claims?: ClaimsContext | undefined;
  /** Sends the one-time password of an account made for an anonymous buyer. */
  deliverPassword?: DeliverBuyerPassword | undefined;
  /** How long a product's terms serve the next orders (known-terms.ts); 0: every order reads. */
  termsCacheMs?: number;
}

/** The contexts the functions of the four order modules take first. */
export interface OrderPath {
  orders: OrdersContext;
  payments: PaymentsContext;
  refunds: CancelContext;
  cashOnDelivery: CodContext;
}

/**
 * The order path's four modules wired together (issue 42, decision 072). Payments, refunds and cash
 * on delivery build on orders and import its exported functions; what orders needs of them (a
 * payment session, how an order is paid, its refunds) and what refunds needs of payments (settling
 * a payment that got there first) is passed in here, so that no two of them import each other.
 * app.ts and the tests build the path alike.
 */
export function wireOrderPath(deps: OrderPathDeps): OrderPath {
  const { db, provider, log } = deps;
  const now = deps.now ?? Date.now;
  const payments: PaymentsContext = {
    db,
    provider,
    log,
    now,
    pollIntervalMs: deps.pollIntervalMs ?? 3000,
    lastPolled: new Map(),
  };
  const cashOnDelivery: CodContext = { db, now, log };
  const refunds: CancelContext = {
    db,
    provider,
    log,
    now,
    reconcile: (orderId) => reconcilePayment(payments, orderId),
  };
  const orders: OrdersContext = {
    db,
    now,
    holdLimits: deps.holdLimits ?? UNPAID_HOLD_LIMITS,
    claims: deps.claims,
    deliverPassword: deps.deliverPassword,
    knownTerms: deps.termsCacheMs === 0 ? undefined : createKnownTerms({ ttlMs: deps.termsCacheMs }),
    payments: {
      provider: provider.name,
      openSession: (order, origin, expiresAt) => openProviderSession(payments, order, origin, expiresAt),
      openPayment: (order, origin) => openPayment(payments, order, origin),
      pollPayment: (order) => pollPayment(payments, order),
    },
    cashOnDelivery: {
      choosePayment: (choice) => choosePayment(db, choice),
      markPaidOnDelivery: (actor, orderId) => markPaidOnDelivery(cashOnDelivery, actor, orderId),
    },
    refunds: {
      viewsWithRefunds: (rows, toView) => viewsWithRefunds(db, rows, toView),
      refundablePaise: (order) => refundablePaise(db, order),
    },
  };
  return { orders, payments, refunds, cashOnDelivery };
}
