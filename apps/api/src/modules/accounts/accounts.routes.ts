import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageOnlySchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import type { AccountsService } from './accounts.service.js';

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/users/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with e-mail (or mobile) and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const data = await accounts.login(request.body, request.ip);
      return { status: 200, message: 'Logged in', data };
    },
  );

  app.post(
    '/users/logout',
    {
      schema: { tags: ['accounts'], summary: 'End this session', response: { 200: messageOnlySchema } },
    },
    async (request) => {
      await accounts.logout(currentUser(request));
      return { status: 200, message: 'Logged out' };
    },
  );

  app.get(
    '/users/me',
    {
      schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: meResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'OK', data: await accounts.me(currentUser(request)) }),
  );

  app.post(
    '/users/changePassword',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (required after a one-time password)',
        body: changePasswordRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await accounts.changePassword(currentUser(request), request.body, request.ip);
      return { status: 200, message: 'Password changed' };
    },
  );
};
