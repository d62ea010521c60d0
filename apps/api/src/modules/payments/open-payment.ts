import { PAYMENT_WINDOW_MINUTES, thankYouPath } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import type { OrderRow } from '../orders/order-data.js';
import type { SessionFor } from '../orders/orders-context.js';
import type { PaymentsContext } from './payments-context.js';
import { setPaymentSession } from './payments.repository.js';

/**
 * The provider's order for ours (the same one again on a retry: our id is its order_id); its
 * session ends when our stock hold does.
 */
export async function openProviderSession(
  ctx: PaymentsContext,
  order: SessionFor,
  origin: string,
  expiresAt: Date,
): Promise<string> {
  try {
    const { paymentSessionId } = await ctx.provider.createOrder({
      orderId: order.id,
      amount: order.amount,
      customer: {
        id: order.buyerUserId,
        name: `${order.address.firstName} ${order.address.lastName}`,
        email: order.address.email,
        phone: order.address.mobile,
      },
      returnUrl: `${origin}${thankYouPath(order)}`,
      notifyUrl: `${origin}/api/payments/webhook`,
      idempotencyKey: `order-${order.id}`,
      expiresAt,
    });
    return paymentSessionId;
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      ctx.log.warn(
        { orderId: order.id, providerStatus: error.httpStatus },
        `payment provider: ${error.message}`,
      );
      throw new AppError('UNAVAILABLE', error.message);
    }
    throw error;
  }
}

/** The payment session of an order written earlier: its own, else one opened now and kept. */
export async function openPayment(ctx: PaymentsContext, order: OrderRow, origin: string): Promise<string> {
  if (order.paymentSessionId) return order.paymentSessionId;
  const expiresAt =
    order.holdExpiresAt ?? new Date(order.createdAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
  const paymentSessionId = await openProviderSession(ctx, order, origin, expiresAt);
  await setPaymentSession(ctx.db, order.id, ctx.provider.name, paymentSessionId);
  return paymentSessionId;
}
