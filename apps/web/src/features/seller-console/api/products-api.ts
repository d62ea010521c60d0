import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandListResponseSchema,
  csvImportResultSchema,
  modelListResponseSchema,
  parentCategoriesResponseSchema,
  productCreatedResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  publicShopResponseSchema,
  sellerFieldsResponseSchema,
  type ProductDraftInput,
  type SellerFieldUpdate,
} from '@app/domain';
import { API_BASE } from '../../../lib/api-base';
import { ApiError, apiRequest, authHeaders } from '../../../lib/api-client';
import { productPagesKey, storeCatalogueKey } from '../../../lib/catalogue-keys';

export const consoleKeys = {
  own: (userId: string) => ['seller-console', 'own', userId] as const,
  brand: (brand: string) => ['seller-console', 'brand', brand] as const,
  store: (userId: string) => ['seller-console', 'store', userId] as const,
  brands: (search: string) => ['seller-console', 'brands', search] as const,
  models: (brand: string, search: string) => ['seller-console', 'models', brand, search] as const,
  categories: ['seller-console', 'categories'] as const,
};

/** Every product of the signed-in seller, disabled ones included (spec: page 1 of 10000). */
export function useOwnProducts(userId: string) {
  return useQuery({
    queryKey: consoleKeys.own(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/products/getAllProductOnUserId/${encodeURIComponent(userId)}/true/1/10000`, {
        schema: productListResponseSchema,
        signal,
      }),
  });
}

/** Other sellers' products of a brand, for Clone Product. */
export function useBrandProducts(brand: string) {
  return useQuery({
    queryKey: consoleKeys.brand(brand),
    enabled: brand !== '',
    queryFn: ({ signal }) =>
      apiRequest('/products/getProductsOnBrandName', {
        method: 'POST',
        body: { brand, page: 1, limit: 1000 },
        schema: productListResponseSchema,
        signal,
      }),
  });
}

export function useSellerStore(userId: string) {
  return useQuery({
    queryKey: consoleKeys.store(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/shop/getSingleStoreDetailsByUserIdWithOutMobileAndEmail/${encodeURIComponent(userId)}`, {
        schema: publicShopResponseSchema,
        signal,
      }),
  });
}

export function useBrandNames(search: string) {
  return useQuery({
    queryKey: consoleKeys.brands(search),
    queryFn: ({ signal }) =>
      apiRequest('/products/allBrands', {
        method: 'POST',
        body: { searchValue: search },
        schema: brandListResponseSchema,
        signal,
      }),
    select: (r) => r.data.brand,
    staleTime: 60_000,
  });
}

export function useModelNames(brand: string, search: string) {
  return useQuery({
    queryKey: consoleKeys.models(brand, search),
    queryFn: ({ signal }) =>
      apiRequest('/products/searchModels', {
        method: 'POST',
        body: { searchValue: search, ...(brand ? { brand } : {}) },
        schema: modelListResponseSchema,
        signal,
      }),
    select: (r) => r.data.model,
    staleTime: 60_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: consoleKeys.categories,
    queryFn: ({ signal }) =>
      apiRequest('/category/getAllParentCategory', { schema: parentCategoriesResponseSchema, signal }),
    select: (r) => r.Data,
    staleTime: Infinity,
  });
}

export function useProductMutations(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: consoleKeys.own(userId) }),
      // The store's public catalogue and product pages, which the seller may open next.
      queryClient.invalidateQueries({ queryKey: storeCatalogueKey(userId) }),
      queryClient.invalidateQueries({ queryKey: productPagesKey }),
    ]);
  const create = useMutation({
    mutationFn: (body: ProductDraftInput) =>
      apiRequest('/products/createNewProduct', {
        method: 'POST',
        body,
        schema: productCreatedResponseSchema,
      }),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest('/products/updateProduct', { method: 'POST', body, schema: productResponseSchema }),
    onSettled: refresh,
  });
  const setStatus = useMutation({
    mutationFn: (body: { _id: string; status: boolean }) =>
      apiRequest('/products/enableDisablePrdct', { method: 'POST', body, schema: productResponseSchema }),
    onSettled: refresh,
  });
  return { create, update, setStatus, refresh };
}

export function useUpdateSellerField(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerFieldUpdate) =>
      apiRequest('/shop/updateSellerField', { method: 'POST', body, schema: sellerFieldsResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.store(userId) }),
  });
}

/**
 * Sends a CSV file for checking or import with upload progress (fetch cannot report it).
 * Resolves with the server's result; rejects with its error body.
 */
export function sendCsv(csv: string, dryRun: boolean, onProgress: (percent: number) => void) {
  return new Promise<ReturnType<typeof csvImportResultSchema.parse>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/products/importCsv?dryRun=${dryRun}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((100 * event.loaded) / event.total));
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server' }));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(csvImportResultSchema.parse(payload));
        return;
      }
      const body = (payload ?? {}) as { message?: string; code?: string; errors?: Record<string, string> };
      reject(
        new ApiError({
          status: xhr.status,
          code: body.code ?? 'HTTP_ERROR',
          message: body.message ?? 'The import failed',
          errors: body.errors,
        }),
      );
    };
    xhr.send(JSON.stringify({ csv }));
  });
}

/** Downloads the seller's products as CSV through an object URL (the token is a header, not a cookie). */
export async function downloadCsv(): Promise<number> {
  const response = await fetch(`${API_BASE}/products/exportCsv`, { headers: authHeaders() });
  if (!response.ok)
    throw new ApiError({ status: response.status, code: 'HTTP_ERROR', message: 'Export failed' });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'products.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return blob.size;
}
