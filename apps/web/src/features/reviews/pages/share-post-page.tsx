import { Link, useParams } from 'react-router';
import { postTitle } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { socialPaths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { usePost } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import { SharePanel } from '../components/share-panel';
import '../components/reviews.css';
import { useT } from '../../../lib/i18n';

/** /sharereview/{shareFeedback}/{infId}/{postId}: the share panel of an existing post. */
export default function SharePostPage() {
  const { mentionInfId = '', mentionPostId = '' } = useParams();
  const post = usePost(mentionInfId, mentionPostId);
  const user = useCurrentUser();
  const { t } = useT('reviews');

  if (post.isPending) {
    return (
      <section className="page reviews">
        <LoadingState label={t('loadingPost')} />
      </section>
    );
  }
  if (post.isError) {
    return (
      <section className="page reviews">
        <title>{t('pageTitle', { heading: t('shareReview') })}</title>
        <h1>{t('shareReview')}</h1>
        <ErrorState
          title={t('couldNotFindPost')}
          message={post.error.message}
          onRetry={() => void post.refetch()}
        />
      </section>
    );
  }
  const title = postTitle(post.data.Data) || t('reviewBy', { name: post.data.Data.authorName });
  return (
    <section className="page reviews stack">
      <title>{t('pageTitle', { heading: t('shareReview') })}</title>
      <h1>{t('shareReview')}</h1>
      <ul className="reviews__list" aria-label={t('post')}>
        <PostCard post={post.data.Data}>
          <Link to={socialPaths.tagAny(mentionInfId, mentionPostId)}>{t('tagThisPost')}</Link>
        </PostCard>
      </ul>
      <SharePanel
        infId={mentionInfId}
        postId={mentionPostId}
        title={title}
        isAuthor={user?._id === post.data.Data.infId}
      />
    </section>
  );
}
