import type { Database } from '../client.js';
import {
  childCategories,
  cities,
  countries,
  hashtags,
  influencerCategories,
  parentCategories,
  states,
} from '../schema/index.js';
import {
  COUNTRIES,
  HASHTAGS,
  HOME_COUNTRY,
  INDIAN_STATES,
  INFLUENCER_CATEGORIES,
  PRODUCT_CATEGORIES,
} from './reference-data.js';
import {
  childCategoryId,
  cityId,
  countryId,
  hashtagId,
  influencerCategoryId,
  parentCategoryId,
  stateId,
} from './reference-ids.js';

export interface ReferenceCounts {
  countries: number;
  states: number;
  cities: number;
  parentCategories: number;
  childCategories: number;
  influencerCategories: number;
  hashtags: number;
}

/** Every reference row, with its stable id. Pure, so counts and ids can be checked without a database. */
export function referenceRows() {
  const stateRows = Object.keys(INDIAN_STATES).map((name) => ({
    id: stateId(HOME_COUNTRY, name),
    countryId: countryId(HOME_COUNTRY),
    name,
  }));
  const cityRows = Object.entries(INDIAN_STATES).flatMap(([state, names]) =>
    names.map((name) => ({
      id: cityId(HOME_COUNTRY, state, name),
      stateId: stateId(HOME_COUNTRY, state),
      name,
    })),
  );
  return {
    countries: COUNTRIES.map((name) => ({ id: countryId(name), name })),
    states: stateRows,
    cities: cityRows,
    parentCategories: PRODUCT_CATEGORIES.map(({ parent }, position) => ({
      id: parentCategoryId(parent),
      name: parent,
      position,
    })),
    childCategories: PRODUCT_CATEGORIES.flatMap(({ parent, children }) =>
      children.map((name, position) => ({
        id: childCategoryId(parent, name),
        parentId: parentCategoryId(parent),
        name,
        position,
      })),
    ),
    influencerCategories: INFLUENCER_CATEGORIES.map((field) => ({ id: influencerCategoryId(field), field })),
    hashtags: HASHTAGS.map((tag) => ({ id: hashtagId(tag), tag })),
  };
}

/**
 * Inserts whatever reference rows are missing, in one transaction. Existing rows are left as they are
 * (`onConflictDoNothing`), so running it again, or on a database an admin has added to, changes nothing.
 */
export async function seedReferenceData(db: Database): Promise<ReferenceCounts> {
  const rows = referenceRows();
  await db.transaction(async (tx) => {
    // Parents before children: the foreign keys are checked row by row.
    await tx.insert(countries).values(rows.countries).onConflictDoNothing();
    await tx.insert(states).values(rows.states).onConflictDoNothing();
    await tx.insert(cities).values(rows.cities).onConflictDoNothing();
    await tx.insert(parentCategories).values(rows.parentCategories).onConflictDoNothing();
    await tx.insert(childCategories).values(rows.childCategories).onConflictDoNothing();
    await tx.insert(influencerCategories).values(rows.influencerCategories).onConflictDoNothing();
    await tx.insert(hashtags).values(rows.hashtags).onConflictDoNothing();
  });
  return {
    countries: rows.countries.length,
    states: rows.states.length,
    cities: rows.cities.length,
    parentCategories: rows.parentCategories.length,
    childCategories: rows.childCategories.length,
    influencerCategories: rows.influencerCategories.length,
    hashtags: rows.hashtags.length,
  };
}
