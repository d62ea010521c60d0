import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  searchSuggestQuerySchema,
  searchSuggestResponseSchema,
  siteSearchQuerySchema,
  siteSearchResponseSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { CacheBus } from '../../lib/cache-bus.js';
import { createSiteSearch } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Database; bus?: CacheBus }> = async (
  app,
  { db, bus },
) => {
  const { search, suggest } = createSiteSearch(db, bus);
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
  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing in the header search: stores and products, or the corrected words',
        description:
          'At most six: the stores and products closest to the text, and, when nothing matches as typed and ' +
          'a word looks misspelt, first the corrected words ("nimbas" -> "nimbus") with the search for them.',
        querystring: searchSuggestQuerySchema,
        response: { 200: searchSuggestResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: { q: request.query.q, suggestions: await suggest(request.query.q) },
    }),
  );
};
