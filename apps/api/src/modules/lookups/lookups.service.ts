import type {
  City,
  CitiesQuery,
  CityInput,
  ChildCategoryInput,
  Hashtag,
  HashtagInput,
  InfluencerCategory,
  InfluencerCategoryInput,
  NamedItem,
  NewChildCategory,
  NewCity,
  ParentCategory,
  PincodePlace,
  ParentCategoryInput,
  SearchRequest,
  State,
  StatesQuery,
} from '@app/domain';
import { DEFAULT_COUNTRY_NAME, PINCODE_NOT_FOUND } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createLocalCacheBus, type CacheBus } from '../../lib/cache-bus.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import * as repo from './lookups.repository.js';
import { createPincodeDirectory, type PincodeDirectory } from './pincode-directory.js';

/**
 * Cache keys of the reference lists. A key holds every input that changes the answer (the
 * country or state filter; '' for none), so an edit invalidates exactly the lists it changes.
 */
export const lookupKeys = {
  countries: 'countries',
  states: (countryId = '') => `states:${countryId}`,
  cities: (stateId = '') => `cities:${stateId}`,
  categories: 'categories',
  influencerCategories: 'influencer-categories',
};

/** A unique-name clash is the admin's to fix, not a server error. */
async function unlessDuplicate<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('CONFLICT', message);
    throw error;
  }
}

/** Lower case, words separated by one space, for comparing place names across spellings. */
const words = (name: string) =>
  ` ${name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/**
 * Our city for an India Post district: the one of the same name, else the longest city name the
 * district is named after ('Central Delhi' → Delhi, 'Mumbai Suburban' → Mumbai).
 */
export function cityOfDistrict<T extends { name: string }>(district: string, cities: readonly T[]) {
  const name = words(district);
  const exact = cities.find((c) => words(c.name) === name);
  if (exact) return exact;
  return cities.filter((c) => name.includes(words(c.name))).sort((a, b) => b.name.length - a.name.length)[0];
}

function found<T>(row: T | undefined, what: string): T {
  if (!row) throw new AppError('NOT_FOUND', `${what} not found`);
  return row;
}

export function createLookupsService(
  db: Database,
  {
    bus = createLocalCacheBus(),
    pincodes = createPincodeDirectory(),
  }: { bus?: CacheBus; pincodes?: PincodeDirectory } = {},
) {
  // The cached values are the finished answers, and callers must not change them: the same
  // object is handed out until the entry expires or is invalidated (the HTTP layer relies on that
  // to serialize it once, see plugins/http-cache.ts).
  const cache = createTtlCache(60_000);
  bus.subscribe((keys) => cache.delete(keys));

  const service = {
    /** Alphabetical, with the default country first because nearly every user picks it. */
    listCountries(): Promise<NamedItem[]> {
      return cache.get(lookupKeys.countries, async () => {
        const rows = await repo.listCountries(db);
        const home = rows.filter((r) => r.name === DEFAULT_COUNTRY_NAME);
        const others = rows.filter((r) => r.name !== DEFAULT_COUNTRY_NAME);
        return [...home, ...others].map((r) => ({ _id: r.id, name: r.name }));
      });
    },

    listStates(query: StatesQuery): Promise<State[]> {
      return cache.get(lookupKeys.states(query.country_id), async () => {
        const rows = await repo.listStates(db, query.country_id);
        return rows.map((r) => ({ _id: r.id, name: r.name, country_id: r.countryId }));
      });
    },

    listCities(query: CitiesQuery): Promise<City[]> {
      return cache.get(lookupKeys.cities(query.state_id), async () => {
        const rows = await repo.listCities(db, query.state_id);
        return rows.map((r) => ({ _id: r.id, name: r.name, state_id: r.stateId }));
      });
    },

    listCategoryTree(): Promise<ParentCategory[]> {
      return cache.get(lookupKeys.categories, async () => {
        const tree = new Map<string, ParentCategory>();
        for (const row of await repo.listCategoryTree(db)) {
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
      });
    },

    listInfluencerCategories(): Promise<InfluencerCategory[]> {
      return cache.get(lookupKeys.influencerCategories, async () => {
        const rows = await repo.listInfluencerCategories(db);
        return rows.map((r) => ({ _id: r.id, field: r.field }));
      });
    },

    /** Tags are stored without '#'; a leading '#' in the search text is ignored. */
    async searchHashtags(input: SearchRequest): Promise<Hashtag[]> {
      const text = input.searchValue.replace(/^#+/, '').trim();
      const rows = await repo.searchHashtags(db, text, input.limit, (input.page - 1) * input.limit);
      return rows.map((r) => ({ _id: r.id, tag: r.tag }));
    },

    // Admin edits (the routes allow ADMIN only). Each publishes the cache keys it made stale.

    async addParentCategory(input: ParentCategoryInput): Promise<ParentCategory> {
      const row = await unlessDuplicate(
        repo.insertParentCategory(db, input.parentCategory),
        'A category with this name already exists',
      );
      bus.publish([lookupKeys.categories]);
      return { _id: row.id, parentCategory: row.name, childCategorys: [] };
    },

    async renameParentCategory(id: string, input: ParentCategoryInput): Promise<ParentCategory> {
      const row = found(
        await unlessDuplicate(
          repo.renameParentCategory(db, id, input.parentCategory),
          'A category with this name already exists',
        ),
        'Category',
      );
      bus.publish([lookupKeys.categories]);
      const children = await repo.findParentCategoryChildren(db, id);
      return {
        _id: row.id,
        parentCategory: row.name,
        childCategorys: children.map((c) => ({ _id: c.id, childCategoryName: c.name })),
      };
    },

    async addChildCategory(input: NewChildCategory) {
      if (!(await repo.parentCategoryExists(db, input.parent_id))) {
        throw new AppError('NOT_FOUND', 'Parent category not found', { parent_id: 'Unknown category' });
      }
      const row = await unlessDuplicate(
        repo.insertChildCategory(db, input.parent_id, input.childCategoryName),
        'This category already has a sub-category with this name',
      );
      bus.publish([lookupKeys.categories]);
      return { _id: row.id, childCategoryName: row.name, parent_id: row.parentId };
    },

    async renameChildCategory(id: string, input: ChildCategoryInput) {
      const row = found(
        await unlessDuplicate(
          repo.renameChildCategory(db, id, input.childCategoryName),
          'This category already has a sub-category with this name',
        ),
        'Sub-category',
      );
      bus.publish([lookupKeys.categories]);
      return { _id: row.id, childCategoryName: row.name, parent_id: row.parentId };
    },

    async addCity(input: NewCity): Promise<City> {
      if (!(await repo.stateExists(db, input.state_id))) {
        throw new AppError('NOT_FOUND', 'State not found', { state_id: 'Unknown state' });
      }
      const row = await unlessDuplicate(
        repo.insertCity(db, input.state_id, input.name),
        'This state already has a city with this name',
      );
      bus.publish([lookupKeys.cities(), lookupKeys.cities(row.stateId)]);
      return { _id: row.id, name: row.name, state_id: row.stateId };
    },

    async renameCity(id: string, input: CityInput): Promise<City> {
      const row = found(
        await unlessDuplicate(
          repo.renameCity(db, id, input.name),
          'This state already has a city with this name',
        ),
        'City',
      );
      bus.publish([lookupKeys.cities(), lookupKeys.cities(row.stateId)]);
      return { _id: row.id, name: row.name, state_id: row.stateId };
    },

    async addInfluencerCategory(input: InfluencerCategoryInput): Promise<InfluencerCategory> {
      const row = await unlessDuplicate(
        repo.insertInfluencerCategory(db, input.field),
        'This field already exists',
      );
      bus.publish([lookupKeys.influencerCategories]);
      return { _id: row.id, field: row.field };
    },

    async renameInfluencerCategory(id: string, input: InfluencerCategoryInput): Promise<InfluencerCategory> {
      const row = found(
        await unlessDuplicate(
          repo.renameInfluencerCategory(db, id, input.field),
          'This field already exists',
        ),
        'Field',
      );
      bus.publish([lookupKeys.influencerCategories]);
      return { _id: row.id, field: row.field };
    },

    // Hashtag search reads the table directly (it is not cached), so there is nothing to invalidate.
    async addHashtag(input: HashtagInput): Promise<Hashtag> {
      const row = await unlessDuplicate(repo.insertHashtag(db, input.tag), 'This tag already exists');
      return { _id: row.id, tag: row.tag };
    },

    async renameHashtag(id: string, input: HashtagInput): Promise<Hashtag> {
      const row = found(
        await unlessDuplicate(repo.renameHashtag(db, id, input.tag), 'This tag already exists'),
        'Tag',
      );
      return { _id: row.id, tag: row.tag };
    },

    /**
     * Where a pincode is, for the address forms to fill state and city. State and city are
     * matched by name onto our lists (cached above), so the ids stay the forms' own.
     */
    async findPincode(pincode: string): Promise<PincodePlace> {
      const place = await pincodes(pincode);
      if (!place) throw new AppError('NOT_FOUND', PINCODE_NOT_FOUND, { pincode: PINCODE_NOT_FOUND });
      const country = (await service.listCountries()).find((c) => c.name === DEFAULT_COUNTRY_NAME);
      const states = country ? await service.listStates({ country_id: country._id }) : [];
      const state = states.find((s) => words(s.name) === words(place.state));
      const city = state && cityOfDistrict(place.district, await service.listCities({ state_id: state._id }));
      return {
        pincode,
        district: place.district,
        state: state?.name ?? place.state,
        state_id: state?._id ?? null,
        country_id: country?._id ?? null,
        city: city?.name ?? null,
        city_id: city?._id ?? null,
      };
    },
  };
  return service;
}

export type LookupsService = ReturnType<typeof createLookupsService>;
