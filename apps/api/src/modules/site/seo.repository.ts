import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { posts, products, queries, shops, users } from '../../db/schema/index.js';
import { qualified } from '../../lib/qualified.js';

/**
 * Reads for the pages crawlers see and for the sitemap. Only public columns: a shop's name and
 * address, a product's catalogue facts, a post's ids; never a contact.
 */

/** The first shop of a user, whose name stands for the seller (as findShopByUserId picks it). */
const shopNameOf = (userId: typeof users.id | typeof products.userId) =>
  sql<
    string | null
  >`(select ${shops.name} from ${shops} where ${shops.userId} = ${userId} order by ${shops.createdAt} limit 1)`;

/** A product with what its page says of the seller: the store's name and whether it is approved. */
export function findProductForPage(db: Database, productId: string) {
  return db
    .select({
      product: products,
      sellerApproved: sql<boolean>`${users.role} = 'SELLER'`,
      storeName: shopNameOf(products.userId),
      ownerName: users.ownerName,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(products.id, productId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The name a review's subject goes by: its store's name, else the account's public name. */
export function findSubjectName(db: Database, userId: string) {
  return db
    .select({ name: sql<string>`coalesce(${shopNameOf(users.id)}, ${users.ownerName})` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]?.name);
}

/** At most this many addresses in one sitemap file (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;

export type SitemapKind = 'stores' | 'products' | 'posts' | 'questions';

/** Stores of approved sellers, one address per seller (its first shop). */
const publicStores = (db: Database) =>
  db
    .selectDistinctOn([shops.userId], { userId: shops.userId, updatedAt: shops.updatedAt })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(eq(users.role, 'SELLER'))
    .orderBy(asc(shops.userId), asc(shops.createdAt))
    .$dynamic();

/** Active products of approved sellers. */
const publicProductsWhere = and(eq(products.isActive, true), eq(users.role, 'SELLER'));
const publicProducts = (db: Database) =>
  db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(publicProductsWhere)
    .orderBy(asc(products.id))
    .$dynamic();

/**
 * Public posts with an author (the page's address names them). Private, held and moderated posts
 * are private (a trigger keeps moderated ones so), so `not is_private` leaves all three out.
 */
const publicPostsWhere = and(
  eq(posts.isPrivate, false),
  eq(posts.awaitingConfirmation, false),
  isNotNull(posts.authorId),
);
const publicPosts = (db: Database) =>
  db
    .select({ authorId: posts.authorId, id: posts.id, updatedAt: posts.updatedAt })
    .from(posts)
    .where(publicPostsWhere)
    .orderBy(asc(posts.id))
    .$dynamic();

/**
 * Questions with a public answer (their pages are indexed; one nobody answered is noindex), dated
 * by their newest public answer. Walks posts_query_idx per question.
 */
const newestPublicAnswer = sql<Date | null>`(select max(${posts.createdAt}) from ${posts}
  where ${posts.queryId} = ${qualified(queries.id)} and ${publicPostsWhere})`;
const publicQuestionsWhere = and(
  eq(queries.awaitingConfirmation, false),
  sql`exists (select 1 from ${posts} where ${posts.queryId} = ${qualified(queries.id)} and ${publicPostsWhere})`,
);
const publicQuestions = (db: Database) =>
  db
    .select({ id: queries.id, updatedAt: newestPublicAnswer })
    .from(queries)
    .where(publicQuestionsWhere)
    .orderBy(asc(queries.id))
    .$dynamic();

const count = sql<number>`count(*)::int`;

/** How many addresses each part of the sitemap holds. */
export async function countSitemapEntries(db: Database): Promise<Record<SitemapKind, number>> {
  const [stores, productCount, postCount, questionCount] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${shops.userId})::int` })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(eq(users.role, 'SELLER')),
    db
      .select({ n: count })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .where(publicProductsWhere),
    db.select({ n: count }).from(posts).where(publicPostsWhere),
    db.select({ n: count }).from(queries).where(publicQuestionsWhere),
  ]);
  return {
    stores: Number(stores[0]?.n ?? 0),
    products: Number(productCount[0]?.n ?? 0),
    posts: Number(postCount[0]?.n ?? 0),
    questions: Number(questionCount[0]?.n ?? 0),
  };
}

export interface SitemapEntry {
  path: string;
  updatedAt: Date;
}

/** Page `page` (from 1) of one part of the sitemap, as site paths. */
export async function sitemapPage(db: Database, kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
  const offset = (page - 1) * SITEMAP_PAGE_SIZE;
  if (kind === 'stores') {
    const rows = await publicStores(db).limit(SITEMAP_PAGE_SIZE).offset(offset);
    return rows.map((r) => ({ path: `/viewstore/true/${r.userId}`, updatedAt: r.updatedAt }));
  }
  if (kind === 'products') {
    const rows = await publicProducts(db).limit(SITEMAP_PAGE_SIZE).offset(offset);
    return rows.map((r) => ({ path: `/product/${r.id}`, updatedAt: r.updatedAt }));
  }
  if (kind === 'questions') {
    const rows = await publicQuestions(db).limit(SITEMAP_PAGE_SIZE).offset(offset);
    return rows.map((r) => ({ path: `/question/${r.id}`, updatedAt: new Date(r.updatedAt ?? Date.now()) }));
  }
  const rows = await publicPosts(db).limit(SITEMAP_PAGE_SIZE).offset(offset);
  return rows.map((r) => ({ path: `/post/${r.authorId ?? ''}/${r.id}`, updatedAt: r.updatedAt }));
}
