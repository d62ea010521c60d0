import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  legalEntitiesResponseSchema,
  messageOnlySchema,
  pendingGstinListResponseSchema,
  type LinkSellerAccountsRequest,
  type UnlinkSellerAccountRequest,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const gstinKeys = {
  pending: ['gstin-approvals', 'pending'] as const,
  entities: ['gstin-approvals', 'legal-entities'] as const,
};

/** The GSTINs sellers gave that wait for the admin (decision 069). */
export function usePendingGstins() {
  return useQuery({
    queryKey: gstinKeys.pending,
    queryFn: ({ signal }) => apiRequest('/admin/gstins', { schema: pendingGstinListResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

/** After a decision the list changes, and so may which accounts share a GSTIN. */
function useDecision<T>(request: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: gstinKeys.pending });
      await client.invalidateQueries({ queryKey: gstinKeys.entities });
    },
  });
}

export function useApproveGstin() {
  return useDecision((id: string) =>
    apiRequest(`/admin/gstins/${encodeURIComponent(id)}/approve`, {
      method: 'POST',
      schema: messageOnlySchema,
    }),
  );
}

export function useRefuseGstin() {
  return useDecision(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(`/admin/gstins/${encodeURIComponent(id)}/refuse`, {
      method: 'POST',
      body: { reason },
      schema: messageOnlySchema,
    }),
  );
}

export function useLegalEntities() {
  return useQuery({
    queryKey: gstinKeys.entities,
    queryFn: ({ signal }) =>
      apiRequest('/admin/legalEntities', { schema: legalEntitiesResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

function useEntityChange<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, { method: 'POST', body, schema: legalEntitiesResponseSchema }),
    onSuccess: async (answer) => {
      client.setQueryData(gstinKeys.entities, answer);
      await client.invalidateQueries({ queryKey: gstinKeys.pending });
    },
  });
}

export const useLinkSellerAccounts = () =>
  useEntityChange<LinkSellerAccountsRequest>('/admin/legalEntities/link');
export const useUnlinkSellerAccount = () =>
  useEntityChange<UnlinkSellerAccountRequest>('/admin/legalEntities/unlink');
