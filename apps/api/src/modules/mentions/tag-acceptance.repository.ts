import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mentions, posts, tagSettings, users } from '../../db/schema/index.js';
import { publicPostColumns } from '../posts/post-reads.js';

/** Which of these profile owners list every tag at once. */
export function findAutoAccepting(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: tagSettings.userId })
    .from(tagSettings)
    .where(and(inArray(tagSettings.userId, userIds), eq(tagSettings.autoAccept, true)))
    .then((r) => r.map((x) => x.userId));
}

export function findAutoAccept(db: Database, userId: string) {
  return db
    .select({ autoAccept: tagSettings.autoAccept })
    .from(tagSettings)
    .where(eq(tagSettings.userId, userId))
    .limit(1)
    .then((r) => r[0]?.autoAccept ?? false);
}

export function upsertAutoAccept(db: Database, userId: string, autoAccept: boolean) {
  return db
    .insert(tagSettings)
    .values({ userId, autoAccept })
    .onConflictDoUpdate({ target: tagSettings.userId, set: { autoAccept, updatedAt: new Date() } });
}

export function insertTagRows(db: Database, rows: Array<typeof mentions.$inferInsert>) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(mentions).values(rows).returning({
    id: mentions.id,
    sourcePostId: mentions.sourcePostId,
    taggedUserId: mentions.taggedUserId,
    state: mentions.state,
  });
}

/** The tagged posts' titles and authors, and the tagger's name, for the event. */
export function findPostHeads(db: Database, postIds: string[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: posts.id, title: posts.title, authorId: posts.authorId, authorName: posts.authorName })
    .from(posts)
    .where(inArray(posts.id, postIds));
}

export function findUserName(db: Database, userId: string) {
  return db
    .select({ name: users.ownerName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((r) => r[0]?.name);
}

/** Tags waiting for this owner, newest first, of posts anyone can read. */
export function listPending(db: Database, ownerId: string, limit: number) {
  return db
    .select({
      id: mentions.id,
      kind: mentions.kind,
      createdAt: mentions.createdAt,
      taggedByName: sql<string>`coalesce(${users.ownerName}, '')`,
      post: publicPostColumns,
    })
    .from(mentions)
    .innerJoin(posts, eq(posts.id, mentions.sourcePostId))
    .leftJoin(users, eq(users.id, mentions.taggedById))
    .where(
      and(eq(mentions.taggedUserId, ownerId), eq(mentions.state, 'pending'), sql`not ${posts.isPrivate}`),
    )
    .orderBy(desc(mentions.createdAt), desc(mentions.id))
    .limit(limit);
}

/** The owner's decision on one of their pending tags; nothing when it is not theirs or not pending. */
export function decideTag(db: Database, mentionId: string, ownerId: string, state: 'accepted' | 'declined') {
  return db
    .update(mentions)
    .set({ state, decidedAt: new Date() })
    .where(and(eq(mentions.id, mentionId), eq(mentions.taggedUserId, ownerId), eq(mentions.state, 'pending')))
    .returning({ id: mentions.id, state: mentions.state })
    .then((r) => r[0]);
}
