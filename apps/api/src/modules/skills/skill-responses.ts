import {
  RESPONDABLE_KINDS,
  SKILL_MESSAGES,
  type ReceivedSkillResponse,
  type SkillResponseForm,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import type { AuthUser } from '../../plugins/auth.js';
import { viewerOf } from './skill-recruiters.js';
import * as repo from './skills.repository.js';

const HOUR = 60 * 60 * 1000;

/**
 * Caps against spam (decision 026): per responder, and per shared address, whichever account
 * sends it. Each is a window of sent responses; the answer says when the oldest leaves it.
 */
export const RESPONSE_CAPS = [
  { key: 'responder', limit: 5, windowMs: HOUR },
  { key: 'responder', limit: 20, windowMs: 24 * HOUR },
  { key: 'replyTo', limit: 10, windowMs: 24 * HOUR },
] as const;

/** Where the poster reads their responses (the notification's link). */
export const RESPONSES_PATH = '/skilldiscovery/responses';

async function checkCaps(db: Database, responderUserId: string, replyTo: string, now: Date) {
  for (const cap of RESPONSE_CAPS) {
    const since = new Date(now.getTime() - cap.windowMs);
    const by = cap.key === 'responder' ? { responderUserId } : { replyTo };
    const { count, oldest } = await repo.countResponsesSince(db, by, since);
    if (count >= cap.limit) {
      const free = (oldest ? new Date(oldest).getTime() : now.getTime()) + cap.windowMs;
      const seconds = Math.max(1, Math.ceil((free - now.getTime()) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        cap.key === 'responder'
          ? 'You have sent many messages recently. Please try again later.'
          : 'This contact has been shared in many messages today. Please try again later.',
        undefined,
        seconds,
      );
    }
  }
}

/**
 * "Contact" on a skill, "Respond" on a requirement: a signed-in account with a proven contact
 * writes to the post's author through the platform. The author's contact is never given out; the
 * author is told by the `skill.responded` event, recorded with the response.
 */
export async function respondToPost(
  db: Database,
  user: AuthUser,
  postId: string,
  input: SkillResponseForm,
  now = new Date(),
) {
  const standing = await repo.findStanding(db, user.id);
  if (!standing?.contactProven) throw new AppError('FORBIDDEN', SKILL_MESSAGES.respondProveFirst);
  const post = await repo.findVisiblePost(db, postId, RESPONDABLE_KINDS, await viewerOf(db, user));
  if (!post?.authorId) throw new AppError('NOT_FOUND', 'This post does not exist or was removed');
  if (post.authorId === user.id) throw new AppError('BAD_REQUEST', SKILL_MESSAGES.ownPost);
  await checkCaps(db, user.id, input.replyTo, now);
  const recipientUserId = post.authorId;
  return db.transaction(async (tx) => {
    const created = await repo.insertResponse(tx, {
      postId: post.id,
      recipientUserId,
      responderUserId: user.id,
      fromName: user.ownerName,
      message: input.message,
      replyTo: input.replyTo,
    });
    await recordEvent(tx, {
      type: 'skill.responded',
      payload: {
        responseId: created.id,
        recipientUserId,
        postTitle: post.title || post.description.slice(0, 80),
        fromName: user.ownerName,
        message: input.message,
        replyTo: input.replyTo,
        link: RESPONSES_PATH,
      },
    });
    return { _id: created.id };
  });
}

/** The responses to the caller's own posts, newest first. */
export async function listReceivedResponses(db: Database, user: AuthUser): Promise<ReceivedSkillResponse[]> {
  const rows = await repo.responsesTo(db, user.id, 200);
  return rows.flatMap((r) => {
    const kind = RESPONDABLE_KINDS.find((k) => k === r.postKind);
    if (!kind || !r.infId) return [];
    return [
      {
        _id: r.id,
        postId: r.postId,
        infId: r.infId,
        postTitle: r.postTitle,
        postKind: kind,
        fromName: r.fromName,
        message: r.message,
        replyTo: r.replyTo,
        createdAt: r.createdAt.toISOString(),
      },
    ];
  });
}
