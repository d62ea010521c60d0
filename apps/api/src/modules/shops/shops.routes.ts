import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, publicShopResponseSchema } from '@app/domain';
import type { ShopsService } from './shops.service.js';

export const shopsRoutes: FastifyPluginAsyncZod<{ shops: ShopsService }> = async (app, { shops }) => {
  app.get(
    '/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/:userId',
    {
      schema: {
        tags: ['shops'],
        summary: "A seller's store, without the owner's contact data",
        params: z.object({ userId: idSchema }),
        response: { 200: publicShopResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await shops.getStoreByUserId(request.params.userId),
    }),
  );
};
