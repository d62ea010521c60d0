import {
  MODERATION_MESSAGES,
  MODERATION_UNDO_MINUTES,
  type ModerationAction,
  type ModerationActionRecord,
  type ModerationState,
  type ModeratePost,
  type ReportedPost,
  type ReportPost,
  type UndoModeration,
  hasTeamRight,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import type { moderationActions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import type { AuthUser } from '../../plugins/auth.js';
import { withInvoices } from './post-view.js';
import * as repo from './post-moderation.repository.js';

const NOT_FOUND = 'This post does not exist or was removed';

/**
 * Who may hide, restore and remove posts and read the reports: the admin and team members with the
 * "moderate" right (decision 028). The route table gates the routes too (route-access.ts, MODERATORS).
 */
export function canModerate(user: AuthUser | null): boolean {
  return !!user && hasTeamRight(user, 'moderate');
}

function requireModerator(user: AuthUser) {
  if (!canModerate(user)) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.onlyModerators);
}

/** Which state each action leads to, and from which states it may be taken. */
const TRANSITIONS: Record<
  ModerationAction,
  { to: ModerationState; from: ModerationState[]; refused: string }
> = {
  hide: { to: 'hidden', from: ['visible'], refused: 'This post is hidden or removed already' },
  restore: { to: 'visible', from: ['hidden', 'removed'], refused: 'This post is not hidden' },
  remove: { to: 'removed', from: ['visible', 'hidden'], refused: 'This post is removed already' },
};

type ActionRow = typeof moderationActions.$inferSelect;

const UNDO_MS = MODERATION_UNDO_MINUTES * 60_000;

/** The action that takes a post to `state`. */
const ACTION_TO: Record<ModerationState, ModerationAction> = {
  visible: 'restore',
  hidden: 'hide',
  removed: 'remove',
};

export function toActionRecord(row: ActionRow): ModerationActionRecord {
  return {
    _id: row.id,
    postId: row.postId,
    postTitle: row.postTitle,
    action: row.action,
    reason: row.reason,
    actorName: row.actorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Hide, restore or remove a post, with the reason and an audit record in one transaction. The post's
 * open reports are resolved: the moderator has looked at them. The author is told with the reason
 * MODERATION_UNDO_MINUTES later (post.moderated), unless the moderator undoes it by then.
 */
export async function moderatePost(db: Database, user: AuthUser, input: ModeratePost) {
  requireModerator(user);
  const step = TRANSITIONS[input.action];
  return db.transaction(async (tx) => {
    const post = await repo.findPostForUpdate(tx, input.postId);
    if (!post) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!step.from.includes(post.state)) {
      throw new AppError('CONFLICT', step.refused, { action: step.refused });
    }
    await repo.setModeration(tx, post.id, step.to, step.to === 'visible' ? null : input.reason);
    const action = await repo.insertAction(tx, {
      postId: post.id,
      postTitle: post.title,
      action: input.action,
      reason: input.reason,
      actorId: user.id,
      actorName: user.ownerName,
    });
    await repo.resolveReports(tx, post.id, action.createdAt);
    const undoUntil = new Date(action.createdAt.getTime() + UNDO_MS);
    if (post.authorId) {
      await recordEvent(
        tx,
        {
          type: 'post.moderated',
          payload: {
            actionId: action.id,
            postId: post.id,
            recipientUserId: post.authorId,
            action: input.action,
            reason: input.reason,
            postTitle: post.title,
            link: `/post/${encodeURIComponent(post.authorId)}/${encodeURIComponent(post.id)}`,
          },
        },
        { dueAt: undoUntil },
      );
    }
    return { state: step.to, action: toActionRecord(action), undoUntil: undoUntil.toISOString() };
  });
}

/**
 * Undo: the post goes back to the state (and reason) it had before the last action, within
 * MODERATION_UNDO_MINUTES of it, so its author is never told of a mistake; the reports that action
 * resolved are open again. The undo is an action of
 * the audit record too, naming the one it took back; it cannot itself be undone.
 */
export async function undoModeration(db: Database, user: AuthUser, input: UndoModeration, now = new Date()) {
  requireModerator(user);
  return db.transaction(async (tx) => {
    const undone = await repo.findAction(tx, input.actionId);
    const post = undone?.postId ? await repo.findPostForUpdate(tx, undone.postId) : undefined;
    if (!undone || !post) throw new AppError('NOT_FOUND', NOT_FOUND);
    const [last, before] = await repo.lastActions(tx, post.id);
    if (last?.id !== undone.id || undone.undoesId) {
      throw new AppError('CONFLICT', MODERATION_MESSAGES.undoNotLast, {
        actionId: MODERATION_MESSAGES.undoNotLast,
      });
    }
    if (now.getTime() >= undone.createdAt.getTime() + UNDO_MS) {
      throw new AppError('CONFLICT', MODERATION_MESSAGES.undoTooLate, {
        actionId: MODERATION_MESSAGES.undoTooLate,
      });
    }
    const state = before ? TRANSITIONS[before.action].to : 'visible';
    await repo.setModeration(tx, post.id, state, state === 'visible' ? null : before!.reason);
    const action = await repo.insertAction(tx, {
      postId: post.id,
      postTitle: post.title,
      action: ACTION_TO[state],
      reason: `Undo of "${undone.action}": ${undone.reason}`,
      actorId: user.id,
      actorName: user.ownerName,
      undoesId: undone.id,
    });
    await repo.reopenReports(tx, post.id, undone.createdAt);
    return { state, action: toActionRecord(action) };
  });
}

/**
 * Whether a post.moderated message goes to the author now that its wait is over: only for the
 * post's last action (an undone or overtaken one says nothing), and a restore only when the author
 * had been told the post was hidden or removed. An action was told when the next came after its
 * wait; undos are never told.
 */
export async function moderationMessageDue(db: Database, postId: string, actionId: string) {
  return authorToldOf(await repo.lastActions(db, postId, 50), actionId);
}

/** The rule of moderationMessageDue over the post's actions, newest first. */
export function authorToldOf(actions: ActionRow[], actionId: string): boolean {
  const [last] = actions;
  if (!last || last.id !== actionId || last.undoesId) return false;
  if (last.action !== 'restore') return true;
  for (let i = 1; i < actions.length; i += 1) {
    const earlier = actions[i]!;
    if (earlier.undoesId) continue;
    const waited = actions[i - 1]!.createdAt.getTime() - earlier.createdAt.getTime() >= UNDO_MS;
    if (waited) return earlier.action !== 'restore';
  }
  return false;
}

/** Every action taken on a post, newest first. */
export async function moderationHistory(db: Database, user: AuthUser, postId: string) {
  requireModerator(user);
  return (await repo.lastActions(db, postId, 100)).map(toActionRecord);
}

/** The "Reported" queue: posts with open reports, most reported first, with their reasons. */
export async function reportedPosts(
  db: Database,
  user: AuthUser,
  { page, limit }: { page: number; limit: number },
): Promise<{ posts: ReportedPost[]; hasMore: boolean }> {
  requireModerator(user);
  const rows = await repo.reportedPage(db, { limit: limit + 1, offset: (page - 1) * limit });
  const shown = rows.slice(0, limit);
  const reports = await repo.openReportsOf(
    db,
    shown.map((r) => r.id),
  );
  return {
    posts: shown.map((row) => ({
      post: withInvoices(row, row.invoice),
      reportCount: row.reportCount,
      reasons: reports
        .filter((r) => r.postId === row.id)
        .slice(0, 10)
        .map((r) => ({ reason: r.reason, details: r.details, createdAt: r.createdAt.toISOString() })),
      lastReportedAt: new Date(row.lastReportedAt).toISOString(),
    })),
    hasMore: rows.length > limit,
  };
}

/**
 * Caps against report floods: per client address over all its reporters, and per account. A report
 * past a cap is refused with when to try again; the post's earlier reports still stand.
 */
export const REPORT_CAPS = {
  perAddressPerHour: 10,
  perAddressPerDay: 30,
  perAccountPerHour: 10,
} as const;

const HOUR = 3_600_000;

async function checkCap(
  db: Database,
  by: Parameters<typeof repo.countReportsSince>[1],
  max: number,
  windowMs: number,
  now: Date,
) {
  const { count, oldest } = await repo.countReportsSince(db, by, new Date(now.getTime() - windowMs));
  if (count < max) return;
  const retryAfter = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000))
    : 3600;
  throw new AppError('RATE_LIMITED', MODERATION_MESSAGES.tooManyReports, undefined, retryAfter);
}

/**
 * "Report this post", by anyone. A second report of the same post by the same person (account, or
 * address for visitors) while the first is open counts once. Reports of posts nobody can read (held or
 * already moderated) are refused as missing: reporting must not reveal which ids exist.
 */
export async function reportPost(
  db: Database,
  requester: AuthUser | null,
  ip: string | undefined,
  input: ReportPost,
  now = new Date(),
) {
  const post = await repo.findReportable(db, input.postId);
  if (!post || !post.readable) throw new AppError('NOT_FOUND', NOT_FOUND);
  const mine = requester ? repo.byReporter(requester.id) : ip ? repo.byAddress(ip) : undefined;
  if (mine && (await repo.findOpenReport(db, post.id, mine))) {
    return { message: MODERATION_MESSAGES.alreadyReported };
  }
  if (ip) {
    await checkCap(db, repo.byAddressAny(ip), REPORT_CAPS.perAddressPerHour, HOUR, now);
    await checkCap(db, repo.byAddressAny(ip), REPORT_CAPS.perAddressPerDay, 24 * HOUR, now);
  }
  if (requester) {
    await checkCap(db, repo.byReporter(requester.id), REPORT_CAPS.perAccountPerHour, HOUR, now);
  }
  await repo.insertReport(db, {
    postId: post.id,
    reason: input.reason,
    details: input.details,
    reporterId: requester?.id ?? null,
    clientIp: ip ?? null,
    createdAt: now,
  });
  return { message: MODERATION_MESSAGES.reported };
}
