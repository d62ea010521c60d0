import { Link } from 'react-router';
import { postDescription, postTitle } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { ReportPost } from '../../../components/ui/report-post';
import { paths } from '../../../lib/routes';
import { useProductReviews } from '../api/product-api';

/** The public reviews that tag this product, each linking to its post. */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  return (
    <section aria-labelledby="reviews-heading" className="stack">
      <h2 id="reviews-heading">Reviews</h2>
      {reviews.isPending ? <p role="status">Loading reviews…</p> : null}
      {reviews.isError ? (
        <ErrorState
          title="Could not load the reviews"
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
        />
      ) : null}
      {reviews.isSuccess && reviews.data.length === 0 ? (
        <EmptyState title="No reviews of this product yet" />
      ) : null}
      {reviews.isSuccess && reviews.data.length > 0 ? (
        <ul className="product__reviews">
          {reviews.data.map((post) => {
            const image = post.postData.data.find((m) => m.url);
            const verified = post.postData.products.some((p) => p.productID === productId && p.ordered);
            const title = postTitle(post) || 'Review';
            return (
              <li key={post._id} className="card product__review">
                {image ? <img src={image.thumbnail || image.url} alt="" loading="lazy" /> : null}
                <div className="stack product__review-text">
                  <h3>{post.infId ? <Link to={paths.post(post.infId, post._id)}>{title}</Link> : title}</h3>
                  <p>{postDescription(post)}</p>
                  <p className="product__meta">
                    {post.authorName || 'A buyer'}
                    {verified ? ' · Verified purchase' : ''}
                  </p>
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
