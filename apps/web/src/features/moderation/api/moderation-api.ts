import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimListResponseSchema,
  confirmedClaimResponseSchema,
  MODERATION_PAGE_SIZE,
  moderationPageResponseSchema,
  moderatePostResponseSchema,
  reportedPostsResponseSchema,
  type ModeratePost,
  type UndoModeration,
  type VerifyProducts,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const moderationKeys = {
  page: (page: number) => ['moderation', 'page', page] as const,
  legacy: ['moderation', 'legacy-claims'] as const,
};

export function useModerationPage(page: number) {
  return useQuery({
    queryKey: moderationKeys.page(page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(`/inflncr/getPostsForModeration/${page}/${MODERATION_PAGE_SIZE}`, {
        schema: moderationPageResponseSchema,
        signal,
      }),
  });
}

export function useVerifyProducts() {
  return useMutation({
    mutationFn: (body: VerifyProducts) =>
      apiRequest('/inflncr/updatePostDetWeb', {
        method: 'POST',
        body,
        schema: { parse: (data: unknown) => data as { status: number; message: string } },
      }),
  });
}

/** Contributions that a contact match filed under an account before contacts had to be proven. */
export function useLegacyClaims() {
  return useQuery({
    queryKey: moderationKeys.legacy,
    queryFn: ({ signal }) =>
      apiRequest('/admin/contributions?state=legacy', { schema: claimListResponseSchema, signal }),
  });
}

export function useDecideLegacyClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { _id: string; decision: 'keep' | 'remove' }) =>
      apiRequest('/admin/contributions/decide', {
        method: 'POST',
        body,
        schema: confirmedClaimResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

/** Posts people reported, most reported first (decision 027). */
export function useReportedPosts(page: number) {
  return useQuery({
    queryKey: ['moderation', 'reported', page] as const,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(`/moderation/reported/${page}/${MODERATION_PAGE_SIZE}`, {
        schema: reportedPostsResponseSchema,
        signal,
      }),
  });
}

/** Hide, restore or remove a post with a reason; every moderation list is fetched again. */
export function useModeratePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ModeratePost) =>
      apiRequest('/moderation/posts/act', { method: 'POST', body, schema: moderatePostResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

/** Undo the last action within its window (issue 39); every moderation list is fetched again. */
export function useUndoModeration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UndoModeration) =>
      apiRequest('/moderation/posts/undo', { method: 'POST', body, schema: moderatePostResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['moderation'] }),
  });
}
