import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminClaimsQuerySchema,
  claimIdRequestSchema,
  claimListResponseSchema,
  confirmClaimRequestSchema,
  confirmedClaimResponseSchema,
  CONTRIBUTION_MESSAGES,
  decideClaimRequestSchema,
  messageOnlySchema,
  sentToResponseSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import * as claims from './contributions.service.js';

/** Codes are guessed and sent here without an account: the posting budget per address applies. */
const postingLimit = { rateBudget: 'posting' as const };

export const contributionsRoutes: FastifyPluginAsyncZod<{ ctx: claims.PublishingContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/contributions/confirm',
    {
      config: postingLimit,
      schema: {
        tags: ['contributions'],
        summary: 'Publish a contribution sent with your contact, with the code we sent you',
        body: confirmClaimRequestSchema,
        response: { 200: confirmedClaimResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: CONTRIBUTION_MESSAGES.published,
      data: await claims.confirmClaim(ctx, request.body),
    }),
  );

  app.post(
    '/contributions/resendCode',
    {
      config: postingLimit,
      schema: {
        tags: ['contributions'],
        summary: 'Send a new code for a contribution that waits for confirmation',
        body: claimIdRequestSchema,
        response: { 200: sentToResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Code sent',
      data: await claims.resendClaimCode(ctx, request.body._id, request.ip),
    }),
  );

  app.get(
    '/contributions/mine',
    {
      schema: {
        tags: ['contributions'],
        summary: 'Contributions sent with your contact that wait for your decision',
        response: { 200: claimListResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, message: 'OK', data: await claims.listMyClaims(ctx, currentUser(request)) };
    },
  );

  app.post(
    '/contributions/publish',
    {
      schema: {
        tags: ['contributions'],
        summary: 'Publish under your name a contribution sent with your contact (signed in)',
        body: claimIdRequestSchema,
        response: { 200: confirmedClaimResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: CONTRIBUTION_MESSAGES.published,
      data: await claims.publishMyClaim(ctx, currentUser(request), request.body._id),
    }),
  );

  app.post(
    '/contributions/discard',
    {
      schema: {
        tags: ['contributions'],
        summary: 'Delete a contribution sent with your contact that was not yours (signed in)',
        body: claimIdRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await claims.discardMyClaim(ctx, currentUser(request), request.body._id);
      return { status: 200, message: 'Deleted' };
    },
  );

  app.get(
    '/admin/contributions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contributions by state; by default those attributed by a contact match before proofs',
        querystring: adminClaimsQuerySchema,
        response: { 200: claimListResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        status: 200,
        message: 'OK',
        data: await claims.listClaimsForStaff(ctx, currentUser(request), request.query),
      };
    },
  );

  app.post(
    '/admin/contributions/decide',
    {
      schema: {
        tags: ['admin'],
        summary: 'Keep a contribution attributed by a contact match, or remove it',
        body: decideClaimRequestSchema,
        response: { 200: confirmedClaimResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Reviewed',
      data: await claims.decideLegacyClaim(ctx, currentUser(request), request.body),
    }),
  );
};
