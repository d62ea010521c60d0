import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  contactClaims,
  influencerProfiles,
  mentions,
  orders,
  posts,
  products,
  queries,
  users,
  type ClaimPayload,
  type ClaimState,
} from '../../db/schema/index.js';

export type ClaimRow = typeof contactClaims.$inferSelect;

export function insertClaim(db: Database, claim: typeof contactClaims.$inferInsert) {
  return db
    .insert(contactClaims)
    .values(claim)
    .returning()
    .then((r) => r[0]!);
}

export function findClaim(db: Database, id: string) {
  return db
    .select()
    .from(contactClaims)
    .where(eq(contactClaims.id, id))
    .then((r) => r[0]);
}

export function setClaimSentTo(db: Database, id: string, sentTo: string | null) {
  return db.update(contactClaims).set({ sentTo }).where(eq(contactClaims.id, id));
}

/** Moves a claim from one of `from` to `to`; false when another request moved it first. */
export function moveClaim(db: Database, id: string, from: ClaimState[], to: ClaimState) {
  return db
    .update(contactClaims)
    .set({ state: to, decidedAt: new Date() })
    .where(and(eq(contactClaims.id, id), inArray(contactClaims.state, from)))
    .returning({ id: contactClaims.id })
    .then((r) => r.length === 1);
}

export function findUserContact(db: Database, id: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      name: users.ownerName,
      contactVerifiedAt: users.contactVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);
}

export function markContactVerified(db: Database, userId: string) {
  return db
    .update(users)
    .set({ contactVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.contactVerifiedAt} is null`));
}

/** A held post becomes what its author asked for: public, or private (reachable by its link). */
export function publishPost(db: Database, postId: string, isPrivate: boolean) {
  return db
    .update(posts)
    .set({ awaitingConfirmation: false, isPrivate })
    .where(and(eq(posts.id, postId), eq(posts.awaitingConfirmation, true)));
}

export function publishQuery(db: Database, queryId: string) {
  return db
    .update(queries)
    .set({ awaitingConfirmation: false })
    .where(and(eq(queries.id, queryId), eq(queries.awaitingConfirmation, true)));
}

export function setOrderBuyerConfirmed(db: Database, orderId: string, confirmed: boolean) {
  return db.update(orders).set({ buyerConfirmed: confirmed }).where(eq(orders.id, orderId));
}

/** The held tags, leaving out any whose post was deleted while they waited. */
export async function aliveMentions(db: Database, list: NonNullable<ClaimPayload['mentions']>) {
  if (list.length === 0) return [];
  const ids = [...new Set(list.flatMap((m) => [m.sourcePostId, ...(m.postId ? [m.postId] : [])]))];
  const alive = new Set(
    (await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, ids))).map((p) => p.id),
  );
  return list.filter((m) => alive.has(m.sourcePostId) && (!m.postId || alive.has(m.postId)));
}

export function insertProfileIfAbsent(
  db: Database,
  userId: string,
  name: string,
  profile: NonNullable<ClaimPayload['profile']>,
) {
  return db
    .insert(influencerProfiles)
    .values({ userId, name, ...profile })
    .onConflictDoNothing();
}

export function deletePost(db: Database, postId: string) {
  return db.delete(posts).where(eq(posts.id, postId));
}

export function deleteQuery(db: Database, queryId: string) {
  return db.delete(queries).where(eq(queries.id, queryId));
}

export function deleteMention(db: Database, mentionId: string) {
  return db.delete(mentions).where(eq(mentions.id, mentionId));
}

/** Claims with what the admin or the holder needs to recognise them, newest first. */
export function listClaims(
  db: Database,
  filter: { state?: ClaimState | undefined; userId?: string | undefined; id?: string | undefined },
  limit: number,
  offset: number,
) {
  return db
    .select({
      claim: contactClaims,
      userName: users.ownerName,
      postTitle: posts.title,
      postDescription: posts.description,
      postAuthorId: posts.authorId,
      queryText: queries.text,
      orderProduct: products.prdctName,
    })
    .from(contactClaims)
    .innerJoin(users, eq(users.id, contactClaims.userId))
    .leftJoin(posts, and(inArray(contactClaims.kind, ['post', 'tag']), eq(posts.id, contactClaims.subjectId)))
    .leftJoin(queries, and(eq(contactClaims.kind, 'query'), eq(queries.id, contactClaims.subjectId)))
    .leftJoin(orders, and(eq(contactClaims.kind, 'order'), eq(orders.id, contactClaims.subjectId)))
    .leftJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        filter.state ? eq(contactClaims.state, filter.state) : undefined,
        filter.userId ? eq(contactClaims.userId, filter.userId) : undefined,
        filter.id ? eq(contactClaims.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(contactClaims.createdAt), desc(contactClaims.id))
    .limit(limit)
    .offset(offset);
}

export type ClaimListRow = Awaited<ReturnType<typeof listClaims>>[number];

/** Pending claims older than `before`: their held posts and queries go; orders stay unattributed. */
export async function deleteUnconfirmed(db: Database, before: Date) {
  return db.transaction(async (tx) => {
    const stale = await tx
      .delete(contactClaims)
      .where(and(eq(contactClaims.state, 'pending'), lt(contactClaims.createdAt, before)))
      .returning({ kind: contactClaims.kind, subjectId: contactClaims.subjectId });
    const ids = (kind: string) => stale.filter((c) => c.kind === kind).map((c) => c.subjectId);
    const postIds = ids('post');
    const queryIds = ids('query');
    if (postIds.length > 0) {
      await tx.delete(posts).where(and(inArray(posts.id, postIds), eq(posts.awaitingConfirmation, true)));
    }
    if (queryIds.length > 0) {
      await tx
        .delete(queries)
        .where(and(inArray(queries.id, queryIds), eq(queries.awaitingConfirmation, true)));
    }
    return stale.length;
  });
}
