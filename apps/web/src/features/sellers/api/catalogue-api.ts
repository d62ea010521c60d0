import { useInfiniteQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE_SIZE, pageCallPaths, productListResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { storeCatalogueKey } from '../../../lib/catalogue-keys';

export { CATALOGUE_PAGE_SIZE };

/** A store's active products in catalogue order, page by page; `model` narrows by model name. */
export function useStoreCatalogue(userId: string, model: string) {
  return useInfiniteQuery({
    queryKey: [...storeCatalogueKey(userId), model],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      return apiRequest(pageCallPaths.catalogue(userId, pageParam, CATALOGUE_PAGE_SIZE, model), {
        schema: productListResponseSchema,
        signal,
      });
    },
    getNextPageParam: (last, _all, page) => (last.hasMore ? page + 1 : undefined),
    // A seller coming back from the console sees the products just added: its changes mark this
    // stale (features/seller-console/api/products-api.ts).
  });
}
