import { useState } from 'react';
import { Link } from 'react-router';
import { postDescription, postTitle, type ReviewSort } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { ReportPost } from '../../moderation';
import {
  HelpfulButton,
  HonestLabels,
  PurchaseMark,
  ReviewReply,
  StarsGiven,
  useMyVotes,
} from '../../reviews';
import { paths } from '../../../lib/routes';
import { useProductReviews } from '../api/product-api';
import { useT } from '../../../lib/i18n';

/**
 * The public reviews that tag this product, each linking to its post, newest or most helpful first
 * (issue 41): its stars, purchase mark, helpful votes and the business's reply.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const { t } = useT('stores');
  const { t: r } = useT('reviews');
  const [sort, setSort] = useState<ReviewSort>('newest');
  const reviews = useProductReviews(productId, sort);
  const votes = useMyVotes(reviews.data?.map((post) => post._id) ?? []);
  return (
    <section aria-labelledby="reviews-heading" className="stack">
      <h2 id="reviews-heading">{t('reviews')}</h2>
      <div role="group" aria-label={r('reviewsOrder')} className="product__review-order">
        {(['newest', 'helpful'] as const).map((option) => (
          <Button
            key={option}
            variant={sort === option ? 'primary' : 'secondary'}
            aria-pressed={sort === option}
            onClick={() => setSort(option)}
          >
            {option === 'newest' ? r('sortNewest') : r('sortHelpful')}
          </Button>
        ))}
      </div>
      {reviews.isPending ? <p role="status">{t('loadingReviews')}</p> : null}
      {reviews.isError ? (
        <ErrorState
          title={t('couldNotLoadReviews')}
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
        />
      ) : null}
      {reviews.isSuccess && reviews.data.length === 0 ? <EmptyState title={t('noReviews')} /> : null}
      {reviews.isSuccess && reviews.data.length > 0 ? (
        <ul className="product__reviews">
          {reviews.data.map((post) => {
            const image = post.postData.data.find((m) => m.url);
            const tagged = post.postData.products.find((p) => p.productID === productId);
            const title = postTitle(post) || t('review');
            return (
              <li key={post._id} className="card product__review">
                {image ? <img src={image.thumbnail || image.url} alt="" loading="lazy" /> : null}
                <div className="stack product__review-text">
                  <h3>{post.infId ? <Link to={paths.post(post.infId, post._id)}>{title}</Link> : title}</h3>
                  <p>{postDescription(post)}</p>
                  {tagged?.rating ? <StarsGiven stars={tagged.rating} /> : null}
                  <p className="product__meta">
                    {post.authorName || t('aBuyer')} {tagged ? <PurchaseMark product={tagged} /> : null}
                  </p>
                  <HonestLabels labels={post.labels} />
                  {post.reply ? <ReviewReply reply={post.reply} /> : null}
                  <HelpfulButton
                    postId={post._id}
                    authorId={post.infId}
                    count={post.helpfulVotes}
                    voted={votes.data?.has(post._id)}
                    title={title}
                  />
                  <ReportPost postId={post._id} title={title} />
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
