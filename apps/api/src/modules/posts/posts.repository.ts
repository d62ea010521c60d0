import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { influencerProfiles, posts, products, users } from '../../db/schema/index.js';
import type { Keyset } from '../../lib/keyset.js';

/** The columns a public post is built from: no invoice urls, no author contact data. */
export const publicPostColumns = {
  id: posts.id,
  authorId: posts.authorId,
  authorName: posts.authorName,
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
  createdAt: posts.createdAt,
  /** The exact timestamp text, for keyset cursors (a JS Date would drop the microseconds). */
  createdAtKey: sql<string>`${posts.createdAt}::text`,
};
const _selectPosts = (db: Database) => db.select(publicPostColumns).from(posts);
export type PostRow = Awaited<ReturnType<typeof _selectPosts>>[number];

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

/** Newest public posts matching `where`; by key when a cursor is given, else by offset. */
function pageOf(db: Database, where: SQL | undefined, { limit, offset, after }: PageWindow) {
  return db
    .select(publicPostColumns)
    .from(posts)
    .where(and(isPublic, where, after ? before(after) : undefined))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(after ? 0 : offset) as unknown as Promise<PostRow[]>;
}

export const feedPage = (db: Database, window: PageWindow) => pageOf(db, undefined, window);

export const postsByAuthor = (db: Database, authorId: string, window: PageWindow) =>
  pageOf(db, eq(posts.authorId, authorId), window);

export const postsByQuery = (db: Database, queryId: string, window: PageWindow) =>
  pageOf(db, eq(posts.queryId, queryId), window);

/** Posts about a profile: a store, brand, influencer or service provider. */
export const postsAboutProfile = (db: Database, userId: string, window: PageWindow) =>
  pageOf(
    db,
    or(eq(posts.storeUserId, userId), eq(posts.brandUserId, userId), eq(posts.influencerUserId, userId)),
    window,
  );

/**
 * Full-text search over public posts, best first. Only the newest `candidates` matches are ranked:
 * a common word can match a large share of a million posts and ranking them all would not keep the
 * response time flat; recent answers are also the ones people want.
 */
export function searchPosts(db: Database, tsquery: SQL, { limit, offset }: PageWindow, candidates = 500) {
  const hits = db
    .select({ id: posts.id, rank: sql<number>`ts_rank(${posts.searchVector}, ${tsquery})`.as('rank') })
    .from(posts)
    .where(and(isPublic, sql`${posts.searchVector} @@ ${tsquery}`))
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
    .select({ id: users.id, name: users.ownerName, email: users.email })
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
