import { useMutation, useQuery } from '@tanstack/react-query';
import {
  applicantContactResponseSchema,
  messageOnlySchema,
  pageCallPaths,
  publicShopResponseSchema,
  sellerListResponseSchema,
  type ApproveSellerRequest,
  type RejectSellerRequest,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const sellerKeys = {
  list: ['sellers', 'list'] as const,
  store: (userId: string) => ['sellers', 'store', userId] as const,
};

export function useSellerList() {
  return useQuery({
    queryKey: sellerKeys.list,
    queryFn: ({ signal }) =>
      apiRequest('/users/getAllUserShopDetailsWithOutMobileAndEmail', {
        schema: sellerListResponseSchema,
        signal,
      }),
  });
}

/** Asked only when the admin opens it: the list itself never carries contact data. */
export function useApplicantContact(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['sellers', 'contact', id],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/admin/applicants/${encodeURIComponent(id)}/contact`, {
        schema: applicantContactResponseSchema,
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useApproveSeller() {
  return useMutation({
    mutationFn: (body: ApproveSellerRequest) =>
      apiRequest('/users/approveSeller', { method: 'POST', body, schema: messageOnlySchema }),
  });
}

export function useRejectSeller() {
  return useMutation({
    mutationFn: (body: RejectSellerRequest) =>
      apiRequest('/users/rejectSeller', { method: 'POST', body, schema: messageOnlySchema }),
  });
}

export function useStore(userId: string) {
  return useQuery({
    queryKey: sellerKeys.store(userId),
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.store(userId), {
        schema: publicShopResponseSchema,
        signal,
      }),
  });
}
