import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addReviewResponseSchema,
  requirementMatchesResponseSchema,
  shopListResponseSchema,
  skillPostsResponseSchema,
  type NewPostInput,
  type SkillKind,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const skillKeys = {
  all: ['skills'] as const,
  posts: (search: string, kind: SkillKind | '') => ['skills', 'posts', search, kind] as const,
  requirements: (search: string) => ['skills', 'requirements', search] as const,
  matches: (postId: string) => ['skills', 'matches', postId] as const,
  partners: ['skills', 'partners'] as const,
};

const query = (params: Record<string, string>) => {
  const kept = Object.entries(params).filter(([, v]) => v !== '');
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
};

/** Public skill posts, best match first when searching. */
export function useSkillPosts(search: string, kind: SkillKind | '') {
  return useQuery({
    queryKey: skillKeys.posts(search, kind),
    queryFn: ({ signal }) =>
      apiRequest(`/skills/posts${query({ search, kind })}`, { schema: skillPostsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequirements(search: string) {
  return useQuery({
    queryKey: skillKeys.requirements(search),
    queryFn: ({ signal }) =>
      apiRequest(`/skills/requirements${query({ search })}`, { schema: skillPostsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequirementMatches(postId: string | null) {
  return useQuery({
    queryKey: skillKeys.matches(postId ?? ''),
    enabled: !!postId,
    queryFn: ({ signal }) =>
      apiRequest(`/skills/requirements/${encodeURIComponent(postId!)}/matches`, {
        schema: requirementMatchesResponseSchema,
        signal,
      }),
  });
}

/** Brands and stores a service or review can be tagged to. */
export function usePartners(enabled: boolean) {
  return useQuery({
    queryKey: skillKeys.partners,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('/shop/getAllShopsDetailsWithoutUserInfo', { schema: shopListResponseSchema, signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useAddPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPostInput) =>
      apiRequest('/inflncr/addReview', { method: 'POST', body, schema: addReviewResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: skillKeys.all }),
  });
}
