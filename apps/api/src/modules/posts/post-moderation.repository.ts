import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { moderationActions, postReports, posts } from '../../db/schema/index.js';
import { publicPostColumns } from './posts.repository.js';

export function findPostForUpdate(db: Database, postId: string) {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      state: posts.moderationState,
      reason: posts.moderationReason,
      authorId: posts.authorId,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update')
    .limit(1)
    .then((r) => r[0]);
}

export function setModeration(
  db: Database,
  postId: string,
  state: (typeof posts.$inferSelect)['moderationState'],
  reason: string | null,
) {
  return db
    .update(posts)
    .set({ moderationState: state, moderationReason: reason })
    .where(eq(posts.id, postId));
}

export function insertAction(db: Database, row: typeof moderationActions.$inferInsert) {
  return db
    .insert(moderationActions)
    .values(row)
    .returning()
    .then((r) => r[0]!);
}

/** A moderator acted on the post: its open reports leave the queue, resolved at the action's time. */
export function resolveReports(db: Database, postId: string, at: Date) {
  return db
    .update(postReports)
    .set({ resolvedAt: at })
    .where(and(eq(postReports.postId, postId), isNull(postReports.resolvedAt)));
}

/** An undone action's reports come back to the queue: those it resolved, at its time. */
export function reopenReports(db: Database, postId: string, resolvedAt: Date) {
  return db
    .update(postReports)
    .set({ resolvedAt: null })
    .where(and(eq(postReports.postId, postId), eq(postReports.resolvedAt, resolvedAt)));
}

export function findAction(db: Database, id: string) {
  return db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** The post's latest actions, newest first (by default the last and the one it followed). */
export function lastActions(db: Database, postId: string, limit = 2) {
  return db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.postId, postId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
}

export function findReportable(db: Database, postId: string) {
  return db
    .select({
      id: posts.id,
      // Readable by its link: not held for a code, not hidden or removed (a private post has a link).
      readable: sql<boolean>`not ${posts.awaitingConfirmation} and ${posts.moderationState} = 'visible'`,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1)
    .then((r) => r[0]);
}

/** The reporter's open report of this post, by account when signed in, else by address. */
export function findOpenReport(db: Database, postId: string, by: SQL) {
  return db
    .select({ id: postReports.id })
    .from(postReports)
    .where(and(eq(postReports.postId, postId), isNull(postReports.resolvedAt), by))
    .limit(1)
    .then((r) => r[0]);
}

export const byReporter = (reporterId: string) => eq(postReports.reporterId, reporterId);
export const byAddress = (ip: string) => and(eq(postReports.clientIp, ip), isNull(postReports.reporterId))!;
export const byAddressAny = (ip: string) => eq(postReports.clientIp, ip);

/** How many reports `by` sent since `since`, and when the oldest of them was sent. */
export function countReportsSince(db: Database, by: SQL, since: Date) {
  return db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${postReports.createdAt})::text`,
    })
    .from(postReports)
    .where(and(by, gte(postReports.createdAt, since)))
    .then((r) => ({ count: r[0]?.count ?? 0, oldest: r[0]?.oldest ? new Date(r[0].oldest) : null }));
}

export function insertReport(db: Database, row: typeof postReports.$inferInsert) {
  return db.insert(postReports).values(row);
}

/**
 * Posts with open reports, most reported first (then the most recently reported), with any
 * moderation state: a moderator may see new reports of a post they restored.
 */
export function reportedPage(db: Database, { limit, offset }: { limit: number; offset: number }) {
  const open = db
    .select({
      postId: postReports.postId,
      reportCount: sql<number>`count(*)::int`.as('report_count'),
      lastReportedAt: sql<Date>`max(${postReports.createdAt})`.as('last_reported_at'),
    })
    .from(postReports)
    .where(isNull(postReports.resolvedAt))
    .groupBy(postReports.postId)
    .as('open');
  return db
    .select({
      ...publicPostColumns,
      invoice: posts.invoice,
      reportCount: open.reportCount,
      lastReportedAt: sql<string>`${open.lastReportedAt}::text`,
    })
    .from(open)
    .innerJoin(posts, eq(posts.id, open.postId))
    .orderBy(desc(open.reportCount), desc(open.lastReportedAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
}

/** The newest open reports of these posts (a few each is plenty for the queue). */
export function openReportsOf(db: Database, postIds: string[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      postId: postReports.postId,
      reason: postReports.reason,
      details: postReports.details,
      createdAt: postReports.createdAt,
    })
    .from(postReports)
    .where(and(inArray(postReports.postId, postIds), isNull(postReports.resolvedAt)))
    .orderBy(desc(postReports.createdAt))
    .limit(postIds.length * 20);
}

/**
 * Files a report of the post when another author's post has the same words (issue 41): the
 * moderators' queue shows it with the other post's id to compare. Answers whether one was filed.
 */
export async function reportSameText(tx: Database, postId: string, textKey: string, authorId: string | null) {
  const [twin] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.textKey, textKey),
        sql`${posts.id} <> ${postId}`,
        authorId ? sql`${posts.authorId} is distinct from ${authorId}` : undefined,
      ),
    )
    .limit(1);
  if (!twin) return false;
  await tx.insert(postReports).values({
    postId,
    reason: 'fake',
    details: `Found automatically: the same words as another author's review (post ${twin.id}).`,
  });
  return true;
}
