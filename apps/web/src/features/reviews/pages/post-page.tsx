import { Link, useParams } from 'react-router';
import { CONTRIBUTION_MESSAGES, MODERATION_MESSAGES, postDescription, postTitle } from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { paths, socialPaths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { usePost, usePostMentions } from '../api/reviews-api';
import { ModerationNotice } from '../components/moderation-notice';
import { ProductLabels } from '../components/post-card';
import { ReportPost } from '../../../components/ui/report-post';
import { SharePanel } from '../components/share-panel';
import '../components/reviews.css';

/** /post/{infId}/{postId}: the server sends the preview tags; this shows the post itself. */
export default function PostPage() {
  const { infId = '', postId = '' } = useParams();
  const post = usePost(infId, postId);
  const mentions = usePostMentions(infId, postId);
  const user = useCurrentUser();

  if (post.isPending) {
    return (
      <section className="page reviews">
        <LoadingState label="Loading post…" />
      </section>
    );
  }
  if (post.isError && isApiError(post.error) && post.error.code === 'AWAITING_CONFIRMATION') {
    // Sent with an existing account's contact: nobody reads it as theirs until they confirm it.
    return (
      <section className="page reviews stack">
        <title>{`${CONTRIBUTION_MESSAGES.waiting} | Revuhub`}</title>
        <meta name="robots" content="noindex" />
        <h1>{CONTRIBUTION_MESSAGES.waiting}</h1>
        <EmptyState title={CONTRIBUTION_MESSAGES.waitingDetail}>
          <p>
            <Link to={paths.viewReviews}>See recent reviews</Link>
          </p>
        </EmptyState>
      </section>
    );
  }
  if (post.isError && isApiError(post.error) && post.error.code === 'POST_REMOVED') {
    // Hidden or removed by moderators (decision 027): nothing of it is shown, and not for search engines.
    return (
      <section className="page reviews stack">
        <title>{`${MODERATION_MESSAGES.removed} | Revuhub`}</title>
        <meta name="robots" content="noindex" />
        <h1>{MODERATION_MESSAGES.removed}</h1>
        <EmptyState title="It broke the community rules, so nobody can read it here any more.">
          <p>
            <Link to={paths.viewReviews}>See recent reviews</Link>
          </p>
        </EmptyState>
      </section>
    );
  }
  if (post.isError) {
    return (
      <section className="page reviews">
        <title>Post not found | Revuhub</title>
        <h1>Post not found</h1>
        <ErrorState
          title="We could not show this post"
          message={post.error.message}
          onRetry={() => void post.refetch()}
        />
      </section>
    );
  }
  const p = post.data.Data;
  const title = postTitle(p) || `A review by ${p.authorName}`;
  const tags = mentions.data?.data.collections.flatMap((c) => c.savedItems) ?? [];

  return (
    <article className="page reviews stack">
      <h1>{title}</h1>
      {p.moderation ? <ModerationNotice moderation={p.moderation} /> : null}
      <p className="post-card__by">{`By ${p.authorName} · ${new Date(p.createdAt).toLocaleDateString()}`}</p>
      {p.postData.data.length > 0 ? (
        <div className="post-page__media">
          {p.postData.data.map((m, i) =>
            p.type === 'VIDEO' ? (
              <video
                key={m.url}
                src={m.url}
                poster={m.thumbnail || undefined}
                controls
                aria-label={`Video ${i + 1}`}
              />
            ) : (
              <ResponsiveImage
                key={m.url}
                src={m.url}
                widths={p.imageVariants?.[m.url]}
                sizes="(min-width: 768px) 14rem, 50vw"
                priority={i === 0}
                alt={`Image ${i + 1} of ${title}`}
              />
            ),
          )}
        </div>
      ) : null}
      {postDescription(p) ? <p className="post-page__text">{postDescription(p)}</p> : null}
      <ProductLabels post={p} />
      {p.postData.links[0]?.data.length ? (
        <ul className="post-page__links" aria-label="Links">
          {p.postData.links[0].data.map((l) => (
            <li key={l.url}>
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow ugc">
                {l.name || l.url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {p.hashtags.length > 0 ? (
        <p className="post-page__tags">{p.hashtags.map((h) => `#${h}`).join(' ')}</p>
      ) : null}
      <p>
        <Link className="link-button" to={socialPaths.tagAny(infId, postId)}>
          Tag this post
        </Link>
      </p>
      <section className="stack" id="mentions" aria-labelledby="mentions-title">
        <h2 id="mentions-title">Mentions</h2>
        {mentions.isPending ? <LoadingState label="Loading mentions…" /> : null}
        {mentions.isError ? (
          <ErrorState
            title="Could not load the mentions"
            message={mentions.error.message}
            onRetry={() => void mentions.refetch()}
          />
        ) : null}
        {mentions.isSuccess && tags.length === 0 ? <EmptyState title="Not tagged yet" /> : null}
        {tags.length > 0 ? (
          <ul className="post-page__mentions">
            {tags.map((t) => (
              <li key={t._id}>
                <Link
                  to={socialPaths.validatedReviews(t.kind, t.taggedUserId)}
                >{`Tagged to a ${t.kind}`}</Link>
                {` on ${new Date(t.createdAt).toLocaleDateString()}`}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {p.moderation ? null : <ReportPost postId={p._id} title={title} />}
      <SharePanel infId={infId} postId={postId} title={title} isAuthor={user?._id === p.infId} />
      <p>
        <Link to={paths.home}>Back to home</Link>
      </p>
    </article>
  );
}
