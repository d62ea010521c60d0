import {
  ADD_SKILL_MESSAGES,
  CONTRIBUTION_MESSAGES,
  type Language,
  type MentionKind,
  MODERATION_MESSAGES,
  type NewPost,
  type PublicInfluencer,
  type VerifyProducts,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { ClaimPayload, PostProduct } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { anyWordsMatch } from '../../lib/full-text.js';
import { decodeKeyset } from '../../lib/keyset.js';
import type { AuthUser } from '../../plugins/auth.js';
import { storeTags } from '../mentions/tag-acceptance.js';
import { recordQueryAnswered } from '../queries/query-answered.js';
import { businessAnsweringAs, findQuestion } from '../queries/question-context.js';
import { nextCursor, toPublicPost, withInvoices } from './post-view.js';
import * as repo from './posts.repository.js';
import { canModerate } from './post-moderation.js';
import { openClaim } from '../contributions/contributions.service.js';
import {
  ensureVisitorAccount,
  profileOf,
  type Contributor,
  type VisitorAccountDeps,
} from './visitor-account.js';
import { recordConsent } from '../privacy/consents.js';
import { imageVariantsOf } from '../media/variants-lookup.js';

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

export function createPostsService(db: Database, deps: VisitorAccountDeps) {
  /** Every profile the post names must exist; the tagged kind follows from the profile. */
  async function resolveTargets(input: NewPost) {
    const ids = [input.storeUserId, input.brandUserId, input.influencerId].filter((v): v is string => !!v);
    const found = new Map((await repo.findProfiles(db, ids)).map((p) => [p.id, p]));
    const missing = (id: string | undefined, field: string, message: string) => {
      if (id && !found.has(id)) throw new AppError('BAD_REQUEST', message, { [field]: message });
    };
    missing(input.storeUserId, 'storeUserId', 'Choose a store from the list');
    missing(input.brandUserId, 'brandUserId', 'Choose a brand from the list');
    missing(input.influencerId, 'influencerId', 'This influencer or service provider does not exist');
    const targets: Array<{ userId: string; kind: MentionKind }> = [];
    if (input.storeUserId) targets.push({ userId: input.storeUserId, kind: 'store' });
    if (input.brandUserId) targets.push({ userId: input.brandUserId, kind: 'brand' });
    if (input.influencerId) {
      targets.push({
        userId: input.influencerId,
        kind: found.get(input.influencerId)?.isService ? 'service' : 'influencer',
      });
    }
    return targets;
  }

  /** Tagged products come from the catalogue: names are ours, not what the client sent. */
  async function resolveProducts(input: NewPost): Promise<PostProduct[]> {
    const ids = [
      ...new Set([...input.products.map((p) => p.id), ...(input.productId ? [input.productId] : [])]),
    ];
    const rows = await repo.findProductsByIds(db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) {
      throw new AppError('BAD_REQUEST', 'A tagged product is no longer available', {
        products: 'A tagged product is no longer available',
      });
    }
    // The seller rides along, so a reader's Buy link names the store without another look-up.
    return ids.map((id) => ({
      name: byId.get(id)!.name,
      productID: id,
      ordered: false,
      userId: byId.get(id)!.userId,
    }));
  }

  return {
    async addReview(input: NewPost, requester: AuthUser | null, ip?: string, language?: Language) {
      const title = input.caption.find((c) => c.index === 0)?.value.trim() ?? '';
      const description = input.description.find((d) => d.index === 0)?.value.trim() ?? '';
      const isMention = !!input.mentionPostId;
      const isReview = input.kind === 'review';
      if (isReview && !isMention && !title && !description && input.data.length === 0) {
        throw new AppError('BAD_REQUEST', 'Write your review', { description: 'Write your review' });
      }
      // Add-screen posts are found by their words (skill discovery, requirement matching).
      if (!isReview && !title && !description) {
        throw new AppError('BAD_REQUEST', ADD_SKILL_MESSAGES.writeSomething, {
          description: ADD_SKILL_MESSAGES.writeSomething,
        });
      }
      if (input.mentionPostId && !input.mentionInfId) {
        throw new AppError('BAD_REQUEST', 'Say whose post you are tagging', { mentionInfId: 'Required' });
      }
      const targets = await resolveTargets(input);
      // A tag must name who it tags; an add-screen post may simply answer the post it mentions.
      if (isMention && isReview && targets.length === 0) {
        throw new AppError('BAD_REQUEST', 'Choose who to tag the post to', {
          storeUserId: 'Choose who to tag the post to',
        });
      }
      const source = input.mentionPostId ? await repo.findPost(db, input.mentionPostId) : undefined;
      if (input.mentionPostId && (!source || source.authorId !== input.mentionInfId)) {
        throw new AppError('NOT_FOUND', 'The post you are tagging does not exist');
      }
      const question = input.queryId ? await findQuestion(db, input.queryId) : undefined;
      if (input.queryId && !question) {
        throw new AppError('BAD_REQUEST', 'This query does not exist', {
          queryId: 'This query does not exist',
        });
      }
      const productList = await resolveProducts(input);

      // A signed-in poster posts as themself; a visitor gets an account from the form, or, with an
      // existing account's contact, a post held until that account's holder confirms it.
      const visitor = {
        name: input.userData.name,
        email: input.userData.email,
        mobile: input.userData.mobile,
        isService: input.influencerData.isService,
        latitude: input.influencerData.latitude,
        longitude: input.influencerData.longitude,
        categories: input.hashCategory,
        language,
      };
      const author: Contributor | { userId: string; name: string; created: false; holder?: undefined } =
        requester
          ? { userId: requester.id, name: requester.ownerName, created: false }
          : await ensureVisitorAccount(db, deps, visitor);
      // Tagging someone else's post to a profile needs a proven contact too: a new visitor's tag waits
      // for the code sent to the contact they gave (issue 20, finding 9).
      const newTagger = !requester && author.created && isMention && targets.length > 0;
      const holder =
        'holder' in author
          ? author.holder
          : newTagger
            ? { id: author.userId, email: visitor.email, mobile: visitor.mobile }
            : undefined;
      const passwordSentTo = author.created ? author.passwordSentTo : undefined;
      const claim = (kind: 'post' | 'tag', subjectId: string, payload: ClaimPayload) =>
        openClaim(
          { db, codes: deps.codes, onDeliveryError: deps.onDeliveryError },
          { holder: holder!, kind, subjectId, payload, ip },
        );

      /** One mention per tagged profile, of the source post and of the tagger's own post if any. */
      const mentionsOf = (sourcePostId: string, postId: string | null) =>
        targets.map((t) => ({
          sourcePostId,
          postId,
          taggedUserId: t.userId,
          kind: t.kind,
          productId: input.productId ?? null,
        }));

      // A bare tag (the tag pages send no words or images) is only a mention of the source post:
      // saving it as a post would fill the feed and the profile lists with empty posts.
      const bare =
        !title && !description && [input.data, input.invoice, input.products].every((l) => !l.length);
      if (source && isReview && bare) {
        if (!requester) await recordConsent(db, author.userId, 'post', source.id, input.consent);
        if (holder) {
          const confirmation = await claim('tag', source.id, {
            mentions: mentionsOf(source.id, null),
            profile: profileOf(visitor),
          });
          return { post: toPublicPost(source), email: input.userData.email, passwordSentTo, confirmation };
        }
        await db.transaction((tx) => storeTags(tx, author.userId, mentionsOf(source.id, null)));
        return { post: toPublicPost(source), email: input.userData.email, passwordSentTo };
      }

      // Only a signed-in owner speaks for their business: a visitor's answer is their own.
      const answeredAs = requester && question ? businessAnsweringAs(question, requester.id) : null;
      const post = await db.transaction(async (tx) => {
        const created = await repo.insertPost(tx, {
          authorId: author.userId,
          authorName: author.name,
          answeredAs,
          type: input.type,
          kind: input.kind,
          title,
          description,
          media: input.data.map((d) => ({ url: d.url, thumbnail: '' })),
          invoice: input.invoice.map((f) => ({ name: f.name, url: f.url })),
          links: input.links.data,
          products: productList,
          hashtags: [...new Set(input.hashtags.map((h) => h.replace(/^#/, '')).filter(Boolean))],
          categories: input.hashCategory,
          locations: input.location.map((l) => ({
            latitude: l.latitude ?? null,
            longitude: l.longitude ?? null,
          })),
          influencerUserId: input.influencerId ?? null,
          storeUserId: input.storeUserId ?? null,
          brandUserId: input.brandUserId ?? null,
          queryId: input.queryId ?? null,
          mentionInfId: input.mentionInfId ?? null,
          mentionPostId: input.mentionPostId ?? null,
          // Held private, in no list, feed or profile, until the account's holder confirms it.
          isPrivate: holder ? true : input.isPrivate,
          awaitingConfirmation: !!holder,
        });
        if (source && !holder) await storeTags(tx, author.userId, mentionsOf(source.id, created.id));
        // A held post tells the asker once its author confirms it (modules/contributions).
        if (created.queryId && !holder) await recordQueryAnswered(tx, created.id);
        // A visitor's consent goes with each contribution (decision 040); an account's, with its sign-up.
        if (!requester) await recordConsent(tx, author.userId, 'post', created.id, input.consent);
        return created;
      });
      if (holder) {
        const confirmation = await claim('post', post.id, {
          isPrivate: input.isPrivate,
          mentions: source ? mentionsOf(source.id, post.id) : [],
          profile: profileOf(visitor),
        });
        return { post: toPublicPost(post), email: input.userData.email, passwordSentTo, confirmation };
      }
      return { post: toPublicPost(post), email: input.userData.email, passwordSentTo };
    },

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
      const question = row.queryId ? await findQuestion(db, row.queryId) : undefined;
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
    async postsTaggingProduct(productId: string, page: PageRequest) {
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
        const ordered = input.ordered ?? true;
        const updated = post.products.map((p) => (ids.has(p.productID) ? { ...p, ordered } : p));
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
