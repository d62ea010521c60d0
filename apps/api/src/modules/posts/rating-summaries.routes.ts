import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productRatingsParamsSchema,
  ratingSummaryResponseSchema,
  storeRatingsParamsSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { reactToOrdersForVerification } from './purchase-verification.js';
import { ratingSummaryOf } from './rating-summaries.js';

/** Product and store ratings (issue 41); registers the reactions that verify purchases from orders. */
export const ratingSummariesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  reactToOrdersForVerification();
  app.get(
    '/products/getProductRatings/:productId',
    {
      schema: {
        tags: ['posts'],
        summary: "A product's ratings: average, histogram, and how many are verified purchases",
        params: productRatingsParamsSchema,
        response: { 200: ratingSummaryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await ratingSummaryOf(db, 'product', request.params.productId),
    }),
  );
  app.get(
    '/shop/getStoreRatings/:userId',
    {
      schema: {
        tags: ['posts'],
        summary: "The ratings of a store's or brand's products: average, histogram, verified share",
        params: storeRatingsParamsSchema,
        response: { 200: ratingSummaryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await ratingSummaryOf(db, 'seller', request.params.userId),
    }),
  );
};
