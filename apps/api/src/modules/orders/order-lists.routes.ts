import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrdersQuerySchema,
  contactLookupResponseSchema,
  envelope,
  fulfilmentRequestSchema,
  mobileParamsSchema,
  orderListResponseSchema,
  sellerOrderListResponseSchema,
  sellerOrdersQuerySchema,
  sellerOrderViewSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import { lookUpContactByMobile } from './contact-lookup.js';
import { moveFulfilment } from './move-fulfilment.js';
import { listAllOrders, listBuyerOrders, listSellerOrders } from './order-lists.js';
import type { OrdersContext } from './orders-context.js';

/** The buyer's, the seller's and the admin's order lists, fulfilment, and the checkout's look-ups. */
export const orderListRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, options) => {
  await app.register(listRoutes, options);
  await app.register(contactLookupRoutes, options);
};

const listRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const tags = ['orders'];

  app.get(
    '/orders/myOrders',
    {
      schema: {
        tags,
        summary: "The signed-in buyer's orders, newest first",
        response: { 200: orderListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await listBuyerOrders(ctx, currentUser(request)),
    }),
  );

  app.get(
    '/orders/sellerOrders',
    {
      schema: {
        tags,
        summary: "Orders for the signed-in seller's products with delivery address, newest first",
        description:
          "`state` keeps the orders in one state of the seller's work (unpaid, to-accept, to-dispatch, " +
          'dispatched, delivered, cancelled, refunded); `number` finds an order by its number ' +
          '(RH-1A2B3C4D), the last characters of it, or its id.',
        querystring: sellerOrdersQuerySchema,
        response: { 200: sellerOrderListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await listSellerOrders(ctx, currentUser(request), request.query),
    }),
  );

  app.post(
    '/orders/updateFulfilment',
    {
      schema: {
        tags,
        summary: 'The seller moves a paid order to DISPATCHED, then DELIVERED',
        body: fulfilmentRequestSchema,
        response: { 200: envelope(sellerOrderViewSchema) },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Order updated',
      data: await moveFulfilment(ctx, currentUser(request), request.body.orderId, request.body.fulfilment, {
        courier: request.body.courier,
        trackingNumber: request.body.trackingNumber,
      }),
    }),
  );

  app.get(
    '/orders/allOrders',
    {
      schema: {
        tags,
        summary:
          'Admin: every order, filtered by payment state, delivery state, creation date (UTC, inclusive) and order number (RH-1A2B3C4D or its last characters)',
        querystring: adminOrdersQuerySchema,
        response: { 200: sellerOrderListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await listAllOrders(ctx, currentUser(request), request.query),
    }),
  );
};

/** The checkout's look-ups of a buyer's and a referrer's number (contact-lookup.ts). */
const contactLookupRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const tags = ['orders'];
  for (const [kind, path, summary] of [
    [
      'buyer',
      '/users/getBuyerByMobile/:mobile',
      'Buyer validation for a business order: 404 when no seller account has this number',
    ],
    [
      'referrer',
      '/users/getReferrerByMobile/:mobile',
      'Referrer validation at checkout: 404 for every number that cannot refer (unknown, not activated, staff), alike',
    ],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary,
          description:
            "Never an e-mail or mobile. `role` only for a seller's account (USER: not activated, SELLER); " +
            "the account id and name only for the admin team. Shares the e-mail look-ups' budget per address.",
          params: mobileParamsSchema,
          response: { 200: contactLookupResponseSchema },
        },
        // One budget with the e-mail look-ups: harvesting who is behind numbers costs the same.
        config: { rateBudget: 'lookup' },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        Data: await lookUpContactByMobile(ctx.db, request.user, { mobile: request.params.mobile, kind }),
      }),
    );
  }
};
