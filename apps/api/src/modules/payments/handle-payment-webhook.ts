import { AppError } from '../../lib/app-error.js';
import { countWebhookRefused } from '../../lib/metrics.js';
import {
  PaymentProviderError,
  WebhookRejected,
  type WebhookRequest,
} from '../../providers/payments/payment-provider.js';
import { AWAITING_PAYMENT, findOrderById } from '../orders/order-data.js';
import type { PaymentsContext } from './payments-context.js';
import { forgetWebhook, recordWebhookOnce } from './payments.repository.js';
import { reconcileOrUnavailable, reconcilePayment } from './reconcile-payment.js';

/**
 * A signed notification from the provider. It is only a trigger: the state comes from the
 * provider's own answer (reconcilePayment). Forged and stale ones are refused and logged.
 */
export async function handlePaymentWebhook(
  ctx: PaymentsContext,
  request: WebhookRequest,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  const { provider, log } = ctx;
  let event;
  try {
    event = provider.verifyWebhook(request);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      log.warn({ reason: error.reason }, 'payment webhook rejected');
      countWebhookRefused('payment', error.reason);
      // 400, not 401: the caller has no session to fix; the provider only needs a non-2xx.
      throw new AppError('BAD_REQUEST', 'Webhook signature is not valid');
    }
    throw error;
  }
  const order = await findOrderById(ctx.db, event.orderId);
  if (!order) {
    log.warn({ orderId: event.orderId }, 'payment webhook for an unknown order');
    return 'ignored';
  }
  const first = await recordWebhookOnce(ctx.db, {
    provider: provider.name,
    cfPaymentId: event.cfPaymentId,
    eventType: event.type,
    orderId: event.orderId,
  });
  if (!first) {
    // The process that recorded this webhook may have died before settling it (a SIGKILL
    // between the two; crash-safety.test.ts), and this is the provider's retry: settle now if
    // the order still waits. reconcilePayment() returns at once for a settled order.
    if (AWAITING_PAYMENT.includes(order.paymentState)) await reconcileOrUnavailable(ctx, event.orderId);
    return 'duplicate';
  }
  try {
    await reconcilePayment(ctx, event.orderId);
  } catch (error) {
    // Not processed: forget it, so the provider's retry of this webhook is not a duplicate.
    await forgetWebhook(ctx.db, provider.name, event.cfPaymentId, event.type);
    if (error instanceof PaymentProviderError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
  return 'processed';
}
