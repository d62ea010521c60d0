import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attributeSearchRequestSchema,
  brandListResponseSchema,
  brandProductsRequestSchema,
  colourListResponseSchema,
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  csvImportQuerySchema,
  csvImportRequestSchema,
  csvImportResultSchema,
  enableDisableRequestSchema,
  idParamsSchema,
  modelListResponseSchema,
  PRICE_UNIT,
  PRODUCT_MESSAGES,
  productCreatedResponseSchema,
  productDraftSchema,
  productListParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  productSchema,
  productUpdateSchema,
  searchPrdAttrRequestSchema,
  capitalEnvelope,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import type { ProductsService } from './products.service.js';

/**
 * Sends a response body that is already JSON: Fastify sends strings as they are, so the cached
 * bodies of the two public reads skip serialization (they were checked against their schema when
 * built). The reply is widened because its typing expects the schema's object.
 */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
const csvColumnsDoc = CSV_COLUMNS.map(([name, meaning]) => `- \`${name}\`: ${meaning}`).join('\n');
const priceNote = `Prices are integers in ${PRICE_UNIT}; discount percents are computed by the server.`;

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  const tags = ['products'];

  app.get(
    '/products/getProductOnId/:id',
    {
      schema: {
        tags,
        summary: 'One product by id',
        params: idParamsSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request, reply) => sendJson(reply, await products.productResponse(request.params.id)),
  );

  app.get(
    '/products/getProductOnUserId/:id/:page/:limit',
    {
      schema: {
        tags,
        summary:
          "A page of a store's active products in catalogue order (brand, gender, model, colour, size)",
        description: `Public. \`model\` narrows to models containing the text. ${priceNote}`,
        params: productListParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, page, limit } = request.params;
      return sendJson(reply, await products.storePageResponse(id, { page, limit }, request.query.model));
    },
  );

  app.get(
    '/products/getAllProductOnUserId/:id/true/:page/:limit',
    {
      schema: {
        tags,
        summary: "Every product of a store, disabled ones included (the store's owner)",
        params: productListParamsSchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, page, limit } = request.params;
      return sendJson(reply, await products.ownPageResponse(currentUser(request), id, { page, limit }));
    },
  );

  app.post(
    '/products/createNewProduct',
    {
      schema: {
        tags,
        summary: 'Add a product to the seller’s store (New or Clone Product)',
        description: `${priceNote} With \`sourceProductId\` the product is a clone of another brand's product.`,
        body: productDraftSchema,
        response: { 201: productCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await products.createProduct(currentUser(request), request.body);
      return reply.status(201).send({ status: 201, message: PRODUCT_MESSAGES.added, Data: created });
    },
  );

  app.post(
    '/products/updateProduct',
    {
      schema: {
        tags,
        summary: 'Update one of the seller’s products; blank or zero values keep the stored value',
        description: priceNote,
        body: productUpdateSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Product updated',
      Data: await products.updateProduct(currentUser(request), request.body),
    }),
  );

  app.post(
    '/products/enableDisablePrdct',
    {
      schema: {
        tags,
        summary: 'Enable (status true) or disable (status false) one of the seller’s products',
        body: enableDisableRequestSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: PRODUCT_MESSAGES.statusUpdated,
      Data: await products.setActive(currentUser(request), request.body._id, request.body.status),
    }),
  );

  app.post(
    '/products/searchPrdAttr',
    {
      schema: {
        tags,
        summary: 'Active products whose name, brand, model or tag contains the key (up to 100)',
        body: searchPrdAttrRequestSchema,
        response: { 200: capitalEnvelope(z.array(productSchema)) },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await products.searchProducts(request.body.key),
    }),
  );

  const brandProducts = (withToken: boolean) =>
    ({
      schema: {
        tags,
        summary: withToken
          ? "Active products of a brand, without the signed-in seller's own (Clone Product)"
          : 'Active products of a brand',
        body: brandProductsRequestSchema,
        response: { 200: productListResponseSchema },
      },
    }) as const;

  app.post('/products/getProductsOnBrandName', brandProducts(true), async (request) => {
    const { brand, page, limit } = request.body;
    const result = await products.listBrandProducts(brand, { page, limit }, currentUser(request));
    return { status: 200, message: 'OK', Data: result.products, hasMore: result.hasMore };
  });

  app.post('/products/getProductsOnBrandNameWithoutToken', brandProducts(false), async (request) => {
    const { brand, page, limit } = request.body;
    const result = await products.listBrandProducts(brand, { page, limit }, null);
    return { status: 200, message: 'OK', Data: result.products, hasMore: result.hasMore };
  });

  const searchBody = attributeSearchRequestSchema.optional();

  app.post(
    '/products/allBrands',
    {
      schema: {
        tags,
        summary: 'Brand names of listed products (optionally containing searchValue)',
        body: searchBody,
        response: { 200: brandListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: { brand: await products.brands(request.body?.searchValue ?? '') },
    }),
  );

  app.post(
    '/products/searchModels',
    {
      schema: {
        tags,
        summary: 'Model names containing searchValue, optionally of one brand',
        body: searchBody,
        response: { 200: modelListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: {
        model: await products.models(request.body?.searchValue ?? '', request.body?.brand || undefined),
      },
    }),
  );

  app.post(
    '/products/searchColours',
    {
      schema: {
        tags,
        summary: 'Named colours of the product form containing searchValue',
        body: searchBody,
        response: { 200: colourListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: { colour: products.colours(request.body?.searchValue ?? '') },
    }),
  );

  app.post(
    '/products/importCsv',
    {
      bodyLimit: CSV_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import the seller’s products from CSV: all rows or none',
        description:
          `Body \`{csv}\`: the file's text, UTF-8, comma-separated, header on line 1, one row per size. ` +
          `With \`dryRun=true\` nothing is stored and every row error is listed with its line and column. ` +
          `Without it, any error answers 400 with \`errors\` keyed "line N: column" and nothing is stored. ` +
          `${priceNote}\n\nColumns:\n${csvColumnsDoc}`,
        querystring: csvImportQuerySchema,
        body: csvImportRequestSchema,
        response: { 200: csvImportResultSchema },
      },
    },
    async (request) => {
      const dryRun = request.query.dryRun === 'true';
      const data = await products.importCsv(currentUser(request), request.body.csv, dryRun);
      const message = dryRun
        ? `${data.total} row(s) checked`
        : `${data.created} product(s) added, ${data.updated} updated`;
      return { status: 200, message, data };
    },
  );

  app.get(
    '/products/exportCsv',
    {
      schema: {
        tags,
        summary: 'Every product of the seller as CSV (the import format; re-importing changes nothing)',
        description: `Columns:\n${csvColumnsDoc}`,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await products.exportCsv(currentUser(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
