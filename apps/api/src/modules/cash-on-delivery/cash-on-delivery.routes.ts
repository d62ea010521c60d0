import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codOrderRequestSchema,
  COD_ACCEPT_HOURS,
  COD_UNITS_PER_ORDER,
  COD_WAITING_UNITS,
  deliveryTermsResponseSchema,
  deliveryTermsSchema,
  envelope,
  productIdParamsSchema,
  productTermsResponseSchema,
  sellerOrderViewSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import { acceptCashOnDelivery } from './accept-cash-on-delivery.js';
import type { CodContext } from './cod-context.js';
import { myDeliveryTerms, productTerms, updateMyDeliveryTerms } from './delivery-terms.js';
import { markPaidOnDelivery } from './mark-paid-on-delivery.js';

/** A store's delivery terms, the checkout's totals and the seller's cash-on-delivery steps (decision 032). */
export const cashOnDeliveryRoutes: FastifyPluginAsyncZod<{ ctx: CodContext }> = async (app, options) => {
  await app.register(deliveryTermsRoutes, options);
  await app.register(codStepRoutes, options);
};

/** The checkout's totals for a product, and the seller's own delivery terms. */
const deliveryTermsRoutes: FastifyPluginAsyncZod<{ ctx: CodContext }> = async (app, { ctx }) => {
  const tags = ['orders'];

  app.get(
    '/orders/terms/:productId',
    {
      schema: {
        tags,
        summary:
          "The delivery charge and cash-on-delivery terms of a product's store, for the checkout totals",
        description:
          'The checkout page shows the items, delivery and total with the same rule the server uses ' +
          '(orderTotals); the order amount is still computed by the server.',
        params: productIdParamsSchema,
        response: { 200: productTermsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await productTerms(ctx.db, request.params.productId),
    }),
  );

  app.get(
    '/shop/deliveryTerms',
    {
      schema: {
        tags: ['shops'],
        summary: "The signed-in seller's delivery charge, free-delivery amount and cash-on-delivery terms",
        response: { 200: deliveryTermsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await myDeliveryTerms(ctx.db, currentUser(request)),
    }),
  );

  app.post(
    '/shop/deliveryTerms',
    {
      schema: {
        tags: ['shops'],
        summary:
          "Sets the signed-in seller's delivery charge, free-delivery amount and cash-on-delivery terms",
        description:
          'Whole rupees. An empty free-delivery amount means delivery is never free (unless the charge is 0); ' +
          'an empty cash-on-delivery upper amount means no limit. The hours to accept a cash-on-delivery ' +
          'order (2-72), the items per such order (1-100) and the items of one product such orders may hold ' +
          'while they wait for acceptance (1-1000) may be left out: each then keeps its saved value ' +
          `(by default ${COD_ACCEPT_HOURS.default} hours, ${COD_UNITS_PER_ORDER.default} and ${COD_WAITING_UNITS.default} items).`,
        body: deliveryTermsSchema,
        response: { 200: deliveryTermsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Delivery terms saved',
      data: await updateMyDeliveryTerms(ctx.db, currentUser(request), request.body),
    }),
  );
};

/** The seller accepts a cash-on-delivery order, then hands it over and takes the cash. */
const codStepRoutes: FastifyPluginAsyncZod<{ ctx: CodContext }> = async (app, { ctx }) => {
  const tags = ['orders'];

  app.post(
    '/orders/cod/accept',
    {
      schema: {
        tags,
        summary: `The seller accepts a cash-on-delivery order (within the store's window, ${COD_ACCEPT_HOURS.default} hours unless set, or it is cancelled)`,
        body: codOrderRequestSchema,
        response: { 200: envelope(sellerOrderViewSchema) },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Order accepted',
      data: await acceptCashOnDelivery(ctx, currentUser(request), request.body.orderId),
    }),
  );

  app.post(
    '/orders/cod/paidOnDelivery',
    {
      schema: {
        tags,
        summary:
          'The seller hands over a dispatched cash-on-delivery order and takes the cash: delivered and paid',
        body: codOrderRequestSchema,
        response: { 200: envelope(sellerOrderViewSchema) },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Paid on delivery',
      data: await markPaidOnDelivery(ctx, currentUser(request), request.body.orderId),
    }),
  );
};
