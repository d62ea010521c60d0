import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountLookupResponseSchema,
  brandRegistrationSchema,
  earlierApplicationResponseSchema,
  emailBodySchema,
  emailParamsSchema,
  endUserRegistrationSchema,
  registrationResponseSchema,
  retailerOnboardingSchema,
} from '@app/domain';
import { requestLanguage } from '../../lib/request-language.js';
import { currentUser } from '../../plugins/auth.js';
import type { ApplicationsService } from './applications.service.js';

/** Registration is anonymous, so it has a tight budget per IP; lookups too, against harvesting. */
const registrationLimit = { rateBudget: 'registration' as const };
/** One budget per IP across both look-up routes and all their methods. */
const lookupLimit = { rateBudget: 'lookup' as const };

export const applicationsRoutes: FastifyPluginAsyncZod<{ applications: ApplicationsService }> = async (
  app,
  { applications },
) => {
  app.post(
    '/endUsers/registerNewUser',
    {
      config: registrationLimit,
      schema: {
        tags: ['applications'],
        summary: 'Apply as an expert (or open a customer account with if_expert false)',
        body: endUserRegistrationSchema,
        response: { 201: registrationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await applications.registerEndUser(request.body, request.user, requestLanguage(request));
      return reply.status(201).send({ status: 201, message: 'Your account has been saved', data });
    },
  );

  app.post(
    '/users/registerNewUser',
    {
      config: registrationLimit,
      schema: {
        tags: ['applications'],
        summary: 'Register a brand or distributor',
        body: brandRegistrationSchema,
        response: { 201: registrationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await applications.registerBrand(request.body, request.user, requestLanguage(request));
      return reply.status(201).send({ status: 201, message: 'Your account has been saved', data });
    },
  );

  app.post(
    '/users/singleStepOnboardUser',
    {
      config: registrationLimit,
      schema: {
        tags: ['applications'],
        summary: 'Onboard a retailer with the store, address and location in one step',
        body: retailerOnboardingSchema,
        response: { 200: registrationResponseSchema },
      },
    },
    async (request) => {
      const data = await applications.onboardRetailer(request.body, request.user, requestLanguage(request));
      return { status: 200, message: 'Your account has been saved', data };
    },
  );

  app.get(
    '/users/myApplication',
    {
      schema: {
        tags: ['applications'],
        summary:
          "The signed-in applicant's earlier answers, to apply again after a rejection (sent signed in, a registration with the account's e-mail replaces the application)",
        response: { 200: earlierApplicationResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await applications.earlierApplication(currentUser(request)),
    }),
  );

  app.get(
    '/users/getUserbyEmail/:email',
    {
      config: lookupLimit,
      schema: {
        tags: ['applications'],
        summary: 'Whether an account exists for an e-mail (name and role for the admin team only)',
        params: emailParamsSchema,
        response: { 200: accountLookupResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await applications.lookupByEmail(request.params.email, request.user),
    }),
  );

  app.post(
    '/endUsers/getEUserDetailsbyEmailId',
    {
      config: lookupLimit,
      schema: {
        tags: ['applications'],
        summary: 'Whether an account exists for an e-mail (name and role for the admin team only)',
        body: emailBodySchema,
        response: { 200: accountLookupResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await applications.lookupByEmail(request.body.email, request.user),
    }),
  );
};
