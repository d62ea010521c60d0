import './moderation-notice.css';
import type { PublicPost } from '@app/domain';
import { useT } from '../../../lib/i18n';

/**
 * What the author (and moderators) read on a post moderators hid or removed: nobody else sees the
 * post, and the reason says why (decision 027).
 */
export function ModerationNotice({ moderation }: { moderation: NonNullable<PublicPost['moderation']> }) {
  const { t } = useT('reviews');
  return (
    <div className="card moderation-notice" role="status">
      <p>
        <strong>{moderation.state === 'hidden' ? t('hiddenNotice') : t('removedNotice')}</strong>
      </p>
      {moderation.reason ? <p>{t('reason', { reason: moderation.reason })}</p> : null}
    </div>
  );
}
