import {
  ADD_SKILL_MESSAGES,
  businessAnsweringAs,
  type Language,
  type MentionKind,
  type NewPost,
  type PostQuestion,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { ClaimPayload, NewTag, PostProduct } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { openClaim } from '../contributions/contributions.service.js';
import { recordConsent } from '../privacy/consents.js';
import { toPublicPost } from './post-view.js';
import * as repo from './posts.repository.js';
import { verifyPostByOrders } from './purchase-verification.js';
import { reportSameText } from './post-moderation.repository.js';
import { textKeyOf } from './same-text.js';
import {
  ensureVisitorAccount,
  profileOf,
  type Contributor,
  type VisitorAccountDeps,
} from './visitor-account.js';

/**
 * What adding a post needs besides the database and the visitor accounts: the parts of the queries
 * and mentions modules it takes part in. app.ts passes them in, because those modules read posts
 * (post-reads.ts, post-view.ts) and posts imports neither (issue 42, decision 073).
 */
export interface AddReviewContext extends VisitorAccountDeps {
  db: Database;
  /** The question a post answers, as the post carries it (modules/queries). */
  findQuestion: (db: Database, queryId: string) => Promise<PostQuestion | undefined>;
  /** Records query.answered for a post answering a question, in the post's transaction (modules/queries). */
  recordQueryAnswered: (tx: Database, postId: string) => Promise<void>;
  /** Stores a post's tags and tells the tagged, in the caller's transaction (modules/mentions). */
  storeTags: (tx: Database, taggerId: string, tags: NewTag[]) => Promise<unknown>;
}

/** Every profile the post names must exist; the tagged kind follows from the profile. */
async function resolveTargets(db: Database, input: NewPost) {
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
async function resolveProducts(db: Database, input: NewPost): Promise<PostProduct[]> {
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
  // Stars belong to reviews (issue 41); an add-screen post about a product rates nothing.
  const ratings = new Map(
    input.kind === 'review'
      ? input.products.flatMap((p) => (p.rating ? [[p.id, p.rating] as const] : []))
      : [],
  );
  // The seller rides along, so a reader's Buy link names the store without another look-up.
  return ids.map((id) => {
    const rating = ratings.get(id);
    return {
      name: byId.get(id)!.name,
      productID: id,
      ordered: false,
      userId: byId.get(id)!.userId,
      ...(rating ? { rating } : {}),
    };
  });
}

/**
 * A review, tag or add-screen post, by a signed-in poster or a visitor who gives a name and contact.
 * A visitor using an existing account's contact, or a new visitor tagging someone's post, has it
 * held until the code sent to that contact confirms it (modules/contributions).
 */
export async function addReview(
  ctx: AddReviewContext,
  input: NewPost,
  requester: AuthUser | null,
  ip?: string,
  language?: Language,
) {
  const { db } = ctx;
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
  const targets = await resolveTargets(db, input);
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
  const question = input.queryId ? await ctx.findQuestion(db, input.queryId) : undefined;
  if (input.queryId && !question) {
    throw new AppError('BAD_REQUEST', 'This query does not exist', {
      queryId: 'This query does not exist',
    });
  }
  const productList = await resolveProducts(db, input);

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
  const author: Contributor | { userId: string; name: string; created: false; holder?: undefined } = requester
    ? { userId: requester.id, name: requester.ownerName, created: false }
    : await ensureVisitorAccount(db, ctx, visitor);
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
      { db, codes: ctx.codes, onDeliveryError: ctx.onDeliveryError },
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
  const bare = !title && !description && [input.data, input.invoice, input.products].every((l) => !l.length);
  if (source && isReview && bare) {
    if (!requester) await recordConsent(db, author.userId, 'post', source.id, input.consent);
    if (holder) {
      const confirmation = await claim('tag', source.id, {
        mentions: mentionsOf(source.id, null),
        profile: profileOf(visitor),
      });
      return { post: toPublicPost(source), email: input.userData.email, passwordSentTo, confirmation };
    }
    await db.transaction((tx) => ctx.storeTags(tx, author.userId, mentionsOf(source.id, null)));
    return { post: toPublicPost(source), email: input.userData.email, passwordSentTo };
  }

  // Only a signed-in owner speaks for their business: a visitor's answer is their own.
  const answeredAs = requester && question ? businessAnsweringAs(question, requester.id) : null;
  const textKey = isReview ? textKeyOf(title, description) : null;
  const post = await db.transaction(async (tx) => {
    const created = await repo.insertPost(tx, {
      textKey,
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
    if (source && !holder) await ctx.storeTags(tx, author.userId, mentionsOf(source.id, created.id));
    // Bought here by its author: marked from the order, before anyone reads it (issue 41). A held
    // post is marked when its author confirms it.
    if (!holder) await verifyPostByOrders(tx, created.id);
    // The same words from another author go to the moderators, with the other post to compare.
    if (textKey) await reportSameText(tx, created.id, textKey, author.userId);
    // A held post tells the asker once its author confirms it (modules/contributions).
    if (created.queryId && !holder) await ctx.recordQueryAnswered(tx, created.id);
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
}
