import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOnlySchema, removeReplySchema, type PublicPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { apiRequest } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { ReviewReply } from '../../reviews';

/**
 * The business's reply under a review, as the moderator sees it, and Remove with a reason
 * (issue 41): the review stays; the reply's history keeps the removal.
 */
export function RemoveReply({ post }: { post: PublicPost }) {
  const { t } = useT('admin');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const remove = useMutation({
    mutationFn: () =>
      apiRequest(`/moderation/posts/${encodeURIComponent(post._id)}/removeReply`, {
        method: 'POST',
        body: { reason },
        schema: messageOnlySchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['moderation'] }),
  });
  const reply = removed ? null : post.reply;
  // The live region is there before its words, in the same place, so screen readers announce them.
  return (
    <div className="stack">
      <div role="status">{removed ? t('replyRemoved') : ''}</div>
      {reply ? (
        <>
          <ReviewReply reply={reply} />
          <TextField
            label={t('replyRemovalReason')}
            value={reason}
            error={error ?? undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <p>
            <Button
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => {
                const parsed = removeReplySchema.safeParse({ reason });
                if (!parsed.success) {
                  setError(parsed.error.issues[0]?.message ?? t('reasonRequired'));
                  return;
                }
                setError(null);
                remove
                  .mutateAsync()
                  .then(() => setRemoved(true))
                  .catch((e: unknown) => setError(e instanceof Error ? e.message : t('reasonRequired')));
              }}
            >
              {t('removeReply')}
            </Button>
          </p>
        </>
      ) : null}
    </div>
  );
}
