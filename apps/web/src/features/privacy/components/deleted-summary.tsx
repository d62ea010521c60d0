import type { DeletionSummary } from '@app/domain';
import { useT } from '../../../lib/i18n';
import { RetentionNote } from './retention-note';

/** What a deletion did, in words. */
export function DeletedSummary({ summary }: { summary: DeletionSummary }) {
  const { t } = useT('account');
  const posts = summary.postsAnonymised
    ? t('postsKept', { count: summary.postsAnonymised })
    : t('postsRemoved', { count: summary.postsRemoved });
  const queries = summary.queriesAnonymised
    ? t('queriesKept', { count: summary.queriesAnonymised })
    : t('queriesRemoved', { count: summary.queriesRemoved });
  return (
    <div className="stack" role="status">
      <p>{t('deletedSummary', { posts, queries, orders: t('ordersKept', { count: summary.ordersKept }) })}</p>
      <RetentionNote />
    </div>
  );
}
