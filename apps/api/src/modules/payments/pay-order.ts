import type { ProviderOrder } from '../../providers/payments/payment-provider.js';
import type { OrderRow } from '../orders/order-data.js';
import type { PaymentsContext } from './payments-context.js';
import { settlePayment } from './payments.repository.js';
import { recordPayments } from './record-payments.js';

/**
 * The provider says the order is paid: it is PAID (order.paid recorded), once, when the provider's
 * amount is ours in rupees; paid after its stock was gone, it is REFUND_DUE (settlePayment).
 */
export async function payOrder(ctx: PaymentsContext, order: OrderRow, remote: ProviderOrder) {
  if (remote.amount !== order.amount || remote.currency !== 'INR') {
    ctx.log.error(
      { orderId: order.id, ours: order.amount, theirs: remote.amount, currency: remote.currency },
      'provider reports a paid amount that is not ours; order left unpaid',
    );
    return;
  }
  await recordPayments(ctx, order.id);
  const outcome = await settlePayment(ctx.db, order.id, new Date(ctx.now()));
  if (outcome === 'REFUND_DUE') {
    ctx.log.warn(
      { orderId: order.id, amount: order.amount },
      'paid after its stock hold ended and the stock is gone: marked REFUND_DUE',
    );
  }
}
