import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpfulVoteResponseSchema, myVotesResponseSchema, replyResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';

/** Which of these posts the signed-in reader found helpful (issue 41); nothing for a visitor. */
export function useMyVotes(postIds: string[]) {
  const user = useCurrentUser();
  const ids = [...postIds].sort().join(',');
  return useQuery({
    queryKey: ['helpful-votes', user?._id ?? '', ids],
    enabled: !!user && ids !== '',
    queryFn: ({ signal }) =>
      apiRequest(`/inflncr/helpful/mine?ids=${encodeURIComponent(ids)}`, {
        schema: myVotesResponseSchema,
        signal,
      }).then((r) => new Set(r.data.voted)),
  });
}

/** Vote (true) or take the vote back (false); answers the post's count now. */
export function useHelpfulVote(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean) =>
      apiRequest(`/inflncr/helpful/${encodeURIComponent(postId)}`, {
        method: helpful ? 'POST' : 'DELETE',
        schema: helpfulVoteResponseSchema,
      }).then((r) => r.data),
    // "Most helpful" order and the buttons' state move with it.
    onSuccess: () =>
      Promise.all(['helpful-votes', 'catalogue'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}

/** The reviewed business's reply (issue 41): a first one, or an edit of it. */
export function useReplyToReview(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(`/inflncr/reply/${encodeURIComponent(postId)}`, {
        method: 'PUT',
        body: { text },
        schema: replyResponseSchema,
      }).then((r) => r.data),
    onSuccess: () =>
      Promise.all(['post', 'catalogue'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
