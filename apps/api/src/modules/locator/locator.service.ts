import {
  PLACE_MESSAGES,
  type NearbyPartnerStoresRequest,
  type NearbyShopsRequest,
  type NearbyStore,
  type Place,
  type PlaceSearchQuery,
  type SearchRequest,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
// The pincode table is a data file the lookups module loads; the locator reads the same file.
import { createPincodeDirectory, type PincodeDirectory } from '../lookups/pincode-directory.js';
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
    phone: row.phone,
    openingHours: row.openingHours,
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

/** How many brands a partial brand name may stand for in one nearby search. */
const PARTIAL_BRANDS = 10;
const PLACES_LIMIT = 8;

const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
const joined = (...parts: string[]) => parts.filter(Boolean).join(', ');

/**
 * Stores of any of several brand keys, nearest first, each store once: what a partial brand name
 * ("Kaveri") finds when no brand is called exactly that.
 */
async function findNearbyByBrands(db: Database, input: NearbyShopsRequest, brands: string[]) {
  const lists = await Promise.all(
    brands.map((brand) =>
      repo.findNearbyStores(db, {
        ...around(input),
        key: repo.locatorKey.brand(brand),
        onlyUserId: input.storeUserId || undefined,
      }),
    ),
  );
  const byShop = new Map<string, Row>();
  for (const row of lists.flat()) byShop.set(row.id, row);
  return [...byShop.values()]
    .sort((a, b) => Number(a.distanceMetres) - Number(b.distanceMetres))
    .slice(0, input.limit);
}

export function createLocatorService(
  db: Database,
  { pincodes = createPincodeDirectory() }: { pincodes?: PincodeDirectory } = {},
) {
  return {
    /**
     * Places to search around without the device's position (decision 025). A pincode India Post
     * knows is placed at the middle of the approved stores with that pincode, else of those in its
     * sorting district (same first three digits); a name finds the areas and cities of approved
     * stores containing it. Unknown pincode: 404 naming `q`; no stores there yet: an empty list.
     */
    async searchPlaces({ q }: PlaceSearchQuery): Promise<Place[]> {
      if (/^\d{6}$/.test(q)) {
        const known = await pincodes(q);
        if (!known)
          throw new AppError('NOT_FOUND', PLACE_MESSAGES.unknownPincode, {
            q: PLACE_MESSAGES.unknownPincode,
          });
        const found =
          (await repo.findPincodeMiddle(db, q)) ?? (await repo.findPincodeMiddle(db, q.slice(0, 3)));
        if (!found) return [];
        return [
          {
            kind: 'pincode',
            label: `${q} · ${joined(known.district, known.state)}`,
            pinCode: q,
            area: '',
            city: known.district,
            state: known.state,
            lat: rounded(found.latitude),
            long: rounded(found.longitude),
            stores: found.stores,
          },
        ];
      }
      const { cities, areas } = await repo.findPlacesByName(db, q, PLACES_LIMIT);
      const places: Place[] = [
        ...cities.map((c) => ({
          kind: 'city' as const,
          label: joined(c.city, c.state),
          pinCode: '',
          area: '',
          city: c.city,
          state: c.state,
          lat: rounded(c.latitude),
          long: rounded(c.longitude),
          stores: c.stores,
        })),
        ...areas.map((a) => ({
          kind: 'area' as const,
          label: joined(a.area, a.city),
          pinCode: '',
          area: a.area,
          city: a.city,
          state: a.state,
          lat: rounded(a.latitude),
          long: rounded(a.longitude),
          stores: a.stores,
        })),
      ];
      return places.slice(0, PLACES_LIMIT);
    },

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

      // No brand called exactly that near here: the brands whose names contain it (decision 025).
      if (input.brand) {
        const brands = (await repo.searchBrands(db, input.brand, PARTIAL_BRANDS)).filter(
          (name) => name.toLowerCase() !== input.brand.toLowerCase(),
        );
        if (brands.length > 0) {
          const partial = await findNearbyByBrands(db, input, brands);
          if (partial.length > 0) return partial.map(toNearbyStore);
          return [];
        }
      }

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
