import type { Database } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { WebhookRequest } from '../../providers/payments/payment-provider.js';
import {
  cancelOrderAsBuyer,
  cancelOrderAsStaff,
  type BuyerCancel,
  type CancelContext,
} from './cancel-order.js';
import type { OrdersService } from './orders.service.js';
import { handleRefundWebhook, reconcileOpenRefunds, refundOrder } from './refund-order.js';

/** Cancellations and refunds (decision 030), on the orders service's provider and database. */
export function createRefundsService(db: Database, orders: OrdersService, log: CancelContext['log']) {
  const ctx: CancelContext = { db, provider: orders.provider, log, reconcile: orders.reconcile };
  return {
    ctx,
    cancelAsBuyer: (holder: BuyerCancel, orderId: string, reason: string) =>
      cancelOrderAsBuyer(ctx, holder, orderId, reason),
    cancelAsStaff: (actor: AuthUser, orderId: string, reason: string) =>
      cancelOrderAsStaff(ctx, actor, orderId, reason),
    refund: (actor: AuthUser, orderId: string, input: { amountPaise: number; reason: string }) =>
      refundOrder(ctx, actor, orderId, input),
    handleWebhook: (request: WebhookRequest) => handleRefundWebhook(ctx, request),
    reconcileOpen: () => reconcileOpenRefunds(ctx),
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
