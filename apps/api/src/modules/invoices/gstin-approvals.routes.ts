import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gstinRequestParamsSchema,
  legalEntitiesResponseSchema,
  linkSellerAccountsRequestSchema,
  messageOnlySchema,
  pendingGstinListResponseSchema,
  refuseGstinRequestSchema,
  unlinkSellerAccountRequestSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import {
  approveGstin,
  linkSellerAccounts,
  listLegalEntities,
  listPendingGstins,
  refuseGstin,
  unlinkSellerAccount,
} from './gstin-approvals.js';

/**
 * The admin approves or refuses the GSTINs sellers give, and links seller accounts as one legal
 * entity (decision 069). Who may call each route: plugins/route-access.ts (the admin only).
 */
export const gstinApprovalRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['admin'];

  app.get(
    '/admin/gstins',
    {
      schema: {
        tags,
        summary: 'GSTINs sellers gave that wait for approval, oldest first',
        description:
          "Until one is approved the seller's tax documents print the GSTIN approved before, or are bills of supply.",
        response: { 200: pendingGstinListResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, message: 'OK', data: await listPendingGstins(db) };
    },
  );

  app.post(
    '/admin/gstins/:id/approve',
    {
      schema: {
        tags,
        summary: "Approve a seller's GSTIN: the documents they issue from now print it; the seller is told",
        description:
          "409 when another seller's documents carry it and the two accounts are not linked as one legal entity.",
        params: gstinRequestParamsSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await approveGstin(db, currentUser(request), request.params.id);
      return { status: 200, message: 'GSTIN approved' };
    },
  );

  app.post(
    '/admin/gstins/:id/refuse',
    {
      schema: {
        tags,
        summary: "Refuse a seller's GSTIN with a reason the seller is told and reads in their tax details",
        params: gstinRequestParamsSchema,
        body: refuseGstinRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await refuseGstin(db, currentUser(request), request.params.id, request.body.reason);
      return { status: 200, message: 'GSTIN refused' };
    },
  );

  app.get(
    '/admin/legalEntities',
    {
      schema: {
        tags,
        summary:
          'Seller accounts linked as one legal entity (they may share a GSTIN), and every seller account',
        response: { 200: legalEntitiesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, message: 'OK', data: await listLegalEntities(db) };
    },
  );

  app.post(
    '/admin/legalEntities/link',
    {
      schema: {
        tags,
        summary: 'Link two seller accounts as one legal entity; an account already linked brings its group',
        body: linkSellerAccountsRequestSchema,
        response: { 200: legalEntitiesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Accounts linked',
      data: await linkSellerAccounts(db, currentUser(request), request.body),
    }),
  );

  app.post(
    '/admin/legalEntities/unlink',
    {
      schema: {
        tags,
        summary: 'Take a seller account out of its legal entity',
        description:
          'Refused (409) while it shares a GSTIN, carried or waiting, with an account of the entity.',
        body: unlinkSellerAccountRequestSchema,
        response: { 200: legalEntitiesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Account unlinked',
      data: await unlinkSellerAccount(db, request.body.sellerUserId),
    }),
  );
};
