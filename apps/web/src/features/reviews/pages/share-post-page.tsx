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

/** /sharereview/{shareFeedback}/{infId}/{postId}: the share panel of an existing post. */
export default function SharePostPage() {
  const { mentionInfId = '', mentionPostId = '' } = useParams();
  const post = usePost(mentionInfId, mentionPostId);
  const user = useCurrentUser();

  if (post.isPending) {
    return (
      <section className="page reviews">
        <LoadingState label="Loading post…" />
      </section>
    );
  }
  if (post.isError) {
    return (
      <section className="page reviews">
        <title>Share a Review | Revuhub</title>
        <h1>Share a Review</h1>
        <ErrorState
          title="We could not find this post"
          message={post.error.message}
          onRetry={() => void post.refetch()}
        />
      </section>
    );
  }
  const title = postTitle(post.data.Data) || `A review by ${post.data.Data.authorName}`;
  return (
    <section className="page reviews stack">
      <title>Share a Review | Revuhub</title>
      <h1>Share a Review</h1>
      <ul className="reviews__list" aria-label="Post">
        <PostCard post={post.data.Data}>
          <Link to={socialPaths.tagAny(mentionInfId, mentionPostId)}>Tag this post</Link>
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
