import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
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
