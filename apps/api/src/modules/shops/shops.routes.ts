import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  publicShopResponseSchema,
  searchRequestSchema,
  sellerFieldsResponseSchema,
  sellerFieldUpdateSchema,
  shopListResponseSchema,
  updateMyStoreRequestSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
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
      Data: await shops.getPublicStore(request.params.userId, request.user),
    }),
  );

  app.get(
    '/shop/getAllShopsDetailsWithoutUserInfo',
    {
      schema: {
        tags: ['shops'],
        summary: 'Every approved store, sorted by name, without owner contact data',
        response: { 200: shopListResponseSchema },
      },
    },
    async () => ({ status: 200, message: 'OK', Data: await shops.listStores() }),
  );

  app.post(
    '/shop/searchShop',
    {
      schema: {
        tags: ['shops'],
        summary: 'Approved stores whose name contains searchValue, by name (page, limit up to 100)',
        body: searchRequestSchema,
        response: { 200: shopListResponseSchema },
      },
    },
    async (request) => {
      const { searchValue, page, limit } = request.body;
      return { status: 200, message: 'OK', Data: await shops.searchStores(searchValue, page, limit) };
    },
  );

  app.post(
    '/shop/updateMyStore',
    {
      schema: {
        tags: ['shops'],
        summary: "Change the signed-in seller's own store; fields left out keep their value",
        description:
          'The affiliate code is unique regardless of case (409 naming the field); the reward balances ' +
          'are computed from the reward ledger and answer 403 naming the field.',
        body: updateMyStoreRequestSchema,
        response: { 200: publicShopResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Store updated',
      Data: await shops.updateMyStore(currentUser(request), request.body),
    }),
  );

  app.post(
    '/shop/updateSellerField',
    {
      schema: {
        tags: ['shops'],
        summary:
          'Update one seller field: affiliate_code, remaining_reward_amount or total_rewards_rolledout',
        description:
          'Only the affiliate code can be changed: it is unique regardless of case (409 naming the field ' +
          'when another seller holds it). The reward balances are computed from the reward ledger; sending ' +
          'either answers 403 naming the field.',
        body: sellerFieldUpdateSchema,
        response: { 200: sellerFieldsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Updated',
      data: await shops.updateSellerField(currentUser(request), request.body),
    }),
  );
};
