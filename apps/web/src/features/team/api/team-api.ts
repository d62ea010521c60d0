import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageOnlySchema,
  teamListResponseSchema,
  teamMemberResponseSchema,
  type CreateTeamMember,
  type TeamRight,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const teamKey = ['team', 'list'] as const;

export function useTeam() {
  return useQuery({
    queryKey: teamKey,
    queryFn: ({ signal }) => apiRequest('/admin/team', { schema: teamListResponseSchema, signal }),
  });
}

export function useAddTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeamMember) =>
      apiRequest('/admin/team', { method: 'POST', body, schema: teamMemberResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRemoveTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/admin/team/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageOnlySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

/** The admin gives the member's whole set of rights: the checked ones are granted, others revoked. */
export function useSetTeamRights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rights }: { id: string; rights: TeamRight[] }) =>
      apiRequest(`/admin/team/${encodeURIComponent(id)}/rights`, {
        method: 'PUT',
        body: { rights },
        schema: teamMemberResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}
