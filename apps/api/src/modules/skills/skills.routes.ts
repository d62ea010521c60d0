import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  receivedSkillResponsesResponseSchema,
  recruiterApplicationParamsSchema,
  recruiterApplicationsQuerySchema,
  recruiterApplicationsResponseSchema,
  recruiterApplySchema,
  recruiterDecisionSchema,
  recruiterStandingResponseSchema,
  requirementMatchesParamsSchema,
  requirementMatchesQuerySchema,
  requirementMatchesResponseSchema,
  requirementsQuerySchema,
  skillPostsQuerySchema,
  skillPostsResponseSchema,
  skillResponseInputSchema,
  skillResponseParamsSchema,
  skillResponseSentSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import type { SkillsService } from './skills.service.js';

const okSchema = z.object({ status: z.number().int(), message: z.string() });

// Skill posts are made through POST /api/inflncr/addReview with their `kind`; this module reads
// them, keeps the recruiters the admin approved, and carries responses to their authors.
export const skillsRoutes: FastifyPluginAsyncZod<{ skills: SkillsService }> = async (app, { skills }) => {
  app.get(
    '/skills/posts',
    {
      schema: {
        tags: ['skills'],
        summary:
          'Skill posts (experiences, services, threads) the caller may see, newest first or best match for `search`',
        querystring: skillPostsQuerySchema,
        response: { 200: skillPostsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.listSkillPosts(request.user, request.query),
    }),
  );

  app.get(
    '/skills/requirements',
    {
      schema: {
        tags: ['skills'],
        summary: "Recruiters' requirements the caller may see, newest first or best match for `search`",
        querystring: requirementsQuerySchema,
        response: { 200: skillPostsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.listRequirements(request.user, request.query),
    }),
  );

  app.get(
    '/skills/requirements/:postId/matches',
    {
      schema: {
        tags: ['skills'],
        summary: 'A requirement and the skill posts matching its words the caller may see, best match first',
        params: requirementMatchesParamsSchema,
        querystring: requirementMatchesQuerySchema,
        response: { 200: requirementMatchesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.matchRequirement(request.user, request.params.postId, request.query),
    }),
  );

  app.get(
    '/skills/recruiter',
    {
      schema: {
        tags: ['skills'],
        summary: "The caller's recruiter standing: none, pending, approved or rejected (with the reason)",
        response: { 200: recruiterStandingResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.getRecruiterStanding(currentUser(request)),
    }),
  );

  app.post(
    '/skills/recruiter',
    {
      schema: {
        tags: ['skills'],
        summary: 'A signed-in account with a proven contact asks the admin to approve it as a recruiter',
        body: recruiterApplySchema,
        response: { 200: recruiterStandingResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Your request has been sent to the admin',
      Data: await skills.applyAsRecruiter(currentUser(request), request.body),
    }),
  );

  app.get(
    '/skills/recruiters',
    {
      schema: {
        tags: ['skills'],
        summary: 'Recruiter requests, oldest first (admin)',
        querystring: recruiterApplicationsQuerySchema,
        response: { 200: recruiterApplicationsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.listRecruiterApplications(request.query.status),
    }),
  );

  app.post(
    '/skills/recruiters/:id/decision',
    {
      schema: {
        tags: ['skills'],
        summary: 'The admin approves a recruiter request, or rejects it with a reason',
        params: recruiterApplicationParamsSchema,
        body: recruiterDecisionSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await skills.decideRecruiter(currentUser(request), request.params.id, request.body);
      return { status: 200, message: 'Decision saved' };
    },
  );

  app.post(
    '/skills/posts/:postId/responses',
    {
      schema: {
        tags: ['skills'],
        summary:
          "Sends the post's author a message with the contact the caller shares; the author's contact is never returned",
        params: skillResponseParamsSchema,
        body: skillResponseInputSchema,
        response: { 201: skillResponseSentSchema },
      },
    },
    async (request, reply) => {
      const Data = await skills.respondToPost(currentUser(request), request.params.postId, request.body);
      return reply.code(201).send({ status: 201, message: 'Your message has been sent', Data });
    },
  );

  app.get(
    '/skills/responses',
    {
      schema: {
        tags: ['skills'],
        summary: "Messages sent to the caller's skill posts and requirements, newest first",
        response: { 200: receivedSkillResponsesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await skills.listReceivedResponses(currentUser(request)),
    }),
  );
};
