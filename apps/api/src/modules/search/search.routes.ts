import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSearchQuerySchema, siteSearchResponseSchema } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { CacheBus } from '../../lib/cache-bus.js';
import { createSiteSearch } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Database; bus?: CacheBus }> = async (
  app,
  { db, bus },
) => {
  const search = createSiteSearch(db, bus);
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
    async (request) => ({ status: 200, message: 'OK', data: await search(request.query) }),
  );
};
