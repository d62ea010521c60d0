import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

const acceptedSchema = z.object({ data: z.object({ accepted: z.boolean() }) });

/** The asker's Accept on an answer of their question, or taking it back (issue 41). */
export function AcceptAnswerButton({
  queryId,
  postId,
  accepted,
  title,
}: {
  queryId: string;
  postId: string;
  accepted: boolean;
  title: string;
}) {
  const { t } = useT('queries');
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: (value: boolean) =>
      apiRequest(`/queries/${encodeURIComponent(queryId)}/answers/${encodeURIComponent(postId)}/accept`, {
        method: 'POST',
        body: { accepted: value },
        schema: acceptedSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['direct-responses', queryId] }),
  });
  return (
    <p>
      <Button variant="secondary" disabled={accept.isPending} onClick={() => accept.mutate(!accepted)}>
        {accepted ? t('unacceptAnswer') : t('acceptAnswer')}
        <span className="visually-hidden"> ({title})</span>
      </Button>
      {accept.isError ? (
        <span className="field__error" role="alert">
          {' '}
          {accept.error.message}
        </span>
      ) : null}
    </p>
  );
}
