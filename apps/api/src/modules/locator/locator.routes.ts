import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOCATOR_MESSAGES,
  locatorBrandsResponseSchema,
  nearbyPartnerStoresRequestSchema,
  nearbyShopsRequestSchema,
  nearbyStoresResponseSchema,
  PLACE_MESSAGES,
  placeSearchQuerySchema,
  placesResponseSchema,
  searchRequestSchema,
} from '@app/domain';
import type { LocatorService } from './locator.service.js';

// The spec's paths live under /shop; this module owns only the store-locator ones.
export const locatorRoutes: FastifyPluginAsyncZod<{ locator: LocatorService }> = async (app, { locator }) => {
  app.post(
    '/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter',
    {
      schema: {
        tags: ['store locator'],
        summary: 'Nearest approved stores selling a category or a brand, nearest first',
        description:
          'Send `childCategoryName` or `brand` (not both). `storeUserId` limits the search to that ' +
          `seller's stores. \`radiusKm\` defaults to 50, \`limit\` to 20. No contact data is returned.`,
        body: nearbyShopsRequestSchema,
        response: { 200: nearbyStoresResponseSchema },
      },
    },
    async (request) => {
      const Data = await locator.findNearbyStores(request.body);
      return { status: 200, message: Data.length ? 'OK' : LOCATOR_MESSAGES.noStores, Data };
    },
  );

  app.post(
    '/shop/getNearbyPartnerBrandStores',
    {
      schema: {
        tags: ['store locator'],
        summary: "A brand's nearest approved partner stores (stores carrying its products)",
        body: nearbyPartnerStoresRequestSchema,
        response: { 200: nearbyStoresResponseSchema },
      },
    },
    async (request) => {
      const Data = await locator.findNearbyPartnerStores(request.body);
      return { status: 200, message: Data.length ? 'OK' : LOCATOR_MESSAGES.noPartnerStores, Data };
    },
  );

  app.get(
    '/locator/places',
    {
      schema: {
        tags: ['store locator'],
        summary: 'Places to search around without GPS: a 6-digit pincode, or an area or city name',
        description:
          'Each place has the `lat` and `long` to send to the nearby searches: the middle of the approved ' +
          'stores in that pincode (or its sorting district), area or city. A pincode India Post does not ' +
          'know answers 404 naming `q`; a place with no stores yet answers an empty list.',
        querystring: placeSearchQuerySchema,
        response: { 200: placesResponseSchema },
      },
    },
    async (request) => {
      const data = await locator.searchPlaces(request.query);
      return { status: 200, message: data.length ? 'OK' : PLACE_MESSAGES.noPlaces, data };
    },
  );

  app.post(
    '/shop/searchLocatorBrands',
    {
      schema: {
        tags: ['store locator'],
        summary: 'Brand names sold by approved stores, containing the search text',
        body: searchRequestSchema,
        response: { 200: locatorBrandsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: { brand: await locator.searchBrands(request.body) },
    }),
  );
};
