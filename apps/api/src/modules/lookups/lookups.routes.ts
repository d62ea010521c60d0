import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  citiesQuerySchema,
  citiesResponseSchema,
  countriesResponseSchema,
  hashtagSearchResponseSchema,
  influencerCategoriesResponseSchema,
  parentCategoriesResponseSchema,
  searchRequestSchema,
  statesQuerySchema,
  statesResponseSchema,
} from '@app/domain';
import type { LookupsService } from './lookups.service.js';

// Reference lists change only with a new release or an admin edit; five minutes of caching is harmless.
const CACHE_CONTROL = 'public, max-age=300';

export const lookupsRoutes: FastifyPluginAsyncZod<{ lookups: LookupsService }> = async (app, { lookups }) => {
  app.get(
    '/states/getAllStates',
    {
      schema: {
        tags: ['lookups'],
        summary: 'States, by name; optionally of one country',
        querystring: statesQuerySchema,
        response: { 200: statesResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await lookups.listStates(request.query);
      reply.header('cache-control', CACHE_CONTROL);
      return { status: 200, message: 'OK', data };
    },
  );

  app.get(
    '/city/getAllcities',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Cities, by name; optionally of one state',
        querystring: citiesQuerySchema,
        response: { 200: citiesResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await lookups.listCities(request.query);
      reply.header('cache-control', CACHE_CONTROL);
      return { status: 200, message: 'OK', data };
    },
  );

  app.get(
    '/country/getAllCountries',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Countries, India first',
        response: { 200: countriesResponseSchema },
      },
    },
    async (_request, reply) => {
      const data = await lookups.listCountries();
      reply.header('cache-control', CACHE_CONTROL);
      return { status: 200, message: 'OK', data };
    },
  );

  app.get(
    '/category/getAllParentCategory',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Product categories: parents with their child categories',
        response: { 200: parentCategoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      const Data = await lookups.listCategoryTree();
      reply.header('cache-control', CACHE_CONTROL);
      return { status: 200, message: 'OK', Data };
    },
  );

  app.get(
    '/inflncr/getAllInflncrCate',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Fields influencers and service providers work in',
        response: { 200: influencerCategoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      const data = await lookups.listInfluencerCategories();
      reply.header('cache-control', CACHE_CONTROL);
      return { status: 200, message: 'OK', data };
    },
  );

  app.post(
    '/tag/searchTag',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Hashtags containing the search text, those starting with it first',
        body: searchRequestSchema,
        response: { 200: hashtagSearchResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', data: await lookups.searchHashtags(request.body) }),
  );
};
