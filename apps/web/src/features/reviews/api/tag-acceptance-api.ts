import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decideMentionResponseSchema,
  pendingMentionsResponseSchema,
  tagSettingsResponseSchema,
  type DecideMention,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const keys = {
  pending: ['tags', 'pending'] as const,
  settings: ['tags', 'settings'] as const,
};

/** Tags of the signed-in person's profile waiting for Accept or Decline (decision 027). */
export function usePendingTags(enabled: boolean) {
  return useQuery({
    queryKey: keys.pending,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('/mention/pending', { schema: pendingMentionsResponseSchema, signal }),
  });
}

export function useDecideTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideMention) =>
      apiRequest('/mention/decide', { method: 'POST', body, schema: decideMentionResponseSchema }),
    // An accepted tag joins the profile's Tagged Reviews list.
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: keys.pending }), client.invalidateQueries()]),
  });
}

export function useTagSettings(enabled: boolean) {
  return useQuery({
    queryKey: keys.settings,
    enabled,
    queryFn: ({ signal }) => apiRequest('/mention/settings', { schema: tagSettingsResponseSchema, signal }),
  });
}

export function useSaveTagSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoAccept: boolean) =>
      apiRequest('/mention/settings', {
        method: 'POST',
        body: { autoAccept },
        schema: tagSettingsResponseSchema,
      }),
    onSuccess: (answer) => client.setQueryData(keys.settings, answer),
  });
}
