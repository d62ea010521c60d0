import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderReviewParamsSchema,
  orderReviewQuerySchema,
  orderReviewResponseSchema,
  orderReviewSchema,
  orderToReviewResponseSchema,
  TOAST_MESSAGES,
} from '@app/domain';
import { findOrderToReview, reviewOrder, type OrderReviewContext } from './order-review.js';

/** The review an order asks for (issue 41): its form's data, and the review it sends. */
export const reviewRequestsRoutes: FastifyPluginAsyncZod<{ ctx: OrderReviewContext }> = async (
  app,
  { ctx },
) => {
  const tags = ['posts'];
  app.get(
    '/orders/:orderId/review',
    {
      schema: {
        tags,
        summary: 'The order a review link is for: its product, store and day, and the review it made',
        description:
          'Open to the buyer signed in, or with `key` from the link in the message that asked for the review.',
        params: orderReviewParamsSchema,
        querystring: orderReviewQuerySchema,
        response: { 200: orderToReviewResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await findOrderToReview(ctx, request.params.orderId, request.query.key, request.user),
    }),
  );

  app.post(
    '/orders/:orderId/review',
    {
      config: { rateBudget: 'posting' as const },
      schema: {
        tags,
        summary: "Review a delivered order's product, with 1 to 5 stars; verified by the order",
        params: orderReviewParamsSchema,
        body: orderReviewSchema,
        response: { 201: orderReviewResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 201,
        message: TOAST_MESSAGES.reviewSaved,
        Data: await reviewOrder(ctx, request.params.orderId, request.body, request.user),
      }),
  );
};
