import type { DecideMention, MentionKind, PendingMention } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { NewTag } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordEvent } from '../../lib/domain-events.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toPublicPost } from '../posts/post-view.js';
import * as repo from './tag-acceptance.repository.js';

/** The owner's list where pending tags wait: the profile's Tagged Reviews page. */
const ownerTagsLink = (kind: MentionKind, ownerId: string) => `/validated${kind}reviews/${ownerId}/reviews`;

/**
 * Stores tags and records `post.tagged` for each, in the caller's transaction. A tag is listed at
 * once when the profile's owner tags their own profile or turned auto-accept on; otherwise it waits
 * for the owner's Accept (decision 027). Held tags (decision 020) come here only once confirmed.
 */
export async function storeTags(tx: Database, taggerId: string | null, list: NewTag[]) {
  if (list.length === 0) return [];
  const owners = [...new Set(list.map((t) => t.taggedUserId))];
  const auto = new Set(await repo.findAutoAccepting(tx, owners));
  const rows = await repo.insertTagRows(
    tx,
    list.map((t) => ({
      ...t,
      taggedById: taggerId,
      state: t.taggedUserId === taggerId || auto.has(t.taggedUserId) ? 'accepted' : 'pending',
      decidedAt: t.taggedUserId === taggerId || auto.has(t.taggedUserId) ? new Date() : null,
    })),
  );
  const heads = new Map(
    (await repo.findPostHeads(tx, [...new Set(list.map((t) => t.sourcePostId))])).map((p) => [p.id, p]),
  );
  const taggedBy = (taggerId ? await repo.findUserName(tx, taggerId) : undefined) ?? 'A visitor';
  for (const [i, row] of rows.entries()) {
    // The owner is told about tags of their profile by others; their own tags need no message.
    if (row.taggedUserId === taggerId) continue;
    const head = heads.get(row.sourcePostId);
    const needsAcceptance = row.state === 'pending';
    await recordEvent(tx, {
      type: 'post.tagged',
      payload: {
        mentionId: row.id,
        recipientUserId: row.taggedUserId,
        postTitle: head?.title || `A post by ${head?.authorName || 'a visitor'}`,
        taggedBy,
        needsAcceptance,
        link: needsAcceptance
          ? ownerTagsLink(list[i]!.kind, row.taggedUserId)
          : `/post/${head?.authorId ?? ''}/${row.sourcePostId}`,
      },
    });
  }
  return rows;
}

/** Tags of the signed-in person's profiles that wait for their decision. */
export async function listPendingTags(db: Database, user: AuthUser): Promise<PendingMention[]> {
  const rows = await repo.listPending(db, user.id, 50);
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    sourcePost: toPublicPost(r.post),
    taggedByName: r.taggedByName || 'A visitor',
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Accept lists the tag on the profile; decline keeps it off (only the tagged profile's owner). */
export async function decidePendingTag(db: Database, user: AuthUser, input: DecideMention) {
  const decided = await repo.decideTag(
    db,
    input.mentionId,
    user.id,
    input.decision === 'accept' ? 'accepted' : 'declined',
  );
  // Someone else's tag, or one decided already: the same answer, so ids are not probed.
  if (!decided) throw new AppError('NOT_FOUND', 'This tag is not waiting for you');
  return { state: decided.state };
}

export async function getTagSettings(db: Database, user: AuthUser) {
  return { autoAccept: await repo.findAutoAccept(db, user.id) };
}

export async function setTagSettings(db: Database, user: AuthUser, autoAccept: boolean) {
  await repo.upsertAutoAccept(db, user.id, autoAccept);
  return { autoAccept };
}
