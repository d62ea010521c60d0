import type { NearbyPartnerStoresRequest, NearbyShopsRequest, NearbyStore, SearchRequest } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './locator.repository.js';

type Row = Awaited<ReturnType<typeof repo.findNearbyStores>>[number];

function toNearbyStore(row: Row): NearbyStore {
  const location = { type: 'Point' as const, coordinates: [row.longitude, row.latitude] as [number, number] };
  const owner = { _id: row.userId, isBrand: row.isBrand };
  return {
    _id: row.id,
    name: row.name,
    area: row.area,
    address: {
      address: row.address,
      pinCode: row.pinCode,
      city: row.city,
      state: row.state,
      country: row.country,
      city_id: row.cityId,
      state_id: row.stateId,
      country_id: row.countryId,
      location,
    },
    location,
    media: row.media,
    sellCategory: row.sellCategory,
    user_id: owner,
    // Metres from the database; two decimals of a kilometre are ten metres, plenty for a list.
    distanceKm: Math.round(Number(row.distanceMetres) / 10) / 100,
  };
}

const around = (input: { lat: number; long: number; radiusKm: number; limit: number }) => ({
  latitude: input.lat,
  longitude: input.long,
  radiusMetres: input.radiusKm * 1000,
  limit: input.limit,
});

export function createLocatorService(db: Database) {
  return {
    /**
     * Nearest approved stores selling a category or a brand, optionally only one seller's stores.
     * The common case is one query; only an empty result checks why, to tell "none near you" (200,
     * empty list) from an unknown category, brand or store (404).
     */
    async findNearbyStores(input: NearbyShopsRequest): Promise<NearbyStore[]> {
      const key = input.childCategoryName
        ? repo.locatorKey.category(input.childCategoryName)
        : repo.locatorKey.brand(input.brand);
      const rows = await repo.findNearbyStores(db, {
        ...around(input),
        key,
        onlyUserId: input.storeUserId || undefined,
      });
      if (rows.length > 0) return rows.map(toNearbyStore);

      if (input.childCategoryName && !(await repo.childCategoryExists(db, input.childCategoryName))) {
        throw new AppError('NOT_FOUND', `Category "${input.childCategoryName}" not found`, {
          childCategoryName: 'Choose a category from the list',
        });
      }
      if (input.brand && !(await repo.keyExists(db, key))) {
        throw new AppError('NOT_FOUND', `Brand "${input.brand}" not found`, {
          brand: 'No store sells this brand; choose a brand from the list',
        });
      }
      if (input.storeUserId && !(await repo.findApprovedSeller(db, input.storeUserId))) {
        throw new AppError('NOT_FOUND', 'Store not found', { storeUserId: 'No approved store has this id' });
      }
      return [];
    },

    /**
     * Nearest approved partner stores of a brand: other stores carrying its products. Partner keys
     * only ever name brands (migration 0003), so a result proves the id is a brand's.
     */
    async findNearbyPartnerStores(input: NearbyPartnerStoresRequest): Promise<NearbyStore[]> {
      const rows = await repo.findNearbyStores(db, {
        ...around(input),
        key: repo.locatorKey.partner(input.storeUserId),
        exceptUserId: input.storeUserId,
      });
      if (rows.length > 0) return rows.map(toNearbyStore);
      const brand = await repo.findApprovedSeller(db, input.storeUserId);
      if (!brand?.isBrand) {
        throw new AppError('NOT_FOUND', 'Brand not found', { storeUserId: 'No approved brand has this id' });
      }
      return [];
    },

    /** Brand names to pick from in the locator's brand search. */
    async searchBrands(input: SearchRequest): Promise<string[]> {
      return repo.searchBrands(db, input.searchValue, input.limit);
    },
  };
}

export type LocatorService = ReturnType<typeof createLocatorService>;
