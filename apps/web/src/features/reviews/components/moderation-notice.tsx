import '../../../components/ui/report-post.css';
import type { PublicPost } from '@app/domain';

/**
 * What the author (and moderators) read on a post moderators hid or removed: nobody else sees the
 * post, and the reason says why (decision 027).
 */
export function ModerationNotice({ moderation }: { moderation: NonNullable<PublicPost['moderation']> }) {
  return (
    <div className="card moderation-notice" role="status">
      <p>
        <strong>
          {moderation.state === 'hidden'
            ? 'Hidden by moderators: only you and the moderators can see this post.'
            : 'Removed by moderators: only you and the moderators can see this post.'}
        </strong>
      </p>
      {moderation.reason ? <p>{`Reason: ${moderation.reason}`}</p> : null}
    </div>
  );
}
