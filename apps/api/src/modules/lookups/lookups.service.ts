import type {
  City,
  CitiesQuery,
  Hashtag,
  InfluencerCategory,
  NamedItem,
  ParentCategory,
  SearchRequest,
  State,
  StatesQuery,
} from '@app/domain';
import { DEFAULT_COUNTRY_NAME } from '@app/domain';
import type { Database } from '../../db/client.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import * as repo from './lookups.repository.js';

export function createLookupsService(db: Database) {
  const cache = createTtlCache(60_000);
  return {
    /** Alphabetical, with the default country first because nearly every user picks it. */
    async listCountries(): Promise<NamedItem[]> {
      const rows = await cache.get('countries', () => repo.listCountries(db));
      const home = rows.filter((r) => r.name === DEFAULT_COUNTRY_NAME);
      const others = rows.filter((r) => r.name !== DEFAULT_COUNTRY_NAME);
      return [...home, ...others].map((r) => ({ _id: r.id, name: r.name }));
    },

    async listStates(query: StatesQuery): Promise<State[]> {
      const rows = await cache.get(`states:${query.country_id ?? ''}`, () =>
        repo.listStates(db, query.country_id),
      );
      return rows.map((r) => ({ _id: r.id, name: r.name, country_id: r.countryId }));
    },

    async listCities(query: CitiesQuery): Promise<City[]> {
      const rows = await cache.get(`cities:${query.state_id ?? ''}`, () =>
        repo.listCities(db, query.state_id),
      );
      return rows.map((r) => ({ _id: r.id, name: r.name, state_id: r.stateId }));
    },

    async listCategoryTree(): Promise<ParentCategory[]> {
      const rows = await cache.get('categories', () => repo.listCategoryTree(db));
      const tree = new Map<string, ParentCategory>();
      for (const row of rows) {
        let parent = tree.get(row.parentId);
        if (!parent) {
          parent = { _id: row.parentId, parentCategory: row.parentName, childCategorys: [] };
          tree.set(row.parentId, parent);
        }
        if (row.childId !== null && row.childName !== null) {
          parent.childCategorys.push({ _id: row.childId, childCategoryName: row.childName });
        }
      }
      return [...tree.values()];
    },

    async listInfluencerCategories(): Promise<InfluencerCategory[]> {
      const rows = await cache.get('influencer-categories', () => repo.listInfluencerCategories(db));
      return rows.map((r) => ({ _id: r.id, field: r.field }));
    },

    /** Tags are stored without '#'; a leading '#' in the search text is ignored. */
    async searchHashtags(input: SearchRequest): Promise<Hashtag[]> {
      const text = input.searchValue.replace(/^#+/, '').trim();
      const rows = await repo.searchHashtags(db, text, input.limit, (input.page - 1) * input.limit);
      return rows.map((r) => ({ _id: r.id, tag: r.tag }));
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;
