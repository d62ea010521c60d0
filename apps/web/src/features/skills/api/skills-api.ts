import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  addReviewResponseSchema,
  receivedSkillResponsesResponseSchema,
  recruiterApplicationsResponseSchema,
  recruiterStandingResponseSchema,
  requirementMatchesResponseSchema,
  shopListResponseSchema,
  skillPostsResponseSchema,
  skillResponseSentSchema,
  type NewPostInput,
  type RecruiterApplyInput,
  type RecruiterDecisionInput,
  type RecruiterDecisionStatus,
  type SkillKind,
  type SkillResponseInput,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';

/** The signed-in user's id is part of every list key: what a list holds depends on who asks. */
export const skillKeys = {
  all: ['skills'] as const,
  posts: (viewer: string, search: string, kind: SkillKind | '') =>
    ['skills', 'posts', viewer, search, kind] as const,
  mine: (viewer: string) => ['skills', 'mine', viewer] as const,
  requirements: (viewer: string, search: string) => ['skills', 'requirements', viewer, search] as const,
  matches: (viewer: string, postId: string) => ['skills', 'matches', viewer, postId] as const,
  partners: ['skills', 'partners'] as const,
  standing: (viewer: string) => ['skills', 'recruiter', viewer] as const,
  applications: (status: string) => ['skills', 'recruiter-applications', status] as const,
  responses: (viewer: string) => ['skills', 'responses', viewer] as const,
};

const useViewerId = () => useCurrentUser()?._id ?? '';

const query = (params: Record<string, string>) => {
  const kept = Object.entries(params).filter(([, v]) => v !== '');
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
};

/** Public skill posts, best match first when searching. */
export function useSkillPosts(search: string, kind: SkillKind | '') {
  return useQuery({
    queryKey: skillKeys.posts(useViewerId(), search, kind),
    queryFn: ({ signal }) =>
      apiRequest(`/skills/posts${query({ search, kind })}`, { schema: skillPostsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequirements(search: string) {
  return useQuery({
    queryKey: skillKeys.requirements(useViewerId(), search),
    queryFn: ({ signal }) =>
      apiRequest(`/skills/requirements${query({ search })}`, { schema: skillPostsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequirementMatches(postId: string | null) {
  return useQuery({
    queryKey: skillKeys.matches(useViewerId(), postId ?? ''),
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

/** The signed-in user's own skill posts and requirements, private ones included. */
export function useMySkillPosts() {
  const viewer = useViewerId();
  return useQuery({
    queryKey: skillKeys.mine(viewer),
    enabled: !!viewer,
    queryFn: ({ signal }) =>
      apiRequest('/skills/posts?mine=true', { schema: skillPostsResponseSchema, signal }),
  });
}

export function useRecruiterStanding() {
  const viewer = useViewerId();
  return useQuery({
    queryKey: skillKeys.standing(viewer),
    enabled: !!viewer,
    queryFn: ({ signal }) =>
      apiRequest('/skills/recruiter', { schema: recruiterStandingResponseSchema, signal }),
  });
}

export function useApplyAsRecruiter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecruiterApplyInput) =>
      apiRequest('/skills/recruiter', { method: 'POST', body, schema: recruiterStandingResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['skills', 'recruiter'] }),
  });
}

export function useRecruiterApplications(status: RecruiterDecisionStatus | '') {
  return useQuery({
    queryKey: skillKeys.applications(status),
    queryFn: ({ signal }) =>
      apiRequest(`/skills/recruiters${query({ status })}`, {
        schema: recruiterApplicationsResponseSchema,
        signal,
      }),
  });
}

const okSchema = z.object({ status: z.number(), message: z.string() });

export function useDecideRecruiter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RecruiterDecisionInput & { id: string }) =>
      apiRequest(`/skills/recruiters/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body,
        schema: okSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['skills', 'recruiter-applications'] }),
  });
}

/** "Contact" on a skill, "Respond" on a requirement. */
export function useRespondToPost(postId: string) {
  return useMutation({
    mutationFn: (body: SkillResponseInput) =>
      apiRequest(`/skills/posts/${encodeURIComponent(postId)}/responses`, {
        method: 'POST',
        body,
        schema: skillResponseSentSchema,
      }),
  });
}

export function useReceivedResponses() {
  const viewer = useViewerId();
  return useQuery({
    queryKey: skillKeys.responses(viewer),
    enabled: !!viewer,
    queryFn: ({ signal }) =>
      apiRequest('/skills/responses', { schema: receivedSkillResponsesResponseSchema, signal }),
  });
}
