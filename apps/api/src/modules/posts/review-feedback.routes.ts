import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  helpfulVoteResponseSchema,
  myVotesQuerySchema,
  myVotesResponseSchema,
  postIdParamsSchema,
  replyRequestSchema,
  replyResponseSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { myVotes, replyHistoryOf, replyToReview, unvoteHelpful, voteHelpful } from './review-feedback.js';

/** Helpful votes and the business's reply under a review (issue 41). */
export const reviewFeedbackRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['posts'];
  app.post(
    '/inflncr/helpful/:postId',
    {
      schema: {
        tags,
        summary: 'Find a post helpful: one vote per account, counted once however often sent',
        params: postIdParamsSchema,
        response: { 200: helpfulVoteResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await voteHelpful(db, request.params.postId, currentUser(request)),
    }),
  );
  app.delete(
    '/inflncr/helpful/:postId',
    {
      schema: {
        tags,
        summary: 'Take back your helpful vote on a post',
        params: postIdParamsSchema,
        response: { 200: helpfulVoteResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await unvoteHelpful(db, request.params.postId, currentUser(request)),
    }),
  );
  app.get(
    '/inflncr/helpful/mine',
    {
      schema: {
        tags,
        summary: 'Which of these posts (`ids`, comma-separated) you found helpful',
        querystring: myVotesQuerySchema,
        response: { 200: myVotesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await myVotes(db, request.query.ids, currentUser(request)),
    }),
  );
  app.put(
    '/inflncr/reply/:postId',
    {
      schema: {
        tags,
        summary: "The reviewed store's, brand's or creator's public reply under a review (again to edit it)",
        params: postIdParamsSchema,
        body: replyRequestSchema,
        response: { 200: replyResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Your reply is posted',
      data: await replyToReview(db, request.params.postId, request.body, currentUser(request)),
    }),
  );
  app.get(
    '/inflncr/reply/:postId/history',
    {
      schema: {
        tags,
        summary: "Every text a review's reply had, newest first (its author and the business only)",
        params: postIdParamsSchema,
        response: {
          200: z.object({
            status: z.number().int(),
            message: z.string(),
            data: z.array(z.object({ text: z.string(), createdAt: z.string() })),
          }),
        },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await replyHistoryOf(db, request.params.postId, currentUser(request)),
    }),
  );
};
