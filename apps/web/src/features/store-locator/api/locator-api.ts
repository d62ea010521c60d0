import { useMutation, useQuery } from '@tanstack/react-query';
import {
  locatorBrandsResponseSchema,
  nearbyStoresResponseSchema,
  parentCategoriesResponseSchema,
  publicShopResponseSchema,
  type NearbyPartnerStoresInput,
  type NearbyShopsInput,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const locatorKeys = {
  categories: ['locator', 'categories'] as const,
  brands: (search: string) => ['locator', 'brands', search] as const,
  store: (userId: string) => ['locator', 'store', userId] as const,
};

export function useCategoryTree() {
  return useQuery({
    queryKey: locatorKeys.categories,
    queryFn: ({ signal }) =>
      apiRequest('/category/getAllParentCategory', { schema: parentCategoriesResponseSchema, signal }),
    staleTime: 60 * 60 * 1000,
  });
}

/** Brand names containing the typed text; the server caps the list at the search page limit. */
export function useBrandSearch(search: string) {
  return useQuery({
    queryKey: locatorKeys.brands(search),
    enabled: search !== '',
    queryFn: ({ signal }) =>
      apiRequest('/shop/searchLocatorBrands', {
        method: 'POST',
        body: { searchValue: search },
        schema: locatorBrandsResponseSchema,
        signal,
      }),
    staleTime: 5 * 60 * 1000,
    placeholderData: (previous) => previous,
  });
}

/** The store or brand a scoped locator belongs to: its name and the categories it sells. */
export function useScopeStore(userId: string | undefined) {
  return useQuery({
    queryKey: locatorKeys.store(userId ?? ''),
    enabled: !!userId,
    queryFn: ({ signal }) =>
      apiRequest(`/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${encodeURIComponent(userId!)}`, {
        schema: publicShopResponseSchema,
        signal,
      }),
  });
}

export function useNearbyStores() {
  return useMutation({
    mutationFn: (body: NearbyShopsInput) =>
      apiRequest('/shop/getNearbyShopsDetailsWithCategoryAndBrandFilter', {
        method: 'POST',
        body,
        schema: nearbyStoresResponseSchema,
      }),
  });
}

export function useNearbyPartnerStores() {
  return useMutation({
    mutationFn: (body: NearbyPartnerStoresInput) =>
      apiRequest('/shop/getNearbyPartnerBrandStores', {
        method: 'POST',
        body,
        schema: nearbyStoresResponseSchema,
      }),
  });
}
