import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderIdParamsSchema,
  payoutDetailsSchema,
  payoutRecordSchema,
  refundParamsSchema,
  refundPayoutListResponseSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import { givePayoutDetails, listPayoutRefunds, recordRefundPayout } from './cod-refunds.js';
import type { RefundContext } from './refund-context.js';

/** Refunds of cash-on-delivery orders, paid out by the seller (decision 032). */
export const codRefundRoutes: FastifyPluginAsyncZod<{ ctx: RefundContext }> = async (app, { ctx }) => {
  const tags = ['orders'];

  app.get(
    '/orders/:orderId/refundPayouts',
    {
      schema: {
        tags,
        summary: "A cash-on-delivery order's refunds paid out by the seller, and where each is paid",
        description: 'The buyer sees a bank account number masked; the seller and the admin see it in full.',
        params: orderIdParamsSchema,
        response: { 200: refundPayoutListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await listPayoutRefunds(ctx, currentUser(request), request.params.orderId),
    }),
  );

  app.post(
    '/orders/:orderId/refunds/:refundId/payoutDetails',
    {
      schema: {
        tags,
        summary:
          'The buyer gives the UPI id or bank account (IFSC and number) a cash-on-delivery refund is paid to',
        params: refundParamsSchema,
        body: payoutDetailsSchema,
        response: { 200: refundPayoutListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Saved',
      data: await givePayoutDetails(
        ctx,
        currentUser(request),
        request.params.orderId,
        request.params.refundId,
        request.body,
      ),
    }),
  );

  app.post(
    '/orders/:orderId/refunds/:refundId/payout',
    {
      schema: {
        tags,
        summary: "The seller records paying a cash-on-delivery refund, with the payout's reference",
        params: refundParamsSchema,
        body: payoutRecordSchema,
        response: { 200: refundPayoutListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Refund paid out',
      data: await recordRefundPayout(
        ctx,
        currentUser(request),
        request.params.orderId,
        request.params.refundId,
        request.body.reference,
      ),
    }),
  );
};
