import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  childCategoryInputSchema,
  childCategoryResponseSchema,
  citiesQuerySchema,
  citiesResponseSchema,
  cityInputSchema,
  cityResponseSchema,
  countriesResponseSchema,
  hashtagInputSchema,
  hashtagResponseSchema,
  hashtagSearchResponseSchema,
  idParamsSchema,
  influencerCategoriesResponseSchema,
  influencerCategoryInputSchema,
  influencerCategoryResponseSchema,
  newChildCategorySchema,
  newCitySchema,
  parentCategoriesResponseSchema,
  parentCategoryInputSchema,
  parentCategoryResponseSchema,
  pincodeParamsSchema,
  pincodeResponseSchema,
  searchRequestSchema,
  statesQuerySchema,
  statesResponseSchema,
} from '@app/domain';
import { onePerValue } from '../../lib/one-per-value.js';
import type { LookupsService } from './lookups.service.js';

// Reference lists change only with a release or an admin edit. Browsers reuse them for five
// minutes, then revalidate with their ETag and usually get an empty 304.
const cached = { httpCache: { maxAge: 300 } };

// The service hands out the same list until it changes, so the envelope is made once per list.
const ok = onePerValue(<T extends object>(data: T) => ({ status: 200, message: 'OK', data }));
const okCapital = onePerValue(<T extends object>(Data: T) => ({ status: 200, message: 'OK', Data }));

// The lists' cache hands out the same promise for as long as a list is held; once it has settled,
// its list is kept here (by the promise), and a handler answers at once: no promise of its own,
// no await, so a cached read costs the framework one synchronous call.
const settled = new WeakMap<Promise<object>, object>();

/** `wrap(list)` at once when this promise of a list settled before, else a promise of it. */
function answer<T extends object, E>(list: Promise<T>, wrap: (list: T) => E): E | Promise<E> {
  const held = settled.get(list) as T | undefined;
  if (held !== undefined) return wrap(held);
  return list.then((value) => {
    settled.set(list, value);
    return wrap(value);
  });
}

export const lookupsRoutes: FastifyPluginAsyncZod<{ lookups: LookupsService }> = async (app, { lookups }) => {
  app.get(
    '/states/getAllStates',
    {
      config: cached,
      schema: {
        tags: ['lookups'],
        summary: 'States, by name; optionally of one country',
        querystring: statesQuerySchema,
        response: { 200: statesResponseSchema },
      },
    },
    (request) => answer(lookups.listStates(request.query), ok),
  );

  app.get(
    '/city/getAllcities',
    {
      config: cached,
      schema: {
        tags: ['lookups'],
        summary: 'Cities, by name; optionally of one state',
        querystring: citiesQuerySchema,
        response: { 200: citiesResponseSchema },
      },
    },
    (request) => answer(lookups.listCities(request.query), ok),
  );

  app.get(
    '/country/getAllCountries',
    {
      config: cached,
      schema: {
        tags: ['lookups'],
        summary: 'Countries, India first',
        response: { 200: countriesResponseSchema },
      },
    },
    () => answer(lookups.listCountries(), ok),
  );

  app.get(
    '/category/getAllParentCategory',
    {
      config: cached,
      schema: {
        tags: ['lookups'],
        summary: 'Product categories: parents with their child categories',
        response: { 200: parentCategoriesResponseSchema },
      },
    },
    () => answer(lookups.listCategoryTree(), okCapital),
  );

  app.get(
    '/inflncr/getAllInflncrCate',
    {
      config: cached,
      schema: {
        tags: ['lookups'],
        summary: 'Fields influencers and service providers work in',
        response: { 200: influencerCategoriesResponseSchema },
      },
    },
    () => answer(lookups.listInfluencerCategories(), ok),
  );

  app.get(
    '/pincode/:pincode',
    {
      config: cached,
      schema: {
        tags: ['lookups'],
        summary: "A pincode's district and state (India Post), with our state and city ids where they match",
        params: pincodeParamsSchema,
        response: { 200: pincodeResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await lookups.findPincode(request.params.pincode),
    }),
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

  // Admin edits of reference data. The lists above show an edit on the next read.

  app.post(
    '/admin/lookups/parent-categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a product category (admin)',
        body: parentCategoryInputSchema,
        response: { 201: parentCategoryResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 201,
        message: 'Category added',
        data: await lookups.addParentCategory(request.body),
      }),
  );

  app.patch(
    '/admin/lookups/parent-categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a product category (admin)',
        params: idParamsSchema,
        body: parentCategoryInputSchema,
        response: { 200: parentCategoryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Category renamed',
      data: await lookups.renameParentCategory(request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/lookups/child-categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a sub-category under a product category (admin)',
        body: newChildCategorySchema,
        response: { 201: childCategoryResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 201,
        message: 'Sub-category added',
        data: await lookups.addChildCategory(request.body),
      }),
  );

  app.patch(
    '/admin/lookups/child-categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a sub-category (admin)',
        params: idParamsSchema,
        body: childCategoryInputSchema,
        response: { 200: childCategoryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Sub-category renamed',
      data: await lookups.renameChildCategory(request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/lookups/cities',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a city to a state (admin)',
        body: newCitySchema,
        response: { 201: cityResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ status: 201, message: 'City added', data: await lookups.addCity(request.body) }),
  );

  app.patch(
    '/admin/lookups/cities/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a city (admin)',
        params: idParamsSchema,
        body: cityInputSchema,
        response: { 200: cityResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'City renamed',
      data: await lookups.renameCity(request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/lookups/influencer-categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a field influencers and service providers work in (admin)',
        body: influencerCategoryInputSchema,
        response: { 201: influencerCategoryResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 201,
        message: 'Field added',
        data: await lookups.addInfluencerCategory(request.body),
      }),
  );

  app.patch(
    '/admin/lookups/influencer-categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename an influencer field (admin)',
        params: idParamsSchema,
        body: influencerCategoryInputSchema,
        response: { 200: influencerCategoryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Field renamed',
      data: await lookups.renameInfluencerCategory(request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/lookups/hashtags',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a hashtag (admin)',
        body: hashtagInputSchema,
        response: { 201: hashtagResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ status: 201, message: 'Tag added', data: await lookups.addHashtag(request.body) }),
  );

  app.patch(
    '/admin/lookups/hashtags/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a hashtag (admin)',
        params: idParamsSchema,
        body: hashtagInputSchema,
        response: { 200: hashtagResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Tag renamed',
      data: await lookups.renameHashtag(request.params.id, request.body),
    }),
  );
};
