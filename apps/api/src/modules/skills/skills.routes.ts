import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  requirementMatchesParamsSchema,
  requirementMatchesQuerySchema,
  requirementMatchesResponseSchema,
  requirementsQuerySchema,
  skillPostsQuerySchema,
  skillPostsResponseSchema,
} from '@app/domain';
import type { SkillsService } from './skills.service.js';

// Skill posts are made through POST /api/inflncr/addReview with their `kind`; this module reads them.
export const skillsRoutes: FastifyPluginAsyncZod<{ skills: SkillsService }> = async (app, { skills }) => {
  app.get(
    '/skills/posts',
    {
      schema: {
        tags: ['skills'],
        summary:
          'Public skill posts (experiences, services, threads), newest first or best match for `search`',
        querystring: skillPostsQuerySchema,
        response: { 200: skillPostsResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', Data: await skills.listSkillPosts(request.query) }),
  );

  app.get(
    '/skills/requirements',
    {
      schema: {
        tags: ['skills'],
        summary: "Recruiters' public requirements, newest first or best match for `search`",
        querystring: requirementsQuerySchema,
        response: { 200: skillPostsResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', Data: await skills.listRequirements(request.query) }),
  );

  app.get(
    '/skills/requirements/:postId/matches',
    {
      schema: {
        tags: ['skills'],
        summary: 'A requirement and the public skill posts matching its words, best match first',
        params: requirementMatchesParamsSchema,
        querystring: requirementMatchesQuerySchema,
        response: { 200: requirementMatchesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.matchRequirement(request.params.postId, request.query),
    }),
  );
};
