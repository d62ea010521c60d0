import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MODERATION_PAGE_SIZE, moderationPageResponseSchema, type VerifyProducts } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const moderationKeys = {
  page: (page: number) => ['moderation', 'page', page] as const,
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
