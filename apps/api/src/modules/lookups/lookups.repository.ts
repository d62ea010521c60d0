import { asc, eq, ilike, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import {
  childCategories,
  cities,
  countries,
  hashtags,
  influencerCategories,
  parentCategories,
  states,
} from '../../db/schema/index.js';

export function listCountries(db: Database) {
  return db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name));
}

export function listStates(db: Database, countryId: string | undefined) {
  return db
    .select({ id: states.id, name: states.name, countryId: states.countryId })
    .from(states)
    .where(countryId === undefined ? undefined : eq(states.countryId, countryId))
    .orderBy(asc(states.name));
}

export function listCities(db: Database, stateId: string | undefined) {
  return db
    .select({ id: cities.id, name: cities.name, stateId: cities.stateId })
    .from(cities)
    .where(stateId === undefined ? undefined : eq(cities.stateId, stateId))
    .orderBy(asc(cities.name), asc(cities.id));
}

/** Parents in tree order, each child with its parent id; a parent without children appears once. */
export function listCategoryTree(db: Database) {
  return db
    .select({
      parentId: parentCategories.id,
      parentName: parentCategories.name,
      childId: childCategories.id,
      childName: childCategories.name,
    })
    .from(parentCategories)
    .leftJoin(childCategories, eq(childCategories.parentId, parentCategories.id))
    .orderBy(
      asc(parentCategories.position),
      asc(parentCategories.name),
      asc(childCategories.position),
      asc(childCategories.name),
    );
}

export function listInfluencerCategories(db: Database) {
  return db
    .select({ id: influencerCategories.id, field: influencerCategories.field })
    .from(influencerCategories)
    .orderBy(asc(influencerCategories.field));
}

/** `%` and `_` in user text match themselves, not any character. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Tags containing `text` (any case): those starting with it first, then alphabetical. */
export function searchHashtags(db: Database, text: string, limit: number, offset: number) {
  const escaped = escapeLike(text);
  return db
    .select({ id: hashtags.id, tag: hashtags.tag })
    .from(hashtags)
    .where(text === '' ? undefined : ilike(hashtags.tag, `%${escaped}%`))
    .orderBy(sql`case when ${hashtags.tag} ilike ${`${escaped}%`} then 0 else 1 end`, asc(hashtags.tag))
    .limit(limit)
    .offset(offset);
}

// Admin edits of reference data. Each returns the row as written, or undefined when the id is unknown.

/** A new parent category goes after the existing ones. */
export async function insertParentCategory(db: Database, name: string) {
  const [last] = await db.select({ position: max(parentCategories.position) }).from(parentCategories);
  const [row] = await db
    .insert(parentCategories)
    .values({ id: newId(), name, position: (last?.position ?? 0) + 1 })
    .returning({ id: parentCategories.id, name: parentCategories.name });
  return row!;
}

export async function renameParentCategory(db: Database, id: string, name: string) {
  const [row] = await db
    .update(parentCategories)
    .set({ name })
    .where(eq(parentCategories.id, id))
    .returning({ id: parentCategories.id, name: parentCategories.name });
  return row;
}

export async function findParentCategoryChildren(db: Database, parentId: string) {
  return db
    .select({ id: childCategories.id, name: childCategories.name })
    .from(childCategories)
    .where(eq(childCategories.parentId, parentId))
    .orderBy(asc(childCategories.position), asc(childCategories.name));
}

export async function parentCategoryExists(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: parentCategories.id })
    .from(parentCategories)
    .where(eq(parentCategories.id, id));
  return rows.length > 0;
}

/** A new child category goes after its parent's existing ones. */
export async function insertChildCategory(db: Database, parentId: string, name: string) {
  const [last] = await db
    .select({ position: max(childCategories.position) })
    .from(childCategories)
    .where(eq(childCategories.parentId, parentId));
  const [row] = await db
    .insert(childCategories)
    .values({ id: newId(), parentId, name, position: (last?.position ?? 0) + 1 })
    .returning({ id: childCategories.id, name: childCategories.name, parentId: childCategories.parentId });
  return row!;
}

export async function renameChildCategory(db: Database, id: string, name: string) {
  const [row] = await db
    .update(childCategories)
    .set({ name })
    .where(eq(childCategories.id, id))
    .returning({ id: childCategories.id, name: childCategories.name, parentId: childCategories.parentId });
  return row;
}

export async function stateExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: states.id }).from(states).where(eq(states.id, id));
  return rows.length > 0;
}

export async function insertCity(db: Database, stateId: string, name: string) {
  const [row] = await db
    .insert(cities)
    .values({ id: newId(), stateId, name })
    .returning({ id: cities.id, name: cities.name, stateId: cities.stateId });
  return row!;
}

export async function renameCity(db: Database, id: string, name: string) {
  const [row] = await db
    .update(cities)
    .set({ name })
    .where(eq(cities.id, id))
    .returning({ id: cities.id, name: cities.name, stateId: cities.stateId });
  return row;
}

export async function insertInfluencerCategory(db: Database, field: string) {
  const [row] = await db
    .insert(influencerCategories)
    .values({ id: newId(), field })
    .returning({ id: influencerCategories.id, field: influencerCategories.field });
  return row!;
}

export async function renameInfluencerCategory(db: Database, id: string, field: string) {
  const [row] = await db
    .update(influencerCategories)
    .set({ field })
    .where(eq(influencerCategories.id, id))
    .returning({ id: influencerCategories.id, field: influencerCategories.field });
  return row;
}

export async function insertHashtag(db: Database, tag: string) {
  const [row] = await db
    .insert(hashtags)
    .values({ id: newId(), tag })
    .returning({ id: hashtags.id, tag: hashtags.tag });
  return row!;
}

export async function renameHashtag(db: Database, id: string, tag: string) {
  const [row] = await db
    .update(hashtags)
    .set({ tag })
    .where(eq(hashtags.id, id))
    .returning({ id: hashtags.id, tag: hashtags.tag });
  return row;
}
