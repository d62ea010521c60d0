import { useQuery } from '@tanstack/react-query';
import {
  MODEL_SIZES_LIMIT,
  pageCallPaths,
  postPageResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  publicShopResponseSchema,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { productPagesKey } from '../../../lib/catalogue-keys';

export const productKeys = {
  product: (id: string) => [...productPagesKey, 'product', id] as const,
  model: (userId: string, model: string) => [...productPagesKey, 'model', userId, model] as const,
  store: (userId: string) => [...productPagesKey, 'store', userId] as const,
  reviews: (id: string) => [...productPagesKey, 'reviews', id] as const,
};

/** Public reviews that tag the product, newest first. */
export function useProductReviews(productId: string) {
  return useQuery({
    queryKey: productKeys.reviews(productId),
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.productReviews(productId), { schema: postPageResponseSchema, signal }).then(
        (r) => r.Data,
      ),
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
