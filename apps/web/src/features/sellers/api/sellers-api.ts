import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  answeredQuestionsResponseSchema,
  applicantContactResponseSchema,
  messageOnlySchema,
  pageCallPaths,
  postPageResponseSchema,
  publicShopResponseSchema,
  sellerListResponseSchema,
  type ApproveSellerRequest,
  type RejectSellerRequest,
} from '@app/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const sellerKeys = {
  list: ['sellers', 'list'] as const,
  store: (userId: string) => ['sellers', 'store', userId] as const,
  reviews: (userId: string) => ['sellers', 'store', userId, 'reviews'] as const,
  questions: (userId: string) => ['sellers', 'store', userId, 'questions'] as const,
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

/** The newest reviews about a store or brand, for its page. */
export function useStoreReviews(userId: string) {
  return useQuery({
    queryKey: sellerKeys.reviews(userId),
    queryFn: ({ signal }) =>
      apiRequest(pageCallPaths.storeReviews(userId), { schema: postPageResponseSchema, signal }),
  });
}

/** The questions asked of a store or brand that have an answer, a page at a time. */
export function useAnsweredQuestions(userId: string) {
  return useInfiniteQuery({
    queryKey: sellerKeys.questions(userId),
    initialPageParam: 1,
    getNextPageParam: (last: z.infer<typeof answeredQuestionsResponseSchema>, all: unknown[]) =>
      last.more ? all.length + 1 : undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(pageCallPaths.answeredQuestions(userId, pageParam), {
        schema: answeredQuestionsResponseSchema,
        signal,
      }),
  });
}
