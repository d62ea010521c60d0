import { Link, useLocation } from 'react-router';
import { LoadMore } from '../../../components/ui/load-more';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { socialPaths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName } from '../../../lib/use-profile-scope';
import { useRecentReviews } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import { ReviewsWord } from '../components/reviews-word';
import '../components/reviews.css';
import { useT } from '../../../lib/i18n';

/**
 * Recent Reviews: /viewreviews (every public post) and /view{brand,store,service,influencer}reviews/{id}/{email}
 * (posts about that profile; the e-mail segment is never used). Each post offers "Tag with Post".
 */
export default function RecentReviewsPage() {
  const profile = useProfileFromParams();
  const name = useProfileName(profile);
  const { pathname } = useLocation();
  const { t } = useT('reviews');
  const list = useRecentReviews(profile?.id);
  const posts = list.data?.pages.flatMap((p) => p.Data) ?? [];
  const influencerTitle = pathname.startsWith('/viewinfluencerreviews') ? t('viewReviewsServices') : null;

  return (
    <section className="page reviews stack">
      <title>
        {t('pageTitle', {
          heading: name.data
            ? t('titleOf', { title: influencerTitle ?? t('recentReviews'), name: name.data })
            : (influencerTitle ?? t('recentReviews')),
        })}
      </title>
      <h1>
        {influencerTitle ?? (
          <>
            {t('recent')}
            <ReviewsWord />
          </>
        )}
      </h1>
      {profile ? (
        <p className="reviews__about">
          {name.data ? t('aboutName', { name: name.data }) : null}
          <Link to={socialPaths.validatedReviews(profile.scope, profile.id)}>{t('taggedReviews')}</Link>
          {' · '}
          <Link to={socialPaths.addReview(profile.scope, profile.id)}>{t('addAReview')}</Link>
        </p>
      ) : null}
      {list.isPending ? <LoadingState label={t('loadingReviews')} /> : null}
      {list.isError ? (
        <ErrorState
          title={t('couldNotLoadReviews')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && posts.length === 0 ? <EmptyState title={t('noReviewsYet')} /> : null}
      {posts.length > 0 ? (
        <ul className="reviews__list" aria-label={t('recentReviewsList')}>
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
                  {t('tagWithPost')}
                </Link>
              </PostCard>
            ) : null,
          )}
        </ul>
      ) : null}
      <LoadMore list={list} label={t('moreReviews')} />
    </section>
  );
}
