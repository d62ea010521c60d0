import { and, asc, count, desc, eq, gt, inArray, isNotNull, min, sql, type SQL } from 'drizzle-orm';
import type { PostKind, RecruiterDecisionStatus } from '@app/domain';
import type { Database } from '../../db/client.js';
import { posts, recruiterApplications, skillResponses, users } from '../../db/schema/index.js';
import { publicPostColumns, type PostRow } from '../posts/post-reads.js';

const isPublic = sql`not ${posts.isPrivate}`;
const newestFirst = [desc(posts.createdAt), desc(posts.id)];

/** Who is looking (decision 026): a recruiter the admin approved sees private skill posts too. */
export interface Viewer {
  id: string;
  recruiter: boolean;
}

/**
 * The skill posts a viewer may see: public ones for everyone, their own private ones for the
 * author, every private one for an approved recruiter. A post held for its contact's holder
 * (issue 20) is in no list.
 */
export function visibleTo(viewer: Viewer | null): SQL {
  if (!viewer) return isPublic;
  const held = sql`not ${posts.awaitingConfirmation}`;
  // A post moderators hid is private too (decision 027): recruiters do not see it; its author does.
  if (viewer.recruiter) {
    return sql`${held} and (${posts.moderationState} = 'visible' or ${posts.authorId} = ${viewer.id})`;
  }
  return sql`${held} and (${isPublic} or ${posts.authorId} = ${viewer.id})`;
}

export interface KindWindow {
  kinds: readonly PostKind[];
  limit: number;
  offset: number;
  viewer: Viewer | null;
  /** Only the viewer's own posts. */
  mine?: boolean;
}

const windowWhere = ({ kinds, viewer, mine }: KindWindow) =>
  and(
    visibleTo(viewer),
    inArray(posts.kind, [...kinds]),
    mine && viewer ? eq(posts.authorId, viewer.id) : undefined,
  );

/** Visible posts of these kinds, newest first. */
export function latestOfKinds(db: Database, window: KindWindow) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(windowWhere(window))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset) as unknown as Promise<PostRow[]>;
}

/**
 * Visible posts of these kinds matching the full-text query, best first. As in the review search,
 * only the newest `candidates` matches are ranked so a common word keeps the answer fast.
 */
export function searchOfKinds(
  db: Database,
  tsquery: SQL,
  window: KindWindow,
  exceptAuthorId?: string | null,
  candidates = 500,
) {
  const hits = db
    .select({ id: posts.id, rank: sql<number>`ts_rank(${posts.searchVector}, ${tsquery})`.as('rank') })
    .from(posts)
    .where(
      and(
        windowWhere(window),
        sql`${posts.searchVector} @@ ${tsquery}`,
        exceptAuthorId ? sql`${posts.authorId} is distinct from ${exceptAuthorId}` : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(candidates)
    .as('hits');
  return db
    .select(publicPostColumns)
    .from(hits)
    .innerJoin(posts, eq(posts.id, hits.id))
    .orderBy(desc(hits.rank), ...newestFirst)
    .limit(window.limit)
    .offset(window.offset) as unknown as Promise<PostRow[]>;
}

/** A post of one of these kinds, if the viewer may see it. */
export function findVisiblePost(
  db: Database,
  postId: string,
  kinds: readonly PostKind[],
  viewer: Viewer | null,
) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), inArray(posts.kind, [...kinds]), visibleTo(viewer)))
    .limit(1)
    .then((r) => r[0]);
}

/** How many public experiences each author has shared, counted up to `cap` (all the page shows). */
export async function countExperiences(db: Database, authorIds: string[], cap: number) {
  if (authorIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ authorId: posts.authorId, count: sql<number>`least(count(*), ${cap})::int` })
    .from(posts)
    .where(and(isPublic, eq(posts.kind, 'experience'), inArray(posts.authorId, authorIds)))
    .groupBy(posts.authorId);
  return new Map(rows.map((r) => [r.authorId!, r.count]));
}

// Recruiters

/** The account's name and whether it proved its e-mail or mobile, with its recruiter application. */
export function findStanding(db: Database, userId: string) {
  return db
    .select({
      name: users.ownerName,
      contactProven: isNotNull(users.contactVerifiedAt).mapWith(Boolean),
      status: recruiterApplications.status,
      company: recruiterApplications.company,
      hiresFor: recruiterApplications.hiresFor,
      reason: recruiterApplications.reason,
    })
    .from(users)
    .leftJoin(recruiterApplications, eq(recruiterApplications.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
    .then((r) => r[0]);
}

/** Whether the account is a proven one the admin approved as a recruiter. */
export function isApprovedRecruiter(db: Database, userId: string) {
  return db
    .select({ id: recruiterApplications.id })
    .from(recruiterApplications)
    .innerJoin(users, eq(users.id, recruiterApplications.userId))
    .where(
      and(
        eq(recruiterApplications.userId, userId),
        eq(recruiterApplications.status, 'approved'),
        isNotNull(users.contactVerifiedAt),
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

/** A new application, or an earlier one reopened as pending with the new answers. */
export function upsertApplication(db: Database, userId: string, company: string, hiresFor: string) {
  return db
    .insert(recruiterApplications)
    .values({ userId, company, hiresFor, status: 'pending' })
    .onConflictDoUpdate({
      target: recruiterApplications.userId,
      set: { company, hiresFor, status: 'pending', reason: '', decidedAt: null, decidedById: null },
    });
}

export function listApplications(db: Database, status: RecruiterDecisionStatus | undefined) {
  return db
    .select({
      id: recruiterApplications.id,
      userId: recruiterApplications.userId,
      name: users.ownerName,
      company: recruiterApplications.company,
      hiresFor: recruiterApplications.hiresFor,
      status: recruiterApplications.status,
      reason: recruiterApplications.reason,
      createdAt: recruiterApplications.createdAt,
      decidedAt: recruiterApplications.decidedAt,
    })
    .from(recruiterApplications)
    .innerJoin(users, eq(users.id, recruiterApplications.userId))
    .where(status ? eq(recruiterApplications.status, status) : undefined)
    .orderBy(asc(recruiterApplications.createdAt))
    .limit(200);
}

export function decideApplication(
  db: Database,
  id: string,
  decision: { status: RecruiterDecisionStatus; reason: string; decidedById: string },
) {
  return db
    .update(recruiterApplications)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(recruiterApplications.id, id))
    .returning({ id: recruiterApplications.id })
    .then((r) => r[0]);
}

// Responses

type Writer = Pick<Database, 'insert'>;

export function insertResponse(db: Writer, response: typeof skillResponses.$inferInsert) {
  return db
    .insert(skillResponses)
    .values(response)
    .returning({ id: skillResponses.id })
    .then((r) => r[0]!);
}

/** How many responses match since `since`, and when the oldest of them was sent. */
export function countResponsesSince(
  db: Database,
  by: { responderUserId: string } | { replyTo: string },
  since: Date,
) {
  const who =
    'responderUserId' in by
      ? eq(skillResponses.responderUserId, by.responderUserId)
      : eq(skillResponses.replyTo, by.replyTo);
  return db
    .select({ count: count(), oldest: min(skillResponses.createdAt) })
    .from(skillResponses)
    .where(and(who, gt(skillResponses.createdAt, since)))
    .then((r) => ({ count: Number(r[0]?.count ?? 0), oldest: r[0]?.oldest ?? null }));
}

/** The responses sent to a person's posts, newest first. */
export function responsesTo(db: Database, recipientUserId: string, limit: number) {
  return db
    .select({
      id: skillResponses.id,
      postId: skillResponses.postId,
      infId: posts.authorId,
      postTitle: posts.title,
      postKind: posts.kind,
      fromName: skillResponses.fromName,
      message: skillResponses.message,
      replyTo: skillResponses.replyTo,
      createdAt: skillResponses.createdAt,
    })
    .from(skillResponses)
    .innerJoin(posts, eq(posts.id, skillResponses.postId))
    .where(eq(skillResponses.recipientUserId, recipientUserId))
    .orderBy(desc(skillResponses.createdAt), desc(skillResponses.id))
    .limit(limit);
}
