import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BUSINESS_MESSAGES,
  BUSINESS_PROOF_HEADER,
  ORDER_MESSAGES,
  ORDER_SOURCE_TERMS,
  ORDER_SOURCES,
  PAYMENT_WINDOW_MINUTES,
  orderCreatedResponseSchema,
  orderIdParamsSchema,
  orderKeyHeadersSchema,
  orderOpenQuerySchema,
  orderRequestSchema,
  orderStatusResponseSchema,
  envelope,
  thankYouPath,
  type CfOrder,
  type OrderSource,
} from '@app/domain';
import { buyerDevice, buyerDeviceCookie } from '../../lib/buyer-device.js';
import { requestLanguage } from '../../lib/request-language.js';
import { AppError } from '../../lib/app-error.js';
import { provenBusinessBuyer } from './business-buyer.js';
import { LINK_RESEND_MINUTES, requestOrderLink, revokeOrderLinks, type OrderLinks } from './order-links.js';
import { orderStatus } from './order-status.js';
import type { OrdersContext } from './orders-context.js';
import { findOrderById } from './orders.repository.js';
import { placeOrder, type PlacedOrder } from './place-order.js';

const orderHeaders = z.object({
  [BUSINESS_PROOF_HEADER]: z.string().trim().max(200, 'The proof is too long').optional(),
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional(),
});

const PRICE_NOTE =
  'The amount is computed by the server from the stored product price, the quantity and the terms; ' +
  'any price or amount in the body is ignored. Stock is taken atomically: when too little is left the ' +
  'answer is 409. Send an `Idempotency-Key` header: the same key again returns the same order. ' +
  `An order paid online keeps its stock for ${PAYMENT_WINDOW_MINUTES} minutes while the buyer pays (a failed ` +
  'attempt keeps it, so `orders/retryPayment` works within that time); one client address, and one ' +
  'signed-in account, may have only a few unpaid orders at once (429) and a bounded quantity of one ' +
  'product in consumer orders (409).';

const DESCRIPTIONS: Record<OrderSource, string> = {
  'euOrder/saveOrder2': `Consumer order that is paid online: anyone, an account is made for an anonymous buyer. Consumer selling price. Returns \`cfOrder.paymentSessionId\` for the hosted checkout. ${PRICE_NOTE}`,
  'euOrder/saveOrder3': `Consumer order from a review post (/buyfrombrandreview/…): as saveOrder2, and \`mentionInfId\` and \`mentionPostId\` are required. Returns \`cfOrder.paymentSessionId\`. ${PRICE_NOTE}`,
  'euOrder/saveOrderWebWithoutPay': `Admin only: consumer order placed without payment (payment state NOT_REQUIRED). With \`sample: true\` it is a sample at the sample price and the product's sample quantity. ${PRICE_NOTE}`,
  'orders/saveOrder2': `Business (wholesale) order paid online by a signed-in, activated seller (role USER gets 403 "${ORDER_MESSAGES.sellerNotActivated}"). Wholesale selling price; the quantity must be at least the MOQ. Returns \`cfOrder.paymentSessionId\`. ${PRICE_NOTE}`,
  'orders/saveOrderWebWithoutPay': `Admin only: business order without payment, wholesale price and MOQ; \`user\` names the buyer, \`sample: true\` makes it a sample with a locked quantity. ${PRICE_NOTE}`,
};

function createdBody(result: PlacedOrder, cf: Omit<CfOrder, 'paymentSessionId'>) {
  return {
    status: result.created ? 201 : 200,
    message: ORDER_MESSAGES.placed,
    data: {
      order: result.order,
      accountCreated: result.accountCreated,
      passwordSentTo: result.passwordSentTo,
      ...(result.confirmation ? { confirmation: result.confirmation } : {}),
    },
    ...(result.paymentSessionId ? { cfOrder: { paymentSessionId: result.paymentSessionId, ...cf } } : {}),
  };
}

interface OrdersRoutesOptions {
  ctx: OrdersContext;
  /** The site's origin (config.siteUrl): the provider's return and notify URLs are built from it. */
  siteUrl: string;
  cashfreeMode: CfOrder['mode'];
  /** Signs the proofs of business buyers' numbers (business-buyer.ts). */
  proofSecret: string;
  /** The orders' keys, without which an order id opens nothing (decision 063). */
  links: OrderLinks;
}

/**
 * Placing an order and opening it (decision 063). The payments module registers `orders/retryPayment`
 * next, then order-lists.routes.ts the lists, in the order the OpenAPI document has always listed them.
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  await app.register(placeOrderRoutes, options);
  await app.register(orderStatusRoutes, options);
  await app.register(orderLinkRoutes, options);
};

/** The five order calls. */
const placeOrderRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { ctx, siteUrl, cashfreeMode, proofSecret, links },
) => {
  const secure = siteUrl.startsWith('https://');
  const tags = ['orders'];
  const cf = { provider: ctx.payments.provider, mode: cashfreeMode };

  for (const source of Object.values(ORDER_SOURCES)) {
    app.post(
      `/${source}`,
      {
        schema: {
          tags,
          summary: source,
          description: DESCRIPTIONS[source],
          headers: orderHeaders,
          body: orderRequestSchema,
          response: { 200: orderCreatedResponseSchema, 201: orderCreatedResponseSchema },
        },
        // Placing an order changes no session nor anything one carries (an account it makes for a
        // new buyer has none yet), so remembered sessions stay remembered (plugins/auth.ts). A paid
        // order's route is public: it reads its caller's session with the product (issue 42).
        config: {
          rateBudget: 'order',
          sessionsUnchanged: true,
          ...(ORDER_SOURCE_TERMS[source].pay ? { sessionInRoute: true as const } : {}),
        },
      },
      async (request, reply) => {
        const proof = request.headers[BUSINESS_PROOF_HEADER];
        // A proof counts only without a session: whose the session is must be known first.
        if (proof && request.pendingSession) await request.pendingSession.resolve();
        const provenBusinessBuyerId = provenBusinessBuyer(proofSecret, proof);
        if (proof && !request.user && !provenBusinessBuyerId) {
          throw new AppError('UNAUTHENTICATED', BUSINESS_MESSAGES.proofExpired, {
            contactNum: BUSINESS_MESSAGES.proofExpired,
          });
        }
        // What it holds unpaid counts against this browser and, at a crowd's caps, its address.
        const device = buyerDevice(request.headers.cookie);
        if (device.isNew) void reply.header('set-cookie', buyerDeviceCookie(device.id, secure));
        const result = await placeOrder(ctx, {
          source,
          actor: request.user,
          pendingSession: request.pendingSession,
          provenBusinessBuyerId,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          origin: siteUrl,
          clientIp: request.ip,
          clientDevice: device.id,
          language: requestLanguage(request),
        });
        // The device that placed it keeps the order's key (decision 063): a guest's, and the admin's
        // placing an order for someone else; the buyer signed in has it too, and needs it on no page.
        // Only when the order is made: a replayed request (the same Idempotency-Key) gets no key.
        if (result.linkVersion !== undefined) {
          const linkVersion = result.linkVersion;
          void reply.header('set-cookie', links.cookieFor({ id: result.order._id, linkVersion }, secure));
        }
        return reply.status(result.created ? 201 : 200).send(createdBody(result, cf));
      },
    );
  }
};

/** An order's state, and the link in the buyer's messages that opens it on a device. */
const orderStatusRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { ctx, siteUrl, links },
) => {
  const secure = siteUrl.startsWith('https://');
  const tags = ['orders'];

  app.get(
    '/orders/status/:orderId',
    {
      schema: {
        tags,
        summary: "An order's payment and delivery state, checked with the provider while unpaid",
        description:
          "For the buyer signed in, or with the order's key (the cookie of the device that placed it, or the " +
          '`x-order-key` header from the link in its messages): the order id alone opens nothing (403).',
        params: orderIdParamsSchema,
        headers: orderKeyHeadersSchema,
        response: { 200: orderStatusResponseSchema },
      },
    },
    async (request) => {
      await links.holderOf(request, request.user, request.params.orderId);
      return { status: 200, message: 'OK', data: await orderStatus(ctx, request.params.orderId) };
    },
  );

  app.get(
    '/orders/:orderId/open',
    {
      schema: {
        tags,
        summary: "The link in the buyer's messages: keeps the order's key on this device and opens its page",
        description:
          'With its key, the answer sets the HttpOnly cookie that opens the order on this device and sends the ' +
          "browser to the order's page; without a valid key it sends the browser there all the same, where the " +
          'page asks for the link or a sign-in. The key never stays in the address bar.',
        params: orderIdParamsSchema,
        querystring: orderOpenQuerySchema,
        response: { 303: z.null().describe("To the order's page") },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const order = await findOrderById(ctx.db, orderId);
      if (order && links.matches(order, request.query.key)) {
        void reply.header('set-cookie', links.cookieFor(order, secure, request.query.key));
      }
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(order ? thankYouPath(order) : `/thankyou?order_id=${orderId}`, 303);
    },
  );
};

/** Ending an order's links, and sending its link again to the contact given at checkout. */
const orderLinkRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { ctx, siteUrl, links }) => {
  const secure = siteUrl.startsWith('https://');
  const tags = ['orders'];

  app.post(
    '/orders/:orderId/revokeLinks',
    {
      schema: {
        tags,
        summary: 'Ends every link and device cookie of the order made so far; this device keeps a new one',
        description:
          "For the buyer signed in, or with the order's key. Messages sent from now on carry the new link.",
        params: orderIdParamsSchema,
        headers: orderKeyHeadersSchema,
        response: { 200: envelope(z.null()) },
      },
      config: { rateBudget: 'order' },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      await links.holderOf(request, request.user, orderId);
      const linkVersion = await revokeOrderLinks(ctx.db, orderId);
      void reply.header('set-cookie', links.cookieFor({ id: orderId, linkVersion }, secure));
      return { status: 200, message: 'Earlier links to this order no longer open it', data: null };
    },
  );

  app.post(
    '/orders/:orderId/sendLink',
    {
      schema: {
        tags,
        summary: "Sends the order's link again to the e-mail and mobile given at checkout (anyone may ask)",
        description:
          "For a device without the order's key (a new phone, a cleared browser). The link goes only to " +
          'the contact given at checkout, so asking opens nothing; the answer is the same for every order. ' +
          `At most once per ${LINK_RESEND_MINUTES} minutes per order (429 with Retry-After); 404 for an unknown id.`,
        params: orderIdParamsSchema,
        response: { 200: envelope(z.null()) },
      },
      config: { rateBudget: 'registration' },
    },
    async (request) => {
      await requestOrderLink(ctx.db, request.params.orderId);
      return { status: 200, message: ORDER_MESSAGES.linkSentAgain, data: null };
    },
  );
};
