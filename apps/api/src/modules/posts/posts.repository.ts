import {
  and,
  desc,
  eq,
  fillPlaceholders,
  inArray,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { union, type AnyPgColumn, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  influencerProfiles,
  posts,
  productPosts,
  products,
  recentPostSearch,
  users,
} from '../../db/schema/index.js';
import type { PreparedMatch } from '../../lib/full-text.js';
import type { Keyset } from '../../lib/keyset.js';

/** The columns a public post is built from: no invoice urls, no author contact data. */
export const publicPostColumns = {
  id: posts.id,
  authorId: posts.authorId,
  authorName: posts.authorName,
  answeredAs: posts.answeredAs,
  type: posts.type,
  kind: posts.kind,
  title: posts.title,
  description: posts.description,
  media: posts.media,
  links: posts.links,
  products: posts.products,
  hasInvoice: sql<boolean>`jsonb_array_length(${posts.invoice}) > 0`,
  hashtags: posts.hashtags,
  categories: posts.categories,
  storeUserId: posts.storeUserId,
  brandUserId: posts.brandUserId,
  influencerUserId: posts.influencerUserId,
  queryId: posts.queryId,
  mentionInfId: posts.mentionInfId,
  mentionPostId: posts.mentionPostId,
  isPrivate: posts.isPrivate,
  awaitingConfirmation: posts.awaitingConfirmation,
  moderationState: posts.moderationState,
  moderationReason: posts.moderationReason,
  helpfulVotes: posts.helpfulVotes,
  acceptedAt: posts.acceptedAt,
  reply: posts.reply,
  labels: posts.labels,
  createdAt: posts.createdAt,
  /** The exact timestamp text, for keyset cursors (a JS Date would drop the microseconds). */
  createdAtKey: sql<string>`${posts.createdAt}::text`,
};
const _selectPosts = (db: Database) => db.select(publicPostColumns).from(posts);
export type PostRow = Awaited<ReturnType<typeof _selectPosts>>[number];

// A post a moderator hid or removed is private too (a trigger of migration 0025 keeps it so): this
// one condition leaves held, private and moderated posts out of every public list.
const isPublic = sql`not ${posts.isPrivate}`;
const newestFirst = [desc(posts.createdAt), desc(posts.id)];
const before = (key: Keyset) =>
  sql`(${posts.createdAt}, ${posts.id}) < (${key.createdAt}::timestamptz, ${key.id})`;

export function insertPost(db: Database, post: typeof posts.$inferInsert) {
  return db
    .insert(posts)
    .values(post)
    .returning(publicPostColumns)
    .then((r) => r[0]!);
}

export function findPost(db: Database, postId: string) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1)
    .then((r) => r[0]);
}

export interface PageWindow {
  limit: number;
  offset: number;
  after?: Keyset | undefined;
}

type PageMode = 'first' | 'after' | 'offset';
type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };
const preparedStatements = new WeakMap<Database, Map<string, Prepared>>();

/** `build`'s statement prepared once per database under `name`. */
function runPrepared(db: Database, name: string, build: () => { prepare(name: string): Prepared }) {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(db, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    statement = build().prepare(name);
    statements.set(name, statement);
  }
  return statement;
}
const afterKey = sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')})`;

/**
 * Newest public posts matching `where`; by key when a cursor is given, else by offset. An offset
 * page first picks its ids alone: for the feed that is an index-only walk of `posts_feed_idx`, so
 * page 1,000 skips 9,990 index entries rather than 9,990 rows read from the table.
 */
function pageSelect(db: Database, where: SQL | undefined, mode: PageMode) {
  const newest = (columns: SelectedFields) =>
    db
      .select(columns)
      .from(posts)
      .where(and(isPublic, where, mode === 'after' ? afterKey : undefined))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'));
  if (mode !== 'offset') return newest(publicPostColumns);
  const ids = newest({ id: posts.id }).offset(sql.placeholder('offset'));
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(inArray(posts.id, ids))
    .orderBy(...newestFirst);
}

/**
 * A page of `name`'s list as a statement prepared once per process, list and page mode (first, by
 * key, by offset): these lists are read on every visit, and building the statement with Drizzle
 * and planning it cost more than the index walk. `where` holds placeholders filled from `values`.
 */
function runPage(
  db: Database,
  name: string,
  where: SQL | undefined,
  { limit, offset, after }: PageWindow,
  values: Record<string, unknown> = {},
): Promise<PostRow[]> {
  const mode = modeOf({ limit, offset, after });
  return runPrepared(db, `${name}_${mode}`, () => pageSelect(db, where, mode)).execute({
    ...values,
    ...windowValues({ limit, offset, after }),
  }) as Promise<PostRow[]>;
}

const modeOf = ({ offset, after }: PageWindow): PageMode =>
  after ? 'after' : offset === 0 ? 'first' : 'offset';
const windowValues = ({ limit, offset, after }: PageWindow) => ({
  limit,
  offset,
  afterCreatedAt: after?.createdAt,
  afterId: after?.id,
});

/**
 * The review feed leaves out recruiters' requirements: positions, not reviews, listed on Skill
 * Discovery (issue 39). Its pages walk posts_review_feed_idx, whose predicate this matches.
 */
const notRequirement = sql`${posts.kind} <> 'requirement'`;

/** The prepared statement of a feed page and its values, for EXPLAIN EXECUTE in the plan tests. */
export function feedStatement(db: Database, window: PageWindow) {
  const { sql: text, params } = pageSelect(db, notRequirement, modeOf(window)).toSQL();
  return { text, values: fillPlaceholders(params, windowValues(window)) };
}

/** The same for a page of the posts made for a query. */
export function postsByQueryStatement(db: Database, queryId: string, window: PageWindow) {
  const where = eq(posts.queryId, sql.placeholder('queryId'));
  const { sql: text, params } = pageSelect(db, where, modeOf(window)).toSQL();
  return { text, values: fillPlaceholders(params, { queryId, ...windowValues(window) }) };
}

export const feedPage = (db: Database, window: PageWindow) =>
  runPage(db, 'posts_feed', notRequirement, window);

export const postsByAuthor = (db: Database, authorId: string, window: PageWindow) =>
  runPage(db, 'posts_by_author', eq(posts.authorId, sql.placeholder('authorId')), window, { authorId });

export const postsByQuery = (db: Database, queryId: string, window: PageWindow) =>
  runPage(db, 'posts_by_query', eq(posts.queryId, sql.placeholder('queryId')), window, { queryId });

/**
 * Public posts that tag a product (`postData.products[].productID`), newest first: a walk of
 * product_posts' key for the page's ids, then those posts by theirs. One plan for every product
 * (migration 0064), where the GIN containment was planned again for each.
 */
function productPostsPage(db: Database, mode: PageMode) {
  const ids = db
    .select({ id: productPosts.postId })
    .from(productPosts)
    .where(
      and(
        eq(productPosts.productId, sql.placeholder('productId')),
        mode === 'after'
          ? sql`(${productPosts.createdAt}, ${productPosts.postId}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')})`
          : undefined,
      ),
    )
    .orderBy(desc(productPosts.createdAt), desc(productPosts.postId))
    .limit(sql.placeholder('limit'))
    .offset(mode === 'offset' ? sql.placeholder('offset') : 0);
  // The page's ids as one array, each post then found by its key: joined (or `in`), the planner
  // took a merge join that walked the posts' whole key, whose ids are random.
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(and(sql`${posts.id} = any(array(${ids}))`, isPublic))
    .orderBy(...newestFirst);
}

export function postsTaggingProduct(db: Database, productId: string, window: PageWindow): Promise<PostRow[]> {
  const mode = modeOf(window);
  return runPrepared(db, `posts_tagging_product_${mode}`, () => productPostsPage(db, mode)).execute({
    productId,
    ...windowValues(window),
  }) as Promise<PostRow[]>;
}

/** The same page's statement and values, for EXPLAIN EXECUTE in the plan tests. */
export function postsTaggingProductStatement(db: Database, productId: string, window: PageWindow) {
  const { sql: text, params } = productPostsPage(db, modeOf(window)).toSQL();
  return { text, values: fillPlaceholders(params, { productId, ...windowValues(window) }) };
}

/**
 * The same, most helpful first (issue 41): by the weighed sum of helpful votes, then the newest.
 * A page by offset: the order is by a count that moves, so a keyset would skip or repeat posts.
 */
export function postsTaggingProductByHelpful(db: Database, productId: string, { limit, offset }: PageWindow) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(and(isPublic, sql`${posts.products} @> ${JSON.stringify([{ productID: productId }])}::jsonb`))
    .orderBy(desc(posts.helpfulWeight), ...newestFirst)
    .limit(limit)
    .offset(offset);
}

/**
 * Posts about a profile: a store, brand, influencer or service provider. One ordered index walk per
 * column (`(store_user_id | brand_user_id | influencer_user_id, created_at, id)`), each stopping
 * after a page, then the newest of the (at most three) pages: an OR over the three columns would
 * collect and sort every post of a busy brand instead.
 */
export function postsAboutProfile(db: Database, userId: string, { limit, offset, after }: PageWindow) {
  const skip = after ? 0 : offset;
  const newestAbout = (column: AnyPgColumn) =>
    db
      .select({ id: posts.id })
      .from(posts)
      // A business's answer to a question asked of it is not a review of it: its page shows that
      // answer under its questions.
      .where(and(eq(column, userId), isPublic, isNull(posts.answeredAs), after ? before(after) : undefined))
      .orderBy(...newestFirst)
      .limit(limit + skip);
  const ids = union(
    newestAbout(posts.storeUserId),
    newestAbout(posts.brandUserId),
    newestAbout(posts.influencerUserId),
  );
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(inArray(posts.id, ids))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(skip) as unknown as Promise<PostRow[]>;
}

/**
 * How many of the newest public posts a search ranks. Ranking needs each match's tsvector, so
 * ranking every match of common words means reading thousands of scattered rows; recent answers
 * are also the ones people want. The window's search vectors are copied into `recent_post_search`
 * (kept by triggers), whose GIN index holds only them.
 */
export const SEARCH_WINDOW = 20_000;

/** The oldest post in the search window: an index-only walk of the feed index. */
export function searchWindowQuery(db: Database, size: number) {
  return db
    .select({ key: publicPostColumns.createdAtKey })
    .from(posts)
    .where(isPublic)
    .orderBy(...newestFirst)
    .limit(1)
    .offset(size - 1);
}

/** Its `created_at`, or undefined when there are fewer posts than the window holds. */
export const searchWindowStart = (db: Database, size = SEARCH_WINDOW) =>
  searchWindowQuery(db, size).then((r) => r[0]?.key);

/** Drops the copies of posts that have left the window (the triggers only ever add). */
export const trimSearchWindow = (db: Database, since: string) =>
  db.delete(recentPostSearch).where(sql`${recentPostSearch.createdAt} < ${since}::timestamptz`);

/**
 * The window's start, asked again at most every few seconds (walking 20,000 index entries costs
 * more than the search itself, and a window a few seconds old only holds a few more posts), and
 * the copies older than it trimmed then.
 */
const WINDOW_START_TTL_MS = 5_000;
const windowStarts = new WeakMap<Database, { at: number; start: Promise<string | undefined> }>();
export function cachedWindowStart(db: Database) {
  const cached = windowStarts.get(db);
  if (cached && Date.now() - cached.at < WINDOW_START_TTL_MS) return cached.start;
  const start = searchWindowStart(db).then(async (since) => {
    if (since) await trimSearchWindow(db, since);
    return since;
  });
  windowStarts.set(db, { at: Date.now(), start });
  start.catch(() => windowStarts.delete(db));
  return start;
}

const rankOf = (vector: AnyPgColumn, tsquery: SQL) => sql<number>`ts_rank(${vector}, ${tsquery})`;

/**
 * One page of the public posts in the search window (since `since`) matching `tsquery`, best
 * first, with how many match: ranked in `recent_post_search`, then only the page's posts read.
 */
export function windowMatches(
  db: Database,
  tsquery: SQL,
  since: string | Placeholder,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const ranked = db.$with('ranked').as(
    db
      .select({
        postId: recentPostSearch.postId,
        createdAt: recentPostSearch.createdAt,
        rank: rankOf(recentPostSearch.searchVector, tsquery).as('rank'),
        matches: sql<number>`count(*) over ()`.as('matches'),
      })
      .from(recentPostSearch)
      .where(
        and(
          sql`${recentPostSearch.searchVector} @@ ${tsquery}`,
          sql`${recentPostSearch.createdAt} >= ${since}::timestamptz`,
        ),
      )
      .orderBy(sql`rank desc`, desc(recentPostSearch.createdAt), desc(recentPostSearch.postId))
      .limit(limit)
      .offset(offset),
  );
  return db
    .with(ranked)
    .select({ ...publicPostColumns, matches: sql<number>`${ranked.matches}`.mapWith(Number) })
    .from(ranked)
    .innerJoin(posts, eq(posts.id, ranked.postId))
    .where(isPublic)
    .orderBy(desc(ranked.rank), desc(ranked.createdAt), desc(ranked.postId));
}

/** One page of all public posts matching `tsquery`, best first, with how many match. */
export function rankedMatches(
  db: Database,
  tsquery: SQL,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const rank = rankOf(posts.searchVector, tsquery);
  return db
    .select({ ...publicPostColumns, matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(posts)
    .where(and(isPublic, sql`${posts.searchVector} @@ ${tsquery}`))
    .orderBy(desc(rank), ...newestFirst)
    .limit(limit)
    .offset(offset);
}

/** A post as the header search lists it (the columns bestPostMatches gives, by these names). */
export interface PostMatch {
  id: string;
  authorId: string | null;
  authorName: string;
  title: string;
  description: string;
  media: PostRow['media'];
  isPrivate: boolean;
  awaitingConfirmation: boolean;
}

/**
 * searchPosts' choice, as one subquery to run inside another statement (the header search's): the
 * best `limit` public posts matching `tsquery` among those since `since` (the search window, null
 * when there are fewer posts than it holds) when the window holds at least `limit` matches, else
 * among all posts. Each branch runs only when chosen (a one-time filter), so it costs what
 * searchPosts' one or two statements cost, without the second round trip.
 */
export function bestPostMatches(
  tsquery: SQL,
  since: string | null | Placeholder,
  limit: number | Placeholder,
): SQL {
  const columns = sql`${posts.id} as "id", ${posts.authorId} as "authorId", ${posts.authorName} as "authorName",
    ${posts.title} as "title", ${posts.description} as "description", ${posts.media} as "media",
    ${posts.isPrivate} as "isPrivate", ${posts.awaitingConfirmation} as "awaitingConfirmation"`;
  return sql`with matched as materialized (
      select ${recentPostSearch.postId} as post_id, ${recentPostSearch.createdAt} as created_at,
        ${rankOf(recentPostSearch.searchVector, tsquery)} as rank
      from ${recentPostSearch}
      where ${recentPostSearch.searchVector} @@ ${tsquery} and ${recentPostSearch.createdAt} >= ${since}::timestamptz
    ), enough as (select count(*) >= ${limit} as yes from matched)
    select "id", "authorId", "authorName", "title", "description", "media", "isPrivate", "awaitingConfirmation"
    from (
      (select ${columns}, m.rank, m.created_at as at
        from (select * from matched order by rank desc, created_at desc, post_id desc limit ${limit}) m
        inner join ${posts} on ${posts.id} = m.post_id
        where ${isPublic} and (select yes from enough))
      union all
      (select ${columns}, ${rankOf(posts.searchVector, tsquery)} as rank, ${posts.createdAt} as at
        from ${posts}
        where ${isPublic} and ${posts.searchVector} @@ ${tsquery} and not (select yes from enough)
        order by rank desc, ${posts.createdAt} desc, ${posts.id} desc
        limit ${limit})
    ) as best
    order by rank desc, at desc, "id" desc`;
}

const searchSlots = {
  since: sql.placeholder('since'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

type MatchRow = PostRow & { matches: number };

/**
 * Full-text search over public posts, best first: the matches among the newest SEARCH_WINDOW posts,
 * or, when they hold less than a page (rare words, which match few posts anyway), all matches.
 * The choice depends on the words only, so every page of one search comes from the same ranking.
 * A PreparedMatch runs as statements prepared once per shape (Similar Responses and the header
 * search, on every keystroke); a plain tsquery is built and planned each time.
 */
export async function searchPosts(
  db: Database,
  match: SQL | PreparedMatch,
  { limit, offset }: PageWindow,
  window = SEARCH_WINDOW,
): Promise<PostRow[]> {
  const since = await (window === SEARCH_WINDOW ? cachedWindowStart(db) : searchWindowStart(db, window));
  const prepared = 'shape' in match ? match : undefined;
  const inWindow = (l: number, o: number): Promise<MatchRow[]> =>
    prepared
      ? (runPrepared(db, `posts_search_window_${prepared.shape}`, () =>
          windowMatches(db, prepared.tsquery, searchSlots.since, searchSlots.limit, searchSlots.offset),
        ).execute({ ...prepared.values, since, limit: l, offset: o }) as Promise<MatchRow[]>)
      : windowMatches(db, match as SQL, since!, l, o);
  if (since) {
    const rows = await inWindow(limit, offset);
    // Past the last page the count is unknown; ask for it with the first row.
    const matches = rows[0]?.matches ?? (offset > 0 ? (await inWindow(1, 0))[0]?.matches : 0);
    if ((matches ?? 0) >= limit) return rows;
  }
  if (!prepared) return rankedMatches(db, match as SQL, limit, offset);
  return runPrepared(db, `posts_search_all_${prepared.shape}`, () =>
    rankedMatches(db, prepared.tsquery, searchSlots.limit, searchSlots.offset),
  ).execute({ ...prepared.values, limit, offset }) as Promise<PostRow[]>;
}

export function countPostsByQueries(db: Database, queryIds: string[]) {
  if (queryIds.length === 0) return Promise.resolve([]);
  return db
    .select({ queryId: posts.queryId, count: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(isPublic, inArray(posts.queryId, queryIds)))
    .groupBy(posts.queryId);
}

export function findProductsByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, name: products.prdctName, userId: products.userId })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * Every post, private ones included, newest first, with its invoices: the moderators' list.
 * Offset paging: moderators page a few screens, not deep into millions.
 */
export function moderationPage(db: Database, { limit, offset }: { limit: number; offset: number }) {
  return db
    .select({ ...publicPostColumns, invoice: posts.invoice })
    .from(posts)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export function findPostInvoices(db: Database, postId: string) {
  return db
    .select({ invoice: posts.invoice })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1)
    .then((r) => r[0]?.invoice ?? []);
}

export function findPostProductsForUpdate(db: Database, postId: string) {
  return db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      kind: posts.kind,
      awaitingConfirmation: posts.awaitingConfirmation,
      products: posts.products,
      hasInvoice: publicPostColumns.hasInvoice,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update')
    .limit(1)
    .then((r) => r[0]);
}

export function setPostProducts(db: Database, postId: string, list: (typeof posts.$inferSelect)['products']) {
  return db.update(posts).set({ products: list }).where(eq(posts.id, postId));
}

/** Which of these users exist, with whether they have a shop-keeping role and an influencer profile. */
export function findProfiles(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      name: users.ownerName,
      role: users.role,
      isBrand: users.isBrand,
      isService: influencerProfiles.isService,
      hasProfile: sql<boolean>`${influencerProfiles.userId} is not null`,
    })
    .from(users)
    .leftJoin(influencerProfiles, eq(influencerProfiles.userId, users.id))
    .where(inArray(users.id, ids));
}

export function findInfluencer(db: Database, userId: string) {
  return db
    .select({
      id: influencerProfiles.userId,
      name: influencerProfiles.name,
      isService: influencerProfiles.isService,
      categories: influencerProfiles.categories,
    })
    .from(influencerProfiles)
    .where(eq(influencerProfiles.userId, userId))
    .limit(1)
    .then((r) => r[0]);
}

export function listInfluencers(db: Database) {
  return db
    .select({
      id: influencerProfiles.userId,
      name: influencerProfiles.name,
      isService: influencerProfiles.isService,
      categories: influencerProfiles.categories,
    })
    .from(influencerProfiles)
    .orderBy(influencerProfiles.name)
    .limit(1000);
}

export function findUserByEmailOrMobile(db: Database, email: string, mobile: string) {
  return db
    .select({ id: users.id, name: users.ownerName, email: users.email, mobile: users.mobile })
    .from(users)
    .where(or(eq(users.email, email), eq(users.mobile, mobile)))
    .limit(2);
}

/** Inserts the account unless the e-mail or mobile was taken meanwhile; then returns nothing. */
export function insertUserIfAbsent(db: Database, user: typeof users.$inferInsert) {
  return db
    .insert(users)
    .values(user)
    .onConflictDoNothing()
    .returning({ id: users.id, name: users.ownerName })
    .then((r) => r[0]);
}

export function insertProfileIfAbsent(db: Database, profile: typeof influencerProfiles.$inferInsert) {
  return db.insert(influencerProfiles).values(profile).onConflictDoNothing();
}
