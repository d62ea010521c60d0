import { and, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { profileName } from '../../db/profile-name.js';
import { influencerProfiles, posts, queries, reachouts, shops, users } from '../../db/schema/index.js';
import type { QueryScope } from '../../db/schema/index.js';
import type { Keyset } from '../../lib/keyset.js';
import { qualified } from '../../lib/qualified.js';

const scopeUserId = qualified(queries.scopeUserId);
const queryColumns = {
  id: queries.id,
  text: queries.text,
  scope: queries.scope,
  scopeUserId: queries.scopeUserId,
  askerId: queries.askerId,
  askerName: queries.askerName,
  createdAt: queries.createdAt,
  createdAtKey: sql<string>`${queries.createdAt}::text`,
  /** Shown as "asked to ..." (db/profile-name.ts). */
  scopeName: profileName(scopeUserId),
};
const _selectQueries = (db: Database) => db.select(queryColumns).from(queries);
export type QueryRow = Awaited<ReturnType<typeof _selectQueries>>[number];

export function findQuery(db: Database, id: string) {
  return (
    db
      .select(queryColumns)
      .from(queries)
      // A query held for its asker's confirmation is nobody's yet: it cannot be read or answered.
      .where(and(eq(queries.id, id), eq(queries.awaitingConfirmation, false)))
      .limit(1)
      .then((r) => r[0])
  );
}

export interface NewQuery {
  text: string;
  askerId: string;
  askerName: string;
  scope: QueryScope;
  scopeUserId: string | null;
}

/** A query sent with an existing account's contact, held until the account's holder confirms it. */
export async function insertHeldQuery(db: Database, query: NewQuery): Promise<string> {
  const [row] = await db
    .insert(queries)
    .values({ ...query, awaitingConfirmation: true })
    .returning({ id: queries.id });
  return row!.id;
}

/**
 * The same person asking the same thing of the same profile again reuses the stored query;
 * `created` says whether this call stored it.
 */
export async function findOrInsertQuery(
  db: Database,
  query: NewQuery,
): Promise<{ id: string; created: boolean }> {
  const existing = await db
    .select({ id: queries.id })
    .from(queries)
    .where(
      and(
        eq(queries.askerId, query.askerId),
        eq(queries.awaitingConfirmation, false),
        sql`lower(${queries.text}) = lower(${query.text})`,
        eq(queries.scope, query.scope),
        query.scopeUserId ? eq(queries.scopeUserId, query.scopeUserId) : sql`${queries.scopeUserId} is null`,
      ),
    )
    .limit(1);
  if (existing[0]) return { id: existing[0].id, created: false };
  const [row] = await db.insert(queries).values(query).returning({ id: queries.id });
  return { id: row!.id, created: true };
}

export interface QueryFilter {
  tsquery?: SQL | null;
  scope?: QueryScope | undefined;
  scopeUserId?: string | undefined;
}

export function listQueries(
  db: Database,
  filter: QueryFilter,
  window: { limit: number; offset: number; after?: Keyset | undefined },
) {
  return db
    .select(queryColumns)
    .from(queries)
    .where(
      and(
        eq(queries.awaitingConfirmation, false),
        filter.tsquery ? sql`${queries.searchVector} @@ ${filter.tsquery}` : undefined,
        filter.scope ? eq(queries.scope, filter.scope) : undefined,
        filter.scopeUserId ? eq(queries.scopeUserId, filter.scopeUserId) : undefined,
        window.after
          ? sql`(${queries.createdAt}, ${queries.id}) < (${window.after.createdAt}::timestamptz, ${window.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(queries.createdAt), desc(queries.id))
    .limit(window.limit)
    .offset(window.after ? 0 : window.offset);
}

export function userExists(db: Database, id: string) {
  return db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function insertReachout(db: Database, reachout: typeof reachouts.$inferInsert) {
  return db.insert(reachouts).values(reachout).returning({ id: reachouts.id });
}

const likePrefix = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The pickers: brands and stores by shop name, influencers and service providers by profile name.
 * Only profiles that may be tagged (issue 39): approved sellers' shops; creators and providers
 * whose account is active and who have a public post (one moderators hid, or held for its code,
 * is private), so nobody is offered who is not on the site for the asker to see.
 */
export function searchProfiles(
  db: Database,
  kind: 'brand' | 'store' | 'influencer' | 'service',
  text: string,
  limit: number,
  offset: number,
) {
  if (kind === 'brand' || kind === 'store') {
    return db
      .selectDistinctOn([shops.name, shops.userId], { id: shops.userId, name: shops.name })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(
        and(
          eq(users.isBrand, kind === 'brand'),
          eq(users.isActive, true),
          eq(users.role, 'SELLER'),
          isNull(users.deletedAt),
          text ? ilike(shops.name, likePrefix(text)) : undefined,
        ),
      )
      .orderBy(shops.name, shops.userId)
      .limit(limit)
      .offset(offset);
  }
  return db
    .select({ id: influencerProfiles.userId, name: influencerProfiles.name })
    .from(influencerProfiles)
    .innerJoin(users, eq(users.id, influencerProfiles.userId))
    .where(
      and(
        eq(influencerProfiles.isService, kind === 'service'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        sql`exists (select 1 from ${posts} where ${posts.authorId} = ${qualified(influencerProfiles.userId)}
          and not ${posts.isPrivate} and not ${posts.awaitingConfirmation})`,
        text ? ilike(influencerProfiles.name, likePrefix(text)) : undefined,
      ),
    )
    .orderBy(influencerProfiles.name, influencerProfiles.userId)
    .limit(limit)
    .offset(offset);
}

/** The query a post answers, with who asked and who answered; undefined for a post answering none. */
export function findAnswerOfPost(db: Database, postId: string) {
  return db
    .select({
      queryId: queries.id,
      queryText: queries.text,
      askerId: queries.askerId,
      queryHeld: queries.awaitingConfirmation,
      postId: posts.id,
      authorId: posts.authorId,
      authorName: posts.authorName,
      answeredAs: posts.answeredAs,
      postHeld: posts.awaitingConfirmation,
    })
    .from(posts)
    .innerJoin(queries, eq(queries.id, posts.queryId))
    .where(eq(posts.id, postId))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Whether the profile's owner has answered the query: a post of theirs answering it, confirmed.
 * Outer columns qualified (lib/qualified.ts): inside the subquery a bare "id" would be the post's.
 */
const answeredByOwner = sql<boolean>`exists (
  select 1 from ${posts}
  where ${posts.queryId} = ${qualified(queries.id)} and ${posts.authorId} = ${scopeUserId}
    and not ${posts.awaitingConfirmation})`;

const askedOf = (ownerId: string) =>
  and(
    eq(queries.scopeUserId, ownerId),
    eq(queries.awaitingConfirmation, false),
    sql`${queries.scope} <> 'anything'`,
  );

/** Whether the query's profile owner answered it; undefined when the query is gone. */
export function isAnsweredByOwner(db: Database, queryId: string) {
  return db
    .select({ answered: answeredByOwner })
    .from(queries)
    .where(eq(queries.id, queryId))
    .limit(1)
    .then((r) => r[0]?.answered);
}

/** The questions asked of one owner's profiles: unanswered first, then newest first. */
export function listAskedOf(db: Database, ownerId: string, window: { limit: number; offset: number }) {
  return db
    .select({ ...queryColumns, answered: answeredByOwner })
    .from(queries)
    .where(askedOf(ownerId))
    .orderBy(answeredByOwner, desc(queries.createdAt), desc(queries.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function countAskedOf(db: Database, ownerId: string) {
  return db
    .select({
      total: sql<number>`count(*)::int`,
      unanswered: sql<number>`(count(*) filter (where not ${answeredByOwner}))::int`,
    })
    .from(queries)
    .where(askedOf(ownerId))
    .then((r) => r[0] ?? { total: 0, unanswered: 0 });
}

/**
 * The answer a profile's page shows under a question: the owner's own when they gave one, else the
 * newest; public ones only (held, private and moderated posts are private). The inner "posts" is
 * the subquery's own; the query's columns are qualified (lib/qualified.ts).
 */
const publicAnswerOfQuery = sql`${posts.queryId} = ${qualified(queries.id)} and not ${posts.isPrivate}`;
const shownAnswerId = sql<string>`(
  select ${posts.id} from ${posts}
  where ${publicAnswerOfQuery}
  order by coalesce(${posts.authorId} = ${scopeUserId}, false) desc, ${posts.createdAt} desc, ${posts.id} desc
  limit 1)`;
// Kept by the writes to posts (migration 0053), and read from the partial queries_answered_of_idx:
// a store with thousands of unanswered questions pages through its answered ones alone.
const answered = sql`${queries.publicAnswers} > 0`;

/** Questions asked of a profile that have a public answer, newest first, each with its shown answer. */
export function listAnsweredOf(db: Database, profileId: string, window: { limit: number; offset: number }) {
  return db
    .select({
      id: queries.id,
      text: queries.text,
      createdAt: queries.createdAt,
      answers: queries.publicAnswers,
      answer: {
        id: posts.id,
        authorId: posts.authorId,
        title: posts.title,
        description: posts.description,
        authorName: posts.authorName,
        answeredAs: posts.answeredAs,
        createdAt: posts.createdAt,
      },
    })
    .from(queries)
    .innerJoin(posts, eq(posts.id, shownAnswerId))
    .where(and(askedOf(profileId), answered))
    .orderBy(desc(queries.createdAt), desc(queries.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function countAnsweredOf(db: Database, profileId: string) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(queries)
    .where(and(askedOf(profileId), answered))
    .then((r) => r[0]?.total ?? 0);
}
