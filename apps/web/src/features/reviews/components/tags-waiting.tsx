import { Link } from 'react-router';
import { postTitle } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useDecideTag, usePendingTags, useSaveTagSettings, useTagSettings } from '../api/tag-acceptance-api';
import './tags-waiting.css';
import { useFormat, useT } from '../../../lib/i18n';

/**
 * For the owner of the profile on its own Tagged Reviews page: tags others made wait here until the
 * owner accepts them (or turns auto-accept on); only accepted tags are listed (decision 027).
 */
export function TagsWaiting() {
  const toast = useToast();
  const pending = usePendingTags(true);
  const settings = useTagSettings(true);
  const decide = useDecideTag();
  const save = useSaveTagSettings();
  const { t } = useT('reviews');
  const format = useFormat();

  const onDecide = async (mentionId: string, decision: 'accept' | 'decline') => {
    try {
      const answer = await decide.mutateAsync({ mentionId, decision });
      toast.showSuccess(answer.message);
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };
  const onAuto = async (autoAccept: boolean) => {
    try {
      const answer = await save.mutateAsync(autoAccept);
      toast.showSuccess(answer.message);
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  const list = pending.data?.Data ?? [];
  return (
    <section className="card stack tags-waiting" aria-labelledby="tags-waiting-heading">
      <h2 id="tags-waiting-heading">{t('tagsWaiting')}</h2>
      <label className="tags-waiting__auto">
        <input
          type="checkbox"
          checked={settings.data?.Data.autoAccept ?? false}
          disabled={!settings.isSuccess || save.isPending}
          onChange={(event) => void onAuto(event.target.checked)}
        />
        {t('autoAccept')}
      </label>
      {pending.isPending ? <LoadingState label={t('loadingTagsWaiting')} /> : null}
      {pending.isError ? (
        <ErrorState
          title={t('couldNotLoadTagsWaiting')}
          message={pending.error.message}
          onRetry={() => void pending.refetch()}
        />
      ) : null}
      {pending.isSuccess && list.length === 0 ? <p>{t('noTagsWaiting')}</p> : null}
      {list.length > 0 ? (
        <ul className="moderation-list" aria-label={t('tagsWaiting')}>
          {list.map((m) => {
            const title = postTitle(m.sourcePost) || t('postBy', { name: m.sourcePost.authorName });
            return (
              <li key={m._id} className="stack tags-waiting__item">
                <p>
                  {m.sourcePost.infId ? (
                    <Link to={paths.post(m.sourcePost.infId, m.sourcePost._id)}>{title}</Link>
                  ) : (
                    title
                  )}
                  {t('taggedByOn', { name: m.taggedByName, date: format.date(m.createdAt) })}
                </p>
                <div className="post-card__actions">
                  <Button
                    loading={decide.isPending}
                    onClick={() => void onDecide(m._id, 'accept')}
                    aria-label={t('acceptTitle', { title })}
                  >
                    {t('accept')}
                  </Button>
                  <Button
                    variant="secondary"
                    loading={decide.isPending}
                    onClick={() => void onDecide(m._id, 'decline')}
                    aria-label={t('declineTitle', { title })}
                  >
                    {t('decline')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
