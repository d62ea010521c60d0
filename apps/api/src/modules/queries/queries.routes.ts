import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answeredQuestionsRequestSchema,
  answeredQuestionsResponseSchema,
  appSearchRequestSchema,
  appSearchResponseSchema,
  idSchema,
  MESSAGES,
  messageOnlySchema,
  queryListingHelperSchema,
  queryListRequestSchema,
  queryListResponseSchema,
  queryResponseSchema,
  questionCountsResponseSchema,
  questionsAskedRequestSchema,
  questionsAskedResponseSchema,
  reachoutSchema,
  REACHOUT_SENT,
  TOAST_MESSAGES,
  webSearchResponseSchema,
  webSearchRequestSchema,
} from '@app/domain';
import { requestLanguage } from '../../lib/request-language.js';
import { currentUser } from '../../plugins/auth.js';
import type { QueriesService } from './queries.service.js';

const askingLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const ASKS_PER_MINUTE = 20;

/** A webSearch with userData asks (and stores) a query; without, it only searches. */
const isAsking = (request: FastifyRequest) =>
  typeof request.body === 'object' && request.body !== null && 'userData' in request.body;

export const queriesRoutes: FastifyPluginAsyncZod<{
  queries: QueriesService;
  /** The global per-IP budget, which plain searches share with browsing. */
  searchesPerMinute: number;
}> = async (app, { queries, searchesPerMinute }) => {
  app.post(
    '/app/webSearch',
    {
      // Asking creates accounts and rows, so it gets a tight budget; the Similar Responses panel
      // searches through the same route while people browse, so searching keeps the global one.
      // The body decides, hence the check after parsing (preHandler) and separate counters.
      config: {
        rateLimit: {
          hook: 'preHandler',
          timeWindow: '1 minute',
          max: (request: FastifyRequest) => (isAsking(request) ? ASKS_PER_MINUTE : searchesPerMinute),
          keyGenerator: (request: FastifyRequest) => `${request.ip}:${isAsking(request) ? 'ask' : 'search'}`,
        },
      },
      schema: {
        tags: ['queries'],
        summary: 'Ask a query (with userData) and get the posts that answer it; 404 when none do',
        body: webSearchRequestSchema,
        response: { 200: webSearchResponseSchema, 404: webSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { posts, queryId, passwordSentTo, confirmation } = await queries.webSearch(
        request.body,
        request.user,
        request.ip,
        requestLanguage(request),
      );
      // The spec's client counts 200 and 404 alike: the query is stored either way.
      const status = posts.length > 0 ? 200 : 404;
      const message = posts.length > 0 ? (queryId ? TOAST_MESSAGES.querySaved : 'OK') : MESSAGES.noResults;
      return reply
        .status(status)
        .send({ status, message, Data: posts, queryId, passwordSentTo, confirmation });
    },
  );

  app.post(
    '/app/search',
    {
      schema: {
        tags: ['queries'],
        summary: 'Search posts or queries by words, or brands, stores, influencers and services by name',
        body: appSearchRequestSchema,
        response: { 200: appSearchResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', Data: await queries.search(request.body) }),
  );

  const listing = async (body: z.infer<typeof queryListRequestSchema>) => {
    const { queries: list, next } = await queries.listQueries(body);
    return { status: 200, message: 'OK', Data: list, next };
  };
  for (const path of [
    '/userData/getAllUniqueSearcheswithUserInfo',
    '/userData/getAllUniqueWithFilterKeySearcheswithUserInfo',
  ]) {
    app.post(
      path,
      {
        schema: {
          tags: ['queries'],
          summary: "Queries asked, newest first, with the asker's name; filterKey searches their words",
          body: queryListRequestSchema,
          response: { 200: queryListResponseSchema },
        },
      },
      async (request) => listing(request.body),
    );
  }

  app.post(
    '/queries/getAllQueries',
    {
      schema: {
        tags: ['queries'],
        summary: 'The query-listing helper: page, limit, search',
        body: queryListingHelperSchema,
        response: { 200: queryListResponseSchema },
      },
    },
    async (request) =>
      listing(
        queryListRequestSchema.parse({
          pagination: { page: request.body.page, limit: request.body.limit },
          filterKey: request.body.search,
        }),
      ),
  );

  app.get(
    '/queries/getQuery/:id',
    {
      schema: {
        tags: ['queries'],
        summary: "One query with its asker's name and number of responses",
        params: z.object({ id: idSchema }),
        response: { 200: queryResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', Data: await queries.getQuery(request.params.id) }),
  );

  app.get(
    '/queries/askedOfMe',
    {
      schema: {
        tags: ['queries'],
        summary:
          'The questions asked of your store, brand or creator profile: unanswered first, then newest first, with the counts',
        querystring: questionsAskedRequestSchema,
        response: { 200: questionsAskedResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await queries.questionsAskedOf(currentUser(request).id, request.query.page);
      return { status: 200, message: 'OK', Data: found.questions, counts: found.counts, more: found.more };
    },
  );

  app.get(
    '/queries/answeredOf/:userId',
    {
      schema: {
        tags: ['queries'],
        summary:
          'The questions asked of a store, brand or creator that have a public answer, newest first, each with the answer its page shows (the business’s own when it gave one)',
        params: z.object({ userId: idSchema }),
        querystring: answeredQuestionsRequestSchema,
        response: { 200: answeredQuestionsResponseSchema },
      },
    },
    async (request) => {
      const found = await queries.answeredQuestionsOf(request.params.userId, request.query.page);
      return { status: 200, message: 'OK', Data: found.questions, total: found.total, more: found.more };
    },
  );

  app.get(
    '/queries/askedOfMe/counts',
    {
      schema: {
        tags: ['queries'],
        summary: 'How many questions were asked of your profiles, and how many you have not answered',
        response: { 200: questionCountsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, message: 'OK', Data: await queries.questionCounts(currentUser(request).id) };
    },
  );

  app.post(
    '/adminDataColl/reachoutCreator',
    {
      config: askingLimit,
      schema: {
        tags: ['queries'],
        summary: 'Send a note to a creator',
        body: reachoutSchema,
        response: { 201: messageOnlySchema },
      },
    },
    async (request, reply) => {
      await queries.reachout(request.body);
      return reply.status(201).send({ status: 201, message: REACHOUT_SENT });
    },
  );
};
