import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { profileName } from '../../db/profile-name.js';
import { qualified } from '../../lib/qualified.js';
import { mentions, posts } from '../../db/schema/index.js';
import { publicPostColumns, type PostRow } from '../posts/post-reads.js';

export function insertMentions(db: Database, rows: Array<typeof mentions.$inferInsert>) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(mentions).values(rows).returning({ id: mentions.id });
}

const mentionColumns = {
  id: mentions.id,
  kind: mentions.kind,
  taggedUserId: mentions.taggedUserId,
  /** The tagged store's, brand's or creator's name, for "Tagged to …" (db/profile-name.ts). */
  taggedName: profileName(qualified(mentions.taggedUserId)),
  productId: mentions.productId,
  sourcePostId: mentions.sourcePostId,
  postId: mentions.postId,
  createdAt: mentions.createdAt,
};

export interface MentionFilter {
  taggedUserId?: string | undefined;
  kinds?: Array<(typeof mentions.$inferSelect)['kind']> | undefined;
  sourceAuthorId?: string | undefined;
  sourcePostId?: string | undefined;
}

/**
 * Mentions, newest first, with the public source post. Private source posts are left out: tagging
 * does not make a private answer public.
 */
export async function listMentions(db: Database, filter: MentionFilter, limit: number, offset: number) {
  const source = alias(posts, 'source');
  const rows = await db
    .select({ mention: mentionColumns })
    .from(mentions)
    .innerJoin(source, eq(source.id, mentions.sourcePostId))
    .where(
      and(
        sql`not ${source.isPrivate}`,
        // Only tags the profile's owner accepted (or auto-accepted) are listed (decision 027).
        eq(mentions.state, 'accepted'),
        filter.taggedUserId ? eq(mentions.taggedUserId, filter.taggedUserId) : undefined,
        filter.kinds ? inArray(mentions.kind, filter.kinds) : undefined,
        filter.sourceAuthorId ? eq(source.authorId, filter.sourceAuthorId) : undefined,
        filter.sourcePostId ? eq(mentions.sourcePostId, filter.sourcePostId) : undefined,
      ),
    )
    .orderBy(desc(mentions.createdAt), desc(mentions.id))
    .limit(limit)
    .offset(offset);
  const postIds = [...new Set(rows.flatMap((r) => [r.mention.sourcePostId, r.mention.postId ?? '']))].filter(
    Boolean,
  );
  const postRows: PostRow[] =
    postIds.length === 0
      ? []
      : await db.select(publicPostColumns).from(posts).where(inArray(posts.id, postIds));
  const byId = new Map(postRows.map((p) => [p.id, p]));
  return rows.map(({ mention }) => ({
    ...mention,
    sourcePost: byId.get(mention.sourcePostId)!,
    // The tagger's own post only while it is public (not private, held or hidden by moderators).
    post: mention.postId && byId.get(mention.postId)?.isPrivate === false ? byId.get(mention.postId)! : null,
  }));
}
