import type { OrderRow } from '../orders/order-data.js';
import type { PaymentsContext } from './payments-context.js';
import { reconcilePayment } from './reconcile-payment.js';

/**
 * An open order whose status is read is asked about at the provider, at most once per
 * pollIntervalMs; when the provider cannot be reached, the stored state is answered.
 */
export async function pollPayment(ctx: PaymentsContext, order: OrderRow): Promise<void> {
  const open = order.provider && ['CREATED', 'FAILED', 'CANCELLED'].includes(order.paymentState);
  if (open && ctx.now() - (ctx.lastPolled.get(order.id) ?? 0) >= ctx.pollIntervalMs) {
    try {
      await reconcilePayment(ctx, order.id);
    } catch (error) {
      ctx.log.warn({ orderId: order.id, err: (error as Error).message }, 'payment status poll failed');
    }
  }
}
