import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as notifications from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string }> = async (
  app,
  { db, secret },
) => {
  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which messages you receive: answers to your queries, tags, responses to your posts',
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await notifications.getNotificationPreferences(db, currentUser(request).id);
      return { status: 200, message: 'OK', data };
    },
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Switch messages on or off (codes, passwords and order messages are always sent); a seller chooses the channels of their order messages',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Your choices are saved',
      data: await notifications.setNotificationPreferences(db, currentUser(request).id, request.body),
    }),
  );

  // POST, not a GET link: mail scanners open every link in a message, and must not unsubscribe.
  app.post(
    '/notifications/unsubscribe',
    {
      config: { rateBudget: 'posting' as const },
      schema: {
        tags: ['notifications'],
        summary: 'Switch off one kind of message with the link at the end of that message (no sign-in)',
        body: unsubscribeSchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'You will not get these messages any more',
      data: await notifications.unsubscribeByToken(db, secret, request.body.token),
    }),
  );
};
