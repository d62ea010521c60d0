import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  deleteAccountRequestSchema,
  deletionCheckResponseSchema,
  deletionRequestsResponseSchema,
  deletionResponseSchema,
  messageOnlySchema,
  privacyCodeDeleteSchema,
  privacyCodeExportSchema,
  privacyCodeRequestSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import type { ContactCodes } from '../accounts/contact-codes.js';
import { deleteAccount, deletionBlockers, type PrivacyContext } from './delete-account.js';
import { confirmPassword, listDeletionRequests, sendExport } from './privacy.service.js';
import { accountByPrivacyCode, sendPrivacyCode } from './privacy-codes.js';

export interface PrivacyRouteOptions {
  ctx: PrivacyContext;
  codes: ContactCodes;
}

export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRouteOptions> = async (app, { ctx, codes }) => {
  const codeCtx = { db: ctx.db, codes };
  const zip = (reply: FastifyReply, userId: string) => sendExport(ctx, reply, userId);

  // A ZIP can be large: the registration budget keeps one client from building them back to back.
  app.get(
    '/privacy/export',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['privacy'],
        summary:
          'Download my data: a ZIP of revuhub-data.json (account, posts, queries, orders, consents) and the uploaded files',
      },
    },
    async (request, reply) => zip(reply, currentUser(request).id),
  );

  app.get(
    '/privacy/deletionCheck',
    {
      schema: {
        tags: ['privacy'],
        summary: 'What must settle before the account can be deleted (empty when nothing)',
        response: { 200: deletionCheckResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const blockers = await deletionBlockers(ctx.db, currentUser(request));
      return { status: 200, message: 'OK', data: { blockers } };
    },
  );

  app.post(
    '/privacy/deleteAccount',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['privacy'],
        summary:
          'Delete my account: posts and queries removed or anonymised, orders kept without contact data, tax documents as issued; 409 lists what must settle first',
        body: deleteAccountRequestSchema,
        response: { 200: deletionResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await confirmPassword(ctx.db, user.id, request.body.password);
      const data = await deleteAccount(ctx, user.id, request.body.contributions, 'session');
      return { status: 200, message: 'Your account is deleted', data };
    },
  );

  app.post(
    '/privacy/code',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['privacy'],
        summary: 'Without a password: send a code to the contact a contribution or order was made with',
        body: privacyCodeRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => ({
      status: 200,
      message: await sendPrivacyCode(codeCtx, request.body.contact, request.ip),
    }),
  );

  app.post(
    '/privacy/code/export',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['privacy'],
        summary: 'Without a password: download the data held under the contact, with its code',
        body: privacyCodeExportSchema,
      },
    },
    async (request, reply) =>
      zip(reply, await accountByPrivacyCode(codeCtx, request.body.contact, request.body.code)),
  );

  app.post(
    '/privacy/code/deleteAccount',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['privacy'],
        summary: 'Without a password: delete the account of the contact, with its code',
        body: privacyCodeDeleteSchema,
        response: { 200: deletionResponseSchema },
      },
    },
    async (request) => {
      const userId = await accountByPrivacyCode(codeCtx, request.body.contact, request.body.code);
      const data = await deleteAccount(ctx, userId, request.body.contributions, 'code');
      return { status: 200, message: 'Your account is deleted', data };
    },
  );

  app.get(
    '/admin/deletionRequests',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Account deletion requests, newest first: carried out, or refused with what must settle',
        response: { 200: deletionRequestsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, message: 'OK', data: await listDeletionRequests(ctx.db) };
    },
  );
};
