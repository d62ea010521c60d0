import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PROOF_MINUTES,
  businessCodeCheckSchema,
  businessCodeRequestSchema,
  businessCodeSentSchema,
  businessProofSchema,
} from '@app/domain';
import { checkBusinessCode, sendBusinessCode, type BusinessBuyerContext } from './business-buyer.js';

/** Business checkout without a session: a seller proves their number (decision 056). */
export const businessBuyerRoutes: FastifyPluginAsyncZod<BusinessBuyerContext> = async (app, ctx) => {
  const tags = ['orders'];
  app.post(
    '/users/businessBuyer/sendCode',
    {
      schema: {
        tags,
        summary:
          'Sends a code to the seller account of a number, to order at wholesale prices without signing in',
        description:
          '404 when no seller account has the number; 403 "Seller Account not activated!!" for one that is not ' +
          "activated. The code goes to the account's own contact, never to anything typed here; the answer says " +
          'where, masked. Codes are capped per contact and per address.',
        body: businessCodeRequestSchema,
        response: { 200: businessCodeSentSchema },
      },
      config: { rateBudget: 'registration' },
    },
    async (request) => ({
      status: 200,
      message: 'Code sent',
      sentTo: await sendBusinessCode(ctx, request.body.mobile, request.ip),
    }),
  );

  app.post(
    '/users/businessBuyer/verifyCode',
    {
      schema: {
        tags,
        summary: 'Checks the code and answers a proof that places business orders as that seller',
        description:
          `The proof goes in the \`x-business-proof\` header of \`orders/saveOrder2\` for ${BUSINESS_PROOF_MINUTES} ` +
          "minutes; the order is then the seller's at wholesale prices, as if signed in. A wrong code costs one of " +
          'its five tries.',
        body: businessCodeCheckSchema,
        response: { 200: businessProofSchema },
      },
      config: { rateBudget: 'registration' },
    },
    async (request) => ({
      status: 200,
      message: 'Number confirmed',
      data: await checkBusinessCode(ctx, request.body.mobile, request.body.code),
    }),
  );
};
