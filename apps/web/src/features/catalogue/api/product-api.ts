import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MODEL_SIZES_LIMIT,
  pageCallPaths,
  postPageResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  publicShopResponseSchema,
  type PublicPost,
  type ReviewSort,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { productPagesKey } from '../../../lib/catalogue-keys';

export const productKeys = {
  product: (id: string) => [...productPagesKey, 'product', id] as const,
  model: (userId: string, model: string) => [...productPagesKey, 'model', userId, model] as const,
  store: (userId: string) => [...productPagesKey, 'store', userId] as const,
  reviews: (id: string, sort: ReviewSort) => [...productPagesKey, 'reviews', id, sort] as const,
};

/** Public reviews that tag the product, newest first or most helpful first (issue 41). */
export function useProductReviews(productId: string, sort: ReviewSort = 'newest') {
  // The newest are the page's own call (drawn pages carry its answer); the other order adds `sort`.
  const path = pageCallPaths.productReviews(productId) + (sort === 'newest' ? '' : `&sort=${sort}`);
  return useQuery<PublicPost[]>({
    queryKey: productKeys.reviews(productId, sort),
    // The other order's list stays on screen while this one loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiRequest(path, { schema: postPageResponseSchema, signal }).then((r) => r.Data),
  });
}

export function useProduct(productId: string) {
  return useQuery({
    queryKey: productKeys.product(productId),
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.product(productId), {
        schema: productResponseSchema,
        signal,
      }).then((r) => r.Data),
  });
}

/** The store's active products whose model name contains `model`: the sizes are picked from them. */
export function useModelProducts(userId: string | undefined, model: string | undefined) {
  return useQuery({
    queryKey: productKeys.model(userId ?? '', model ?? ''),
    enabled: !!userId && !!model,
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.catalogue(userId ?? '', 1, MODEL_SIZES_LIMIT, model ?? ''), {
        schema: productListResponseSchema,
        signal,
      }).then((r) => r.Data),
  });
}

export function useStoreSummary(userId: string | undefined) {
  return useQuery({
    queryKey: productKeys.store(userId ?? ''),
    enabled: !!userId,
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.store(userId ?? ''), { schema: publicShopResponseSchema, signal }).then(
        (r) => r.Data,
      ),
  });
}
