import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageOnlySchema,
  removeReplySchema,
  authorIntegrityResponseSchema,
  idSchema,
  moderatePostResponseSchema,
  moderatePostSchema,
  moderationHistoryResponseSchema,
  moderationParamsSchema,
  MODERATION_MESSAGES,
  reportedPostsResponseSchema,
  reportPostResponseSchema,
  reportPostSchema,
  undoModerationSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { SEARCH_RESULTS_CHANGED, type CacheBus } from '../../lib/cache-bus.js';
import { currentUser } from '../../plugins/auth.js';
import { authorIntegrity } from './author-integrity.js';
import { removeReply } from './review-feedback.js';
import {
  moderatePost,
  moderationHistory,
  reportedPosts,
  reportPost,
  undoModeration,
} from './post-moderation.js';

const DONE = {
  hide: MODERATION_MESSAGES.hidden,
  restore: MODERATION_MESSAGES.restored,
  remove: MODERATION_MESSAGES.removedDone,
} as const;

/** Reports from anyone, and the moderators' hide, restore and remove (decision 027). */
export const postModerationRoutes: FastifyPluginAsyncZod<{ db: Database; bus?: CacheBus }> = async (
  app,
  { db, bus },
) => {
  app.post(
    '/posts/report',
    {
      config: { rateBudget: 'posting' },
      schema: {
        tags: ['moderation'],
        summary: 'Report a post to the moderators (anyone; capped per address and account)',
        body: reportPostSchema,
        response: { 200: reportPostResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      ...(await reportPost(db, request.user, request.ip, request.body)),
    }),
  );

  app.post(
    '/moderation/posts/act',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Hide, restore or remove a post with a reason (moderators)',
        body: moderatePostSchema,
        response: { 200: moderatePostResponseSchema },
      },
    },
    async (request) => {
      const post = await moderatePost(db, currentUser(request), request.body);
      // A post taken down leaves the header search at once, not when its remembered answers expire.
      bus?.publish([SEARCH_RESULTS_CHANGED]);
      return { status: 200, message: DONE[request.body.action], Data: post };
    },
  );

  app.post(
    '/moderation/posts/undo',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Undo the last hide, restore or remove of a post within MODERATION_UNDO_MINUTES; its author is not told (moderators)',
        body: undoModerationSchema,
        response: { 200: moderatePostResponseSchema },
      },
    },
    async (request) => {
      const post = await undoModeration(db, currentUser(request), request.body);
      bus?.publish([SEARCH_RESULTS_CHANGED]);
      return { status: 200, message: MODERATION_MESSAGES.undone, Data: post };
    },
  );

  app.get(
    '/moderation/reported/:page/:limit',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reported posts, most reported first, with their reasons (moderators)',
        params: moderationParamsSchema,
        response: { 200: reportedPostsResponseSchema },
      },
    },
    async (request) => {
      const page = await reportedPosts(db, currentUser(request), request.params);
      return { status: 200, message: 'OK', Data: page.posts, hasMore: page.hasMore };
    },
  );

  app.get(
    '/moderation/posts/:postId/history',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Who hid, restored or removed a post, when and why (moderators)',
        params: z.object({ postId: idSchema }),
        response: { 200: moderationHistoryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await moderationHistory(db, currentUser(request), request.params.postId),
    }),
  );

  app.get(
    '/moderation/authors/:userId',
    {
      schema: {
        tags: ['moderation'],
        summary:
          "An author's reviews summed: verified share, stars given, busiest day, words shared with others (moderators)",
        params: z.object({ userId: idSchema }),
        response: { 200: authorIntegrityResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await authorIntegrity(db, currentUser(request), request.params.userId),
    }),
  );

  app.post(
    '/moderation/posts/:postId/removeReply',
    {
      schema: {
        tags: ['moderation'],
        summary: "Remove a business's reply under a review, with the reason (moderators); the review stays",
        params: z.object({ postId: idSchema }),
        body: removeReplySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await removeReply(db, request.params.postId, request.body, currentUser(request));
      return { status: 200, message: 'The reply is removed' };
    },
  );
};
