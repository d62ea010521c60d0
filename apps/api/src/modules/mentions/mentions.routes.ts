import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mentionListRequestSchema,
  mentionListResponseSchema,
  myItemsRequestSchema,
  myItemsResponseSchema,
} from '@app/domain';
import type { MentionsService } from './mentions.service.js';

export const mentionsRoutes: FastifyPluginAsyncZod<{ mentions: MentionsService }> = async (
  app,
  { mentions },
) => {
  const list = (
    path: string,
    summary: string,
    run: (
      body: Parameters<MentionsService['allWithSourcePost']>[0],
    ) => ReturnType<MentionsService['allWithSourcePost']>,
  ) =>
    app.post(
      path,
      {
        schema: {
          tags: ['mentions'],
          summary,
          body: mentionListRequestSchema,
          response: { 200: mentionListResponseSchema },
        },
      },
      async (request) => ({ status: 200, message: 'OK', Data: await run(request.body) }),
    );

  list(
    '/mention/getAllMentionsWithSourcePostWithOutMobileAndEmail',
    'Tags with their source posts, of one profile when userId is given',
    mentions.allWithSourcePost,
  );
  list(
    '/mention/getAllMentionsWithSourcePostByTaggedStore',
    'Posts tagged to a store or brand (by storeUserId)',
    mentions.byTaggedStore,
  );
  list(
    '/mention/getAllMentionsWithSourcePostByTaggedStoreWithUserId',
    'Posts tagged to a store or brand (by storeUserId)',
    mentions.byTaggedStore,
  );
  list(
    '/mention/getAllValidatedMentionsWithSourcePostForServiceProviders',
    'Posts tagged to a service provider or influencer (by userId)',
    mentions.forServiceProviders,
  );

  app.post(
    '/mention/getMyItems',
    {
      schema: {
        tags: ['mentions'],
        summary: "The tags an influencer's posts received",
        body: myItemsRequestSchema,
        response: { 200: myItemsResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', data: await mentions.myItems(request.body) }),
  );
};
