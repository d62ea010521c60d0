import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageOnlySchema,
  orderIdParamsSchema,
  orderKeyHeadersSchema,
  retryPaymentResponseSchema,
  type CfOrder,
} from '@app/domain';
import { isRefundWebhook } from '../../providers/payments/webhook-signature.js';
import type { OrderLinks } from '../orders/order-links.js';
import { handleRefundWebhook } from '../refunds/handle-refund-webhook.js';
import type { RefundContext } from '../refunds/refund-context.js';
import { handlePaymentWebhook } from './handle-payment-webhook.js';
import type { PaymentsContext } from './payments-context.js';
import { retryPayment } from './retry-payment.js';

/** "Retry payment": registered between the orders' routes and their lists (app.ts), where it always was. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  ctx: PaymentsContext;
  /** The site's origin (config.siteUrl): the provider's return and notify URLs are built from it. */
  siteUrl: string;
  cashfreeMode: CfOrder['mode'];
  /** The orders' keys, without which an order id opens nothing (decision 063). */
  links: OrderLinks;
}> = async (app, { ctx, siteUrl, cashfreeMode, links }) => {
  const tags = ['orders'];
  const cf = { provider: ctx.provider.name, mode: cashfreeMode };

  app.post(
    '/orders/retryPayment/:orderId',
    {
      schema: {
        tags,
        summary: 'Opens the hosted checkout again for an unpaid order (after a failed or cancelled payment)',
        params: orderIdParamsSchema,
        headers: orderKeyHeadersSchema,
        response: { 200: retryPaymentResponseSchema },
      },
      config: { rateBudget: 'order' },
    },
    async (request) => {
      await links.holderOf(request, request.user, request.params.orderId);
      const { paymentSessionId } = await retryPayment(ctx, request.params.orderId, siteUrl);
      return { status: 200, message: 'OK', cfOrder: { paymentSessionId, ...cf } };
    },
  );
};

/**
 * POST /api/payments/webhook: the provider's notification. Its body is kept as the exact bytes
 * received, because the signature covers those bytes and a re-serialised body would differ.
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  { ctx, refunds }: { ctx: PaymentsContext; refunds: RefundContext },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Payment provider webhook (PAYMENT_SUCCESS_WEBHOOK, PAYMENT_FAILED_WEBHOOK, PAYMENT_USER_DROPPED_WEBHOOK, REFUND_STATUS_WEBHOOK)',
        description:
          'Verified with x-webhook-signature = Base64(HMAC-SHA256(x-webhook-timestamp + raw body, secret)); stale or forged ones get 400 BAD_REQUEST. ' +
          'A webhook only triggers a fetch of the order from the provider, which alone decides the payment state.',
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const v = request.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const webhook = {
        rawBody,
        signature: header('x-webhook-signature'),
        timestamp: header('x-webhook-timestamp'),
      };
      // Refund webhooks come to the same URL; each kind is verified in full by its own handler.
      const outcome = isRefundWebhook(rawBody)
        ? await handleRefundWebhook(refunds, webhook)
        : await handlePaymentWebhook(ctx, webhook);
      return { status: 200, message: outcome };
    },
  );
}
