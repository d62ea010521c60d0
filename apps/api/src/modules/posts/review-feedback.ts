import { MODERATION_MESSAGES, type RemoveReply, type ReplyRequest, type ReviewReply } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import type { AuthUser } from '../../plugins/auth.js';
import { canModerate } from './post-moderation.js';
import * as repo from './review-feedback.repository.js';

// What readers and the reviewed business add to a review (issue 41): helpful votes, one per proven
// account, and the business's one public reply, editable with its history kept.

const NOT_FOUND = 'This post does not exist or was removed';

/** A public post; a private, held or moderated one is not there for anyone voting or replying. */
async function publicPost(db: Database, postId: string) {
  const post = await repo.findPostForFeedback(db, postId);
  if (!post || post.isPrivate) throw new AppError('NOT_FOUND', NOT_FOUND);
  return post;
}

/** The account's "helpful" on a post: once, however often it is sent; never on its own post. */
export async function voteHelpful(db: Database, postId: string, user: AuthUser) {
  const post = await publicPost(db, postId);
  if (post.authorId === user.id) {
    throw new AppError('BAD_REQUEST', 'You cannot vote on your own post');
  }
  const count = await repo.addVote(db, postId, user.id);
  return { postId, helpfulVotes: count ?? (await publicPost(db, postId)).helpfulVotes, voted: true };
}

export async function unvoteHelpful(db: Database, postId: string, user: AuthUser) {
  const post = await publicPost(db, postId);
  const count = await repo.removeVote(db, postId, user.id);
  return { postId, helpfulVotes: count ?? post.helpfulVotes, voted: false };
}

export async function myVotes(db: Database, postIds: string[], user: AuthUser) {
  return { voted: (await repo.votedPosts(db, user.id, postIds)).map((r) => r.postId) };
}

/** The profile of a review the account owns: the business that may reply under it. */
function ownedProfile(
  post: NonNullable<Awaited<ReturnType<typeof repo.findPostForFeedback>>>,
  userId: string,
) {
  return [post.storeUserId, post.brandUserId, post.influencerUserId].includes(userId);
}

/**
 * The tagged store's, brand's or creator's reply under a review of it: one per review, written
 * again to edit it (every text is kept). The author is told of the first reply.
 */
export async function replyToReview(
  db: Database,
  postId: string,
  input: ReplyRequest,
  user: AuthUser,
): Promise<ReviewReply> {
  const post = await publicPost(db, postId);
  if (post.answeredAs || !ownedProfile(post, user.id)) {
    throw new AppError('FORBIDDEN', 'Only the store, brand or creator the review is about can reply to it');
  }
  const now = new Date().toISOString();
  const reply: ReviewReply = post.reply
    ? { ...post.reply, text: input.text, editedAt: now }
    : {
        text: input.text,
        repliedAs: (await repo.businessName(db, user.id)) ?? user.ownerName,
        createdAt: now,
        editedAt: null,
      };
  await db.transaction(async (tx) => {
    await repo.saveReply(tx, postId, user.id, reply);
    if (!post.reply && post.authorId && post.authorId !== user.id) {
      await recordEvent(tx, {
        type: 'review.replied',
        payload: {
          postId,
          recipientUserId: post.authorId,
          repliedAs: reply.repliedAs,
          postTitle: post.title,
          link: `/post/${post.authorId}/${postId}`,
        },
      });
    }
  });
  return reply;
}

export async function replyHistoryOf(db: Database, postId: string, user: AuthUser) {
  const post = await publicPost(db, postId);
  if (!ownedProfile(post, user.id) && post.authorId !== user.id) {
    throw new AppError(
      'FORBIDDEN',
      'Only the review’s author and the business it is about see the reply’s history',
    );
  }
  return (await repo.replyHistory(db, postId)).map((r) => ({
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A moderator removes the business's reply under a review (issue 41). Its history keeps what it
 * said and a line saying who removed it and why; the business may write a new one.
 */
export async function removeReply(db: Database, postId: string, input: RemoveReply, user: AuthUser) {
  if (!canModerate(user)) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.onlyModerators);
  const post = await repo.findPostForFeedback(db, postId);
  if (!post?.reply) throw new AppError('NOT_FOUND', 'This review has no reply');
  await db.transaction((tx) =>
    repo.clearReply(tx, postId, user.id, `Removed by a moderator: ${input.reason}`),
  );
}
