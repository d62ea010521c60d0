import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryAddressSchema,
  orderIdParamsSchema,
  orderKeyHeadersSchema,
  orderStatusResponseSchema,
} from '@app/domain';
import { giveDeliveryAddress } from './delivery-address.js';
import type { OrderLinks } from './order-links.js';
import { orderStatus } from './order-status.js';
import type { OrdersContext } from './orders-context.js';

export const deliveryAddressRoutes: FastifyPluginAsyncZod<{
  ctx: OrdersContext;
  links: OrderLinks;
}> = async (app, { ctx, links }) => {
  app.post(
    '/orders/:orderId/deliveryAddress',
    {
      schema: {
        tags: ['orders'],
        summary: 'Give the delivery address an order was placed without ("address needed")',
        description:
          'For an order whose `addressNeeded` is true: one placed with the spec\'s "NA" and pincode 100000 ' +
          "when the buyer had no saved address. For the buyer signed in or with the order's key, as " +
          '`orders/status` (the order id alone is refused); ' +
          'answers 409 once the order has an address. The seller can dispatch it from then on. Answers the ' +
          "order's state, as `orders/status` does.",
        params: orderIdParamsSchema,
        headers: orderKeyHeadersSchema,
        body: deliveryAddressSchema,
        response: { 200: orderStatusResponseSchema },
      },
      config: { rateBudget: 'order' },
    },
    async (request) => {
      await links.holderOf(request, request.user, request.params.orderId);
      await giveDeliveryAddress(ctx.db, request.params.orderId, request.body);
      return {
        status: 200,
        message: 'Delivery address saved',
        data: await orderStatus(ctx, request.params.orderId),
      };
    },
  );
};
