import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decideMentionResponseSchema,
  decideMentionSchema,
  pendingMentionsResponseSchema,
  tagSettingsResponseSchema,
  tagSettingsSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { decidePendingTag, getTagSettings, listPendingTags, setTagSettings } from './tag-acceptance.js';

/** A profile owner's tags: the ones waiting for them, Accept / Decline, and auto-accept. */
export const tagAcceptanceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/mention/pending',
    {
      schema: {
        tags: ['mentions'],
        summary: "Tags of the caller's store, brand or influencer profile waiting for their decision",
        response: { 200: pendingMentionsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await listPendingTags(db, currentUser(request)),
    }),
  );

  app.post(
    '/mention/decide',
    {
      schema: {
        tags: ['mentions'],
        summary: 'Accept or decline a tag of your profile',
        body: decideMentionSchema,
        response: { 200: decideMentionResponseSchema },
      },
    },
    async (request) => {
      const result = await decidePendingTag(db, currentUser(request), request.body);
      return {
        status: 200,
        message: result.state === 'accepted' ? 'Tag accepted' : 'Tag declined',
        Data: result,
      };
    },
  );

  app.get(
    '/mention/settings',
    {
      schema: {
        tags: ['mentions'],
        summary: 'Whether tags of your profile are listed at once (auto-accept)',
        response: { 200: tagSettingsResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', Data: await getTagSettings(db, currentUser(request)) }),
  );

  app.post(
    '/mention/settings',
    {
      schema: {
        tags: ['mentions'],
        summary: 'Turn auto-accept of tags on or off',
        body: tagSettingsSchema,
        response: { 200: tagSettingsResponseSchema },
      },
    },
    async (request) => {
      const saved = await setTagSettings(db, currentUser(request), request.body.autoAccept);
      return {
        status: 200,
        message: saved.autoAccept ? 'Tags are now listed at once' : 'Tags now wait for you',
        Data: saved,
      };
    },
  );
};
