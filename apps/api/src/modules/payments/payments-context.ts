import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';

/** What the payment functions take first: the database, the hosted-checkout provider and a clock. */
export interface PaymentsContext {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now: () => number;
  /** An unpaid order is asked about at the provider at most this often when its status is read. */
  pollIntervalMs: number;
  /** When each order was last asked about at the provider (reconcilePayment notes it). */
  lastPolled: Map<string, number>;
}
