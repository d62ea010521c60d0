import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimListResponseSchema,
  confirmedClaimResponseSchema,
  meResponseSchema,
  messageOnlySchema,
  notificationPreferencesResponseSchema,
  postPageResponseSchema,
  unsubscribeResponseSchema,
  type NotificationPreferences,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const accountKeys = {
  me: ['account', 'me'] as const,
  posts: (userId: string) => ['account', 'posts', userId] as const,
  claims: ['account', 'claims'] as const,
  notifications: ['account', 'notifications'] as const,
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

/** Contributions sent with this account's contact by someone not signed in: they wait for its holder. */
export function useMyClaims() {
  return useQuery({
    queryKey: accountKeys.claims,
    queryFn: ({ signal }) => apiRequest('/contributions/mine', { schema: claimListResponseSchema, signal }),
  });
}

/** Publish (it was me) or discard (it was not): either way it leaves the list, and posts may change. */
export function useDecideClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, publish }: { _id: string; publish: boolean }) =>
      publish
        ? apiRequest('/contributions/publish', {
            method: 'POST',
            body: { _id },
            schema: confirmedClaimResponseSchema,
          })
        : apiRequest('/contributions/discard', { method: 'POST', body: { _id }, schema: messageOnlySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: accountKeys.notifications,
    queryFn: ({ signal }) =>
      apiRequest('/notifications/preferences', { schema: notificationPreferencesResponseSchema, signal }),
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest('/notifications/preferences', {
        method: 'PUT',
        body: preferences,
        schema: notificationPreferencesResponseSchema,
      }),
    onSuccess: (saved) => client.setQueryData(accountKeys.notifications, saved),
  });
}

/** The link at the end of a message: works without signing in. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/notifications/unsubscribe', {
        method: 'POST',
        body: { token },
        schema: unsubscribeResponseSchema,
      }),
  });
}
