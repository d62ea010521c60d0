import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSearchQuerySchema, siteSearchResponseSchema } from '@app/domain';
import type { Database } from '../../db/client.js';
import { searchSite } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'The header search: public posts, queries, products and stores having the words (or, for product and store names, close to them), grouped by kind',
        querystring: siteSearchQuerySchema,
        response: { 200: siteSearchResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', data: await searchSite(db, request.query) }),
  );
};
