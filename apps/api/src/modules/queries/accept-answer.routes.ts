import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptAnswerParamsSchema, acceptAnswerSchema } from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { acceptAnswer } from './accept-answer.js';

/** The asker's "Accept" on an answer of their question (issue 41). */
export const acceptAnswerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/queries/:queryId/answers/:postId/accept',
    {
      schema: {
        tags: ['queries'],
        summary: 'Accept an answer of your question (accepted false takes it back); it is shown first',
        params: acceptAnswerParamsSchema,
        body: acceptAnswerSchema,
        response: {
          200: z.object({
            status: z.number().int(),
            message: z.string(),
            data: z.object({ queryId: z.string(), postId: z.string(), accepted: z.boolean() }),
          }),
        },
      },
    },
    async (request) => {
      const { queryId, postId } = request.params;
      return {
        status: 200,
        message: request.body.accepted ? 'Answer accepted' : 'Answer no longer accepted',
        data: await acceptAnswer(db, queryId, postId, request.body.accepted, currentUser(request)),
      };
    },
  );
};
