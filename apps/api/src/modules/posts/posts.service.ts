import {
  CONTRIBUTION_MESSAGES,
  type Language,
  markedByInvoice,
  MODERATION_MESSAGES,
  type NewPost,
  type PublicInfluencer,
  type ReviewSort,
  type VerifyProducts,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { anyWordsMatch } from '../../lib/full-text.js';
import { decodeKeyset } from '../../lib/keyset.js';
import type { AuthUser } from '../../plugins/auth.js';
import { imageVariantsOf } from '../media/variants-lookup.js';
import { addReview, type AddReviewContext } from './add-review.js';
import { nextCursor, toPublicPost, withInvoices } from './post-view.js';
import * as repo from './posts.repository.js';
import { canModerate } from './post-moderation.js';

const NOT_FOUND = 'This post does not exist or was removed';

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'TEAM';

export interface PageRequest {
  page: number;
  limit: number;
  after?: string | undefined;
}

const windowOf = ({ page, limit, after }: PageRequest): repo.PageWindow => ({
  limit,
  offset: (page - 1) * limit,
  after: after ? decodeKeyset(after) : undefined,
});

function toPage(rows: repo.PostRow[], limit: number) {
  return { posts: rows.map(toPublicPost), next: nextCursor(rows, limit) };
}

/** What the posts service needs besides the database: see AddReviewContext. */
export type PostsDeps = Omit<AddReviewContext, 'db'>;

export function createPostsService(db: Database, deps: PostsDeps) {
  const ctx: AddReviewContext = { db, ...deps };
  return {
    addReview: (input: NewPost, requester: AuthUser | null, ip?: string, language?: Language) =>
      addReview(ctx, input, requester, ip, language),

    /**
     * A post by its author and id; a private post is reachable only by its link (unguessable id).
     * Moderators and the author also get the invoices.
     */
    async getPost(infId: string, postId: string, viewer: AuthUser | null = null) {
      const row = await repo.findPost(db, postId);
      if (!row || row.authorId !== infId) throw new AppError('NOT_FOUND', NOT_FOUND);
      // Held until the account holder confirms it: only they (to decide) and moderators may read it.
      if (row.awaitingConfirmation && !(viewer && (isStaff(viewer) || viewer.id === row.authorId))) {
        throw new AppError('AWAITING_CONFIRMATION', CONTRIBUTION_MESSAGES.waiting);
      }
      // Hidden or removed by a moderator: its author still reads it, with the reason (decision 027).
      if (row.moderationState !== 'visible' && !(canModerate(viewer) || viewer?.id === row.authorId)) {
        throw new AppError('POST_REMOVED', MODERATION_MESSAGES.removed);
      }
      const seesInvoices = !!viewer && (isStaff(viewer) || viewer.id === row.authorId);
      const question = row.queryId ? await deps.findQuestion(db, row.queryId) : undefined;
      const post = {
        ...withInvoices(row, seesInvoices && row.hasInvoice ? await repo.findPostInvoices(db, row.id) : []),
        // The post page shows the question an answer answers, and whom it was asked of (issue 39).
        ...(question ? { question } : {}),
      };
      // The post page shows its images large: it picks their smaller copies (decision 042).
      if (post.type !== 'IMAGE') return post;
      const imageVariants = await imageVariantsOf(
        db,
        post.postData.data.map((m) => m.url),
      );
      return Object.keys(imageVariants).length > 0 ? { ...post, imageVariants } : post;
    },

    /** The moderators' list: every post newest first, with invoices. */
    async moderationPage(user: AuthUser, { page, limit }: { page: number; limit: number }) {
      if (!isStaff(user)) throw new AppError('FORBIDDEN', 'Only the admin and the team moderate reviews');
      const rows = await repo.moderationPage(db, { limit: limit + 1, offset: (page - 1) * limit });
      return {
        posts: rows.slice(0, limit).map((row) => withInvoices(row, row.invoice)),
        hasMore: rows.length > limit,
      };
    },

    async feed(page: PageRequest) {
      return toPage(await repo.feedPage(db, windowOf(page)), page.limit);
    },

    async influencerPosts(influencerId: string, page: PageRequest) {
      return toPage(await repo.postsByAuthor(db, influencerId, windowOf(page)), page.limit);
    },

    async postsAboutProfile(userId: string, page: PageRequest) {
      return toPage(await repo.postsAboutProfile(db, userId, windowOf(page)), page.limit);
    },

    /** The reviews on a product's page: public posts that tag it, newest first. */
    async postsTaggingProduct(productId: string, page: PageRequest & { sort?: ReviewSort }) {
      if (page.sort === 'helpful') {
        const window = windowOf({ ...page, after: undefined });
        const rows = await repo.postsTaggingProductByHelpful(db, productId, window);
        return { posts: rows.map(toPublicPost), next: null };
      }
      return toPage(await repo.postsTaggingProduct(db, productId, windowOf(page)), page.limit);
    },

    async postsByQuery(queryId: string, page: PageRequest) {
      return (await repo.postsByQuery(db, queryId, windowOf(page))).map(toPublicPost);
    },

    /** Similar Responses: posts sharing words with the text, best match first. */
    async similarPosts(text: string, page: PageRequest) {
      const match = anyWordsMatch(text);
      if (!match) return [];
      return (await repo.searchPosts(db, match, windowOf(page))).map(toPublicPost);
    },

    /**
     * The moderator's Verify: marks products of a post as a verified purchase. Only the admin and the
     * team may, after checking the invoice: a seller vouching for their own sale proves nothing.
     * With `ordered: false` the same moderators take the mark back (Undo).
     */
    async verifyProducts(input: VerifyProducts, user: AuthUser) {
      if (!isStaff(user)) throw new AppError('FORBIDDEN', 'Only the admin and the team verify purchases');
      const ids = new Set(input.products.map((p) => p.productID));
      return db.transaction(async (tx) => {
        const post = await repo.findPostProductsForUpdate(tx, input.postId);
        if (!post || (input.inflncrId && post.authorId !== input.inflncrId))
          throw new AppError('NOT_FOUND', NOT_FOUND);
        if (!post.hasInvoice) {
          throw new AppError('BAD_REQUEST', 'Only a post with an invoice can be verified', {
            products: 'Only a post with an invoice can be verified',
          });
        }
        if (!post.products.some((p) => ids.has(p.productID))) {
          throw new AppError('BAD_REQUEST', 'This product is not tagged on the post', {
            products: 'This product is not tagged on the post',
          });
        }
        const checked = input.ordered ?? true;
        // A mark from an order stays: Undo takes back only the moderator's own check.
        const updated = post.products.map((p) => (ids.has(p.productID) ? markedByInvoice(p, checked) : p));
        await repo.setPostProducts(tx, post.id, updated);
        return updated;
      });
    },

    async getInfluencer(id: string): Promise<PublicInfluencer> {
      const found = await repo.findInfluencer(db, id);
      if (!found) throw new AppError('NOT_FOUND', 'No influencer with this id');
      return { _id: found.id, name: found.name, isService: found.isService, categories: found.categories };
    },

    async listInfluencers(): Promise<PublicInfluencer[]> {
      return (await repo.listInfluencers(db)).map((f) => ({
        _id: f.id,
        name: f.name,
        isService: f.isService,
        categories: f.categories,
      }));
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
