import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyerCancelRequestSchema,
  envelope,
  messageOnlySchema,
  orderActionParamsSchema,
  orderKeyHeadersSchema,
  REFUND_MESSAGES,
  refundCreatedSchema,
  refundRequestSchema,
  staffCancelRequestSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import { isSimulator } from '../../providers/payments/create-payment-provider.js';
import type { OrderLinks } from '../orders/order-links.js';
import { cancelOrderAsBuyer, cancelOrderAsStaff } from './cancel-order.js';
import type { CancelContext } from './refund-context.js';
import { refundOrder } from './refund-order.js';

const answer = { 200: messageOnlySchema };

interface RefundsRoutesOptions {
  ctx: CancelContext;
  /** Who holds an order: its buyer signed in, or whoever brought its key (decision 063). */
  links: OrderLinks;
}

/** Cancelling an order before dispatch, and refunds by the seller and the admin (decision 030). */
export const refundsRoutes: FastifyPluginAsyncZod<RefundsRoutesOptions> = async (app, options) => {
  const provider = options.ctx.provider;
  // The simulator settles a refund and reports it to our webhook route, signed, as Cashfree does.
  if (isSimulator(provider)) {
    provider.deliverRefundWebhooks(async (webhook) => {
      const delivered = await app.inject({
        method: 'POST',
        url: webhook.path,
        headers: webhook.headers,
        payload: webhook.rawBody,
      });
      if (delivered.statusCode !== 200)
        app.log.warn({ status: delivered.statusCode }, 'simulator refund webhook refused');
    });
  }

  await app.register(cancelRoutes, options);
  await app.register(refundRoutes, options);
};

/** The buyer's cancel, and the seller's or the admin's. */
const cancelRoutes: FastifyPluginAsyncZod<RefundsRoutesOptions> = async (app, { ctx, links }) => {
  const tags = ['orders'];

  app.post(
    '/orders/:orderId/cancel',
    {
      schema: {
        tags,
        summary: 'The buyer cancels their order before it is dispatched',
        description:
          "The buyer signed in, or anyone with the order's key (the placing device's cookie, or the `x-order-key` " +
          'header from the link in its messages); the order id alone is refused (403), signed in or not. The stock ' +
          'comes back at once; a paid order is refunded in full (REFUND_PENDING, then REFUNDED). 409 once dispatched.',
        params: orderActionParamsSchema,
        headers: orderKeyHeadersSchema,
        body: buyerCancelRequestSchema,
        response: answer,
      },
      config: { rateBudget: 'order' },
    },
    async (request) => {
      const { by } = await links.holderOf(request, request.user, request.params.orderId);
      await cancelOrderAsBuyer(ctx, { by, actor: request.user }, request.params.orderId, request.body.reason);
      return { status: 200, message: REFUND_MESSAGES.cancelled };
    },
  );

  app.post(
    '/orders/:orderId/staffCancel',
    {
      schema: {
        tags,
        summary: 'The seller (their own orders) or the admin cancels an order before dispatch, with a reason',
        description:
          'The buyer is told the reason. The stock comes back at once; a paid order is refunded in full. 409 once dispatched.',
        params: orderActionParamsSchema,
        body: staffCancelRequestSchema,
        response: answer,
      },
    },
    async (request) => {
      await cancelOrderAsStaff(ctx, currentUser(request), request.params.orderId, request.body.reason);
      return { status: 200, message: REFUND_MESSAGES.cancelled };
    },
  );
};

/** The seller's or the admin's refund of part or all of a paid order. */
const refundRoutes: FastifyPluginAsyncZod<RefundsRoutesOptions> = async (app, { ctx }) => {
  const tags = ['orders'];

  app.post(
    '/orders/:orderId/refunds',
    {
      schema: {
        tags,
        summary:
          'The seller (their own orders) or the admin refunds part or all of a paid order, with a reason',
        description:
          '`amount` in rupees (at most two decimals). Refunds asked for and settled together never exceed what ' +
          'was paid, even when asked at once (409 with the amount still refundable). The refund goes to the ' +
          'payment provider; its webhook and a confirming fetch settle it.',
        params: orderActionParamsSchema,
        body: refundRequestSchema,
        response: { 200: envelope(refundCreatedSchema) },
      },
    },
    async (request) => {
      const refund = await refundOrder(ctx, currentUser(request), request.params.orderId, {
        amountPaise: request.body.amount,
        reason: request.body.reason,
      });
      return {
        status: 200,
        message: REFUND_MESSAGES.refundRequested,
        data: { refundId: refund.id, amountPaise: refund.amountPaise },
      };
    },
  );
};
