import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { socialPaths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName } from '../../../lib/use-profile-scope';
import { useRecentReviews } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import { ReviewsWord } from '../components/reviews-word';
import '../components/reviews.css';

/**
 * Recent Reviews: /viewreviews (every public post) and /view{brand,store,service,influencer}reviews/{id}/{email}
 * (posts about that profile; the e-mail segment is never used). Each post offers "Tag with Post".
 */
export default function RecentReviewsPage() {
  const profile = useProfileFromParams();
  const name = useProfileName(profile);
  const { pathname } = useLocation();
  const list = useRecentReviews(profile?.id);
  const posts = list.data?.pages.flatMap((p) => p.Data) ?? [];
  const influencerTitle = pathname.startsWith('/viewinfluencerreviews') ? 'View Reviews/Services' : null;

  return (
    <section className="page reviews stack">
      <title>{`${influencerTitle ?? 'Recent Reviews'}${name.data ? `: ${name.data}` : ''} | Revuhub`}</title>
      <h1>
        {influencerTitle ?? (
          <>
            Recent <ReviewsWord />
          </>
        )}
      </h1>
      {profile ? (
        <p className="reviews__about">
          {name.data ? `About ${name.data}. ` : null}
          <Link to={socialPaths.validatedReviews(profile.scope, profile.id)}>Tagged Reviews</Link>
          {' · '}
          <Link to={socialPaths.addReview(profile.scope, profile.id)}>Add a review</Link>
        </p>
      ) : null}
      {list.isPending ? <LoadingState label="Loading reviews…" /> : null}
      {list.isError ? (
        <ErrorState
          title="Could not load reviews"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && posts.length === 0 ? <EmptyState title="No reviews yet" /> : null}
      {posts.length > 0 ? (
        <ul className="reviews__list" aria-label="Recent reviews">
          {posts.map((post) =>
            post.infId ? (
              <PostCard key={post._id} post={post}>
                <Link
                  className="link-button"
                  to={
                    profile
                      ? socialPaths.tag(profile.scope, post.infId, post._id, profile.id)
                      : socialPaths.tagAny(post.infId, post._id)
                  }
                >
                  Tag with Post
                </Link>
              </PostCard>
            ) : null,
          )}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            More reviews
          </Button>
        </div>
      ) : null}
    </section>
  );
}
