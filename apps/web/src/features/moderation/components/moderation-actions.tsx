import { useId, useState } from 'react';
import { moderatePostSchema, type ModerationAction, type PublicPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useModeratePost } from '../api/moderation-api';
import { useT } from '../../../lib/i18n';
import { useRecordLastAction } from './last-action';

/**
 * Hide, Restore and Remove with a reason box: the reason is required, kept in the audit record and
 * sent to the post's author once the page's undo bar can no longer take the action back (decision
 * 027, issue 39).
 */
export function ModerationActions({ post }: { post: PublicPost }) {
  const toast = useToast();
  const moderate = useModeratePost();
  const recordLastAction = useRecordLastAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reasonId = useId();
  const { t } = useT('admin');
  const title = post.postData.caption[0]?.value || t('thisPost');
  const state = post.moderation?.state ?? 'visible';

  const run = async (action: ModerationAction) => {
    const parsed = moderatePostSchema.safeParse({ postId: post._id, action, reason });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'reason')?.message ?? t('reasonRequired'));
      return;
    }
    setError(undefined);
    try {
      const answer = await moderate.mutateAsync(parsed.data);
      // The undo bar says what was done, and until when it can be taken back.
      if (answer.Data.undoUntil) {
        recordLastAction({
          actionId: answer.Data.action._id,
          message: answer.message,
          title,
          undoUntil: answer.Data.undoUntil,
        });
      } else toast.showSuccess(answer.message);
      setReason('');
    } catch (failure) {
      if (isApiError(failure) && failure.errors.reason) setError(failure.errors.reason);
      else toast.showError(isApiError(failure) ? failure.message : undefined);
    }
  };

  return (
    <div className="stack moderation__actions">
      {state !== 'visible' ? (
        <p className="moderation__state" role="status">
          <strong>{t(state)}</strong>
          {post.moderation?.reason ? ` · ${post.moderation.reason}` : null}
        </p>
      ) : null}
      <TextAreaField
        id={reasonId}
        label={t('reasonLabel')}
        name="reason"
        rows={2}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="moderation__claim-actions">
        {state === 'visible' ? (
          <Button
            variant="secondary"
            loading={moderate.isPending}
            onClick={() => void run('hide')}
            aria-label={t('hideTitle', { title })}
          >
            {t('hide')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={moderate.isPending}
            onClick={() => void run('restore')}
            aria-label={t('restoreTitle', { title })}
          >
            {t('restore')}
          </Button>
        )}
        {state !== 'removed' ? (
          <Button
            loading={moderate.isPending}
            onClick={() => void run('remove')}
            aria-label={t('removeTitle', { title })}
          >
            {t('remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
