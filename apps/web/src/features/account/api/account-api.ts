import { useQuery } from '@tanstack/react-query';
import { meResponseSchema, postPageResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const accountKeys = {
  me: ['account', 'me'] as const,
  posts: (userId: string) => ['account', 'posts', userId] as const,
};

/** The profile as the server has it now: an approval may have happened since login. */
export function useMe() {
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: ({ signal }) => apiRequest('/users/me', { schema: meResponseSchema, signal }),
  });
}

export function useMyPosts(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.posts(userId),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/inflncr/getInfluencerPosts/${encodeURIComponent(userId)}/all/1/10`, {
        schema: postPageResponseSchema,
        signal,
      }),
  });
}
