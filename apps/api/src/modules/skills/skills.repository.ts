import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PostKind } from '@app/domain';
import type { Database } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { publicPostColumns, type PostRow } from '../posts/posts.repository.js';

const isPublic = sql`not ${posts.isPrivate}`;
const newestFirst = [desc(posts.createdAt), desc(posts.id)];

export interface KindWindow {
  kinds: readonly PostKind[];
  limit: number;
  offset: number;
}

/** Public posts of these kinds, newest first. */
export function latestOfKinds(db: Database, { kinds, limit, offset }: KindWindow) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(and(isPublic, inArray(posts.kind, [...kinds])))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset) as unknown as Promise<PostRow[]>;
}

/**
 * Public posts of these kinds matching the full-text query, best first. As in the review search,
 * only the newest `candidates` matches are ranked so a common word keeps the answer fast.
 */
export function searchOfKinds(
  db: Database,
  tsquery: SQL,
  { kinds, limit, offset }: KindWindow,
  exceptAuthorId?: string | null,
  candidates = 500,
) {
  const hits = db
    .select({ id: posts.id, rank: sql<number>`ts_rank(${posts.searchVector}, ${tsquery})`.as('rank') })
    .from(posts)
    .where(
      and(
        isPublic,
        inArray(posts.kind, [...kinds]),
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
    .limit(limit)
    .offset(offset) as unknown as Promise<PostRow[]>;
}

export function findPostOfKind(db: Database, postId: string, kind: PostKind) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.kind, kind)))
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
