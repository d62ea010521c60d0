import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addReviewResponseSchema,
  feedParamsSchema,
  feedQuerySchema,
  idSchema,
  influencerPostsParamsSchema,
  influencerResponseSchema,
  influencersResponseSchema,
  moderationPageResponseSchema,
  moderationParamsSchema,
  newPostSchema,
  postPageResponseSchema,
  postResponseSchema,
  postsByQueryRequestSchema,
  postsByQueryResponseSchema,
  taggedPostsQuerySchema,
  TOAST_MESSAGES,
  verifyProductsSchema,
} from '@app/domain';
import { requestLanguage } from '../../lib/request-language.js';
import { currentUser } from '../../plugins/auth.js';
import type { PostsService } from './posts.service.js';

/** Posting is anonymous, so it is rate-limited per IP like the applicant forms. */
const postingLimit = { rateBudget: 'posting' as const };

export const postsRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  app.post(
    '/inflncr/addReview',
    {
      config: postingLimit,
      schema: {
        tags: ['posts'],
        summary: 'Create a review, service or tag post (the New post payload)',
        body: newPostSchema,
        response: { 201: addReviewResponseSchema },
      },
    },
    async (request, reply) => {
      const { post, email, passwordSentTo, confirmation } = await posts.addReview(
        request.body,
        request.user,
        request.ip,
        requestLanguage(request),
      );
      return reply.status(201).send({
        status: 201,
        message: TOAST_MESSAGES.reviewSaved,
        postId: post._id,
        infId: post.infId!,
        postDetails: { Data: { email, postData: post.postData } },
        passwordSentTo,
        confirmation,
      });
    },
  );

  app.get(
    '/inflncr/getSpecificPost/:infId/:postId',
    {
      schema: {
        tags: ['posts'],
        summary: 'One post by its author (infId) and id',
        params: z.object({ infId: idSchema, postId: idSchema }),
        response: { 200: postResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await posts.getPost(request.params.infId, request.params.postId, request.user),
    }),
  );

  app.get(
    '/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/:page/:limit',
    {
      schema: {
        tags: ['posts'],
        summary: "The review feed, newest first; pass `after` (the previous page's `next`) for deep pages",
        params: feedParamsSchema,
        querystring: feedQuerySchema,
        response: { 200: postPageResponseSchema },
      },
    },
    async (request) => {
      const page = await posts.feed({ ...request.params, after: request.query.after });
      return { status: 200, message: 'OK', Data: page.posts, next: page.next };
    },
  );

  app.get(
    '/inflncr/getInfluencerPosts/:id/all/:page/:limit',
    {
      schema: {
        tags: ['posts'],
        summary: "An influencer's public posts, newest first",
        params: influencerPostsParamsSchema,
        querystring: feedQuerySchema,
        response: { 200: postPageResponseSchema },
      },
    },
    async (request) => {
      const { id, ...window } = request.params;
      const page = await posts.influencerPosts(id, { ...window, after: request.query.after });
      return { status: 200, message: 'OK', Data: page.posts, next: page.next };
    },
  );

  app.get(
    '/inflncr/getPostsByTaggedStoreUserId/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Recent reviews about a store, brand, influencer or service provider',
        params: z.object({ id: idSchema }),
        querystring: taggedPostsQuerySchema,
        response: { 200: postPageResponseSchema },
      },
    },
    async (request) => {
      const page = await posts.postsAboutProfile(request.params.id, request.query);
      return { status: 200, message: 'OK', Data: page.posts, next: page.next };
    },
  );

  app.get(
    '/inflncr/getPostsByTaggedProductId/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Public reviews that tag a product (its product page), newest first',
        params: z.object({ id: idSchema }),
        querystring: taggedPostsQuerySchema,
        response: { 200: postPageResponseSchema },
      },
    },
    async (request) => {
      const page = await posts.postsTaggingProduct(request.params.id, request.query);
      return { status: 200, message: 'OK', Data: page.posts, next: page.next };
    },
  );

  app.post(
    '/inflncr/getPostsByQueryId',
    {
      schema: {
        tags: ['posts'],
        summary: 'Direct responses: the posts made for a query',
        body: postsByQueryRequestSchema,
        response: { 200: postsByQueryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await posts.postsByQuery(request.body.queryId, request.body.pagination),
    }),
  );

  app.post(
    '/inflncr/updatePostDetWeb',
    {
      schema: {
        tags: ['posts'],
        summary: "Verify products of a post with an invoice (admin, team or the product's seller)",
        body: verifyProductsSchema,
        response: {
          200: z.object({
            status: z.number(),
            message: z.string(),
            data: postResponseSchema.shape.Data.shape.postData.shape.products,
          }),
        },
      },
    },
    async (request) => ({
      status: 200,
      message: 'product updated!',
      data: await posts.verifyProducts(request.body, currentUser(request)),
    }),
  );

  app.get(
    '/inflncr/getPostsForModeration/:page/:limit',
    {
      schema: {
        tags: ['posts'],
        summary: 'Every post newest first with its invoices, for moderators (admin and team)',
        params: moderationParamsSchema,
        response: { 200: moderationPageResponseSchema },
      },
    },
    async (request) => {
      const page = await posts.moderationPage(currentUser(request), request.params);
      return { status: 200, message: 'OK', Data: page.posts, hasMore: page.hasMore };
    },
  );

  app.get(
    '/inflncr/getSinlgeInfluencerDetailsWithOutMobileAndEmail/:id',
    {
      schema: {
        tags: ['posts'],
        summary: "An influencer's public profile",
        params: z.object({ id: idSchema }),
        response: { 200: influencerResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', Data: await posts.getInfluencer(request.params.id) }),
  );

  app.get(
    '/inflncr/getAllInfluencers',
    {
      schema: {
        tags: ['posts'],
        summary: 'Influencers and service providers, by name',
        response: { 200: influencersResponseSchema },
      },
    },
    async () => ({ status: 200, message: 'OK', Data: await posts.listInfluencers() }),
  );
};
