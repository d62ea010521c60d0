import { Link } from 'react-router';
import { postDescription, postTitle, type PublicShop } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths, socialPaths } from '../../../lib/routes';
import { useFormat, useT } from '../../../lib/i18n';
import { useStoreReviews } from '../api/sellers-api';
import { HonestLabels, PurchaseMark, ReviewReply, StarsGiven, StoreRatings } from '../../reviews';
import './store-hub.css';

/**
 * A store's or brand's newest reviews on its page (issue 39): its ratings (issue 41), then each
 * review with its stars, author, date and purchase mark (bought here, or an invoice a moderator
 * checked), then links to all of them and to write one.
 */
export function StoreReviews({ shop, userId }: { shop: PublicShop; userId: string }) {
  const { t } = useT('stores');
  const format = useFormat();
  const reviews = useStoreReviews(userId);
  const scope = shop.user_id.isBrand ? 'brand' : 'store';

  return (
    <section aria-labelledby="store-reviews" className="stack store-hub">
      <div className="store-hub__head">
        <h2 id="store-reviews">{t('reviews')}</h2>
        <Link className="link-button" to={socialPaths.addReview(scope, userId)}>
          {t('writeReview')}
        </Link>
      </div>
      <StoreRatings userId={userId} />
      {reviews.isPending ? (
        <LoadingState label={t('loadingReviews')} />
      ) : reviews.isError ? (
        <ErrorState
          title={t('couldNotLoadReviews')}
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.Data.length === 0 ? (
        <p>{t('noReviewsYet', { name: shop.name })}</p>
      ) : (
        <>
          <ul className="store-hub__list">
            {reviews.data.Data.map((post) => {
              const title = postTitle(post) || t('reviewBy', { name: post.authorName || t('formerMember') });
              // The strongest mark of its products: bought here, else an invoice, else none.
              const marked =
                post.postData.products.find((p) => p.orderedOn) ??
                post.postData.products.find((p) => p.ordered);
              const rated = post.postData.products.find((p) => p.rating);
              return (
                <li key={post._id} className="card stack store-hub__item">
                  <h3 className="store-hub__title">
                    {post.infId ? <Link to={paths.post(post.infId, post._id)}>{title}</Link> : title}
                  </h3>
                  {rated?.rating ? <StarsGiven stars={rated.rating} /> : null}
                  <p className="store-hub__by">
                    {marked ? (
                      <>
                        <PurchaseMark product={marked} />{' '}
                      </>
                    ) : null}
                    {t('byOn', {
                      // An author who deleted their data is no longer named (decision 040).
                      name: post.authorName || t('formerMember'),
                      date: format.date(post.createdAt),
                    })}
                  </p>
                  {postDescription(post) ? <p className="store-hub__text">{postDescription(post)}</p> : null}
                  <HonestLabels labels={post.labels} />
                  {post.reply ? <ReviewReply reply={post.reply} /> : null}
                </li>
              );
            })}
          </ul>
          <Link to={socialPaths.viewReviews(scope, userId)}>{t('seeAllReviews', { name: shop.name })}</Link>
        </>
      )}
    </section>
  );
}
