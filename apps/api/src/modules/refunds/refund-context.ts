import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';

/** What refunds need: the database, the payment provider and a clock. */
export interface RefundContext {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => number;
}

export const nowOf = (ctx: RefundContext) => new Date((ctx.now ?? Date.now)());

export interface CancelContext extends RefundContext {
  /**
   * The payments module's reconcilePayment: settles a payment that reached the provider first.
   * Passed in (order-path.ts): payments imports refunds, so refunds does not import payments.
   */
  reconcile: (orderId: string) => Promise<void>;
}
