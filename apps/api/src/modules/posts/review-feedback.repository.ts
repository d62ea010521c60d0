import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sellerName } from '../../db/profile-name.js';
import { postVotes, posts, reviewReplyEdits, users, verifiedPurchases } from '../../db/schema/index.js';
import type { ReviewReply } from '../../db/schema/index.js';

/** What a vote or a reply needs of its post. */
export function findPostForFeedback(db: Database, postId: string) {
  return db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      kind: posts.kind,
      title: posts.title,
      isPrivate: posts.isPrivate,
      helpfulVotes: posts.helpfulVotes,
      reply: posts.reply,
      storeUserId: posts.storeUserId,
      brandUserId: posts.brandUserId,
      influencerUserId: posts.influencerUserId,
      answeredAs: posts.answeredAs,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Adds the account's vote, once: the post's count and weighed sum change in the same statement,
 * only when the vote's row was new, so twenty votes sent at once by one account count once. The
 * weight is 2 when the voter bought, here, a product the post tags.
 */
export async function addVote(db: Database, postId: string, userId: string): Promise<number | undefined> {
  return countOf(
    await db.execute(sql`
    with weight as (
      select case when exists (
        select 1 from ${verifiedPurchases} v
        where v.buyer_user_id = ${userId}
          and v.product_id in (select e->>'productID' from jsonb_array_elements(p.products) e)
      ) then 2 else 1 end as w
      from ${posts} p where p.id = ${postId}
    ), added as (
      insert into ${postVotes} (post_id, user_id, weight)
      select ${postId}, ${userId}, w from weight
      on conflict do nothing
      returning weight
    )
    update ${posts} set helpful_votes = helpful_votes + 1, helpful_weight = helpful_weight + added.weight
    from added where ${posts.id} = ${postId}
    returning helpful_votes`),
  );
}

/** The count an update returned, or undefined when it changed nothing (the vote was there, or not). */
const countOf = (result: unknown) =>
  (result as { rows: Array<{ helpful_votes: number }> }).rows[0]?.helpful_votes;

/** Takes the account's vote back, if it had one, with its weight. */
export async function removeVote(db: Database, postId: string, userId: string): Promise<number | undefined> {
  return countOf(
    await db.execute(sql`
    with removed as (
      delete from ${postVotes} where post_id = ${postId} and user_id = ${userId} returning weight
    )
    update ${posts} set helpful_votes = helpful_votes - 1, helpful_weight = helpful_weight - removed.weight
    from removed where ${posts.id} = ${postId}
    returning helpful_votes`),
  );
}

export function votedPosts(db: Database, userId: string, postIds: string[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({ postId: postVotes.postId })
    .from(postVotes)
    .where(and(eq(postVotes.userId, userId), inArray(postVotes.postId, postIds)));
}

/** The name a business replies as: its first store's name, else the account's own. */
export function businessName(db: Database, userId: string) {
  return db
    .select({ name: sellerName(sql`${userId}`) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((r) => r[0]?.name ?? undefined);
}

/** Writes the reply as shown and keeps its text in the history. */
export async function saveReply(tx: Database, postId: string, userId: string, reply: ReviewReply) {
  await tx.update(posts).set({ reply }).where(eq(posts.id, postId));
  await tx.insert(reviewReplyEdits).values({ postId, userId, text: reply.text });
}

/** Takes the reply off the review; the history gets a line saying why. */
export async function clearReply(tx: Database, postId: string, userId: string, note: string) {
  await tx.update(posts).set({ reply: null }).where(eq(posts.id, postId));
  await tx.insert(reviewReplyEdits).values({ postId, userId, text: note });
}

/** Every text the reply had, newest first. */
export function replyHistory(db: Database, postId: string) {
  return db
    .select({ text: reviewReplyEdits.text, createdAt: reviewReplyEdits.createdAt })
    .from(reviewReplyEdits)
    .where(eq(reviewReplyEdits.postId, postId))
    .orderBy(desc(reviewReplyEdits.createdAt));
}

/** Marks an answer of this question accepted by its asker (or not); false when it answers another. */
export async function setAccepted(db: Database, queryId: string, postId: string, accepted: boolean) {
  const rows = await db
    .update(posts)
    .set({ acceptedAt: accepted ? sql`coalesce(${posts.acceptedAt}, now())` : null })
    .where(and(eq(posts.id, postId), eq(posts.queryId, queryId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}
