import type { MentionListRequest, MyItemsRequest, PublicMention } from '@app/domain';
import type { Database } from '../../db/client.js';
import { toPublicPost } from '../posts/post-view.js';
import * as repo from './mentions.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listMentions>>[number];

function toPublicMention(m: Listed): PublicMention {
  return {
    _id: m.id,
    kind: m.kind,
    taggedUserId: m.taggedUserId,
    productId: m.productId,
    sourcePost: toPublicPost(m.sourcePost),
    post: m.post ? toPublicPost(m.post) : null,
    collections: [m.kind],
    createdAt: m.createdAt.toISOString(),
  };
}

const pageOf = (r: { pagination: { page: number; limit: number } }) => ({
  limit: r.pagination.limit,
  offset: (r.pagination.page - 1) * r.pagination.limit,
});

export function createMentionsService(db: Database) {
  async function list(filter: repo.MentionFilter, request: MentionListRequest) {
    const { limit, offset } = pageOf(request);
    return (await repo.listMentions(db, filter, limit, offset)).map(toPublicMention);
  }

  return {
    /** Every tag, or those of one profile (`userId`): the "Tagged Reviews" lists. */
    allWithSourcePost: (r: MentionListRequest) => list({ taggedUserId: r.userId ?? r.storeUserId }, r),

    /** Tags to a store or brand, identified by id (see mentionListRequestSchema on `storeEmail`). */
    byTaggedStore: (r: MentionListRequest) =>
      list({ taggedUserId: r.storeUserId ?? r.userId, kinds: ['store', 'brand'] }, r),

    /** Tags to a service provider or influencer: the validated and revalidated service reviews. */
    forServiceProviders: (r: MentionListRequest) =>
      list({ taggedUserId: r.userId ?? r.storeUserId, kinds: ['service', 'influencer'] }, r),

    /** `mention/getMyItems`: the tags an influencer's posts received (of one post when given). */
    async myItems(r: MyItemsRequest) {
      const { limit, offset } = pageOf(r);
      const rows = await repo.listMentions(
        db,
        { sourceAuthorId: r.infId, sourcePostId: r.postId },
        limit,
        offset,
      );
      return {
        collections: [
          {
            name: r.collection,
            savedItems: rows.map((m) => {
              const post = toPublicPost(m.sourcePost);
              return {
                _id: m.id,
                kind: m.kind,
                taggedUserId: m.taggedUserId,
                taggedName: m.taggedName,
                pinObj: { _id: post._id, infId: post.infId, postData: post.postData },
                createdAt: m.createdAt.toISOString(),
              };
            }),
          },
        ],
      };
    },
  };
}

export type MentionsService = ReturnType<typeof createMentionsService>;
