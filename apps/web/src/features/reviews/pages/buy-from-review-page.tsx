import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { usePost } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import '../components/reviews.css';
import { useT } from '../../../lib/i18n';

/**
 * /buyfrombrandreview/{mentionInfId}/{mentionPostId}/{storeUserId}[/{productId}]: the review a
 * visitor came from, with a Buy link for each product it tags (the chosen one first).
 */
export default function BuyFromReviewPage() {
  const { mentionInfId = '', mentionPostId = '', productId } = useParams();
  const post = usePost(mentionInfId, mentionPostId);
  const { t } = useT('reviews');

  if (post.isPending) {
    return (
      <section className="page reviews">
        <LoadingState label={t('loadingReview')} />
      </section>
    );
  }
  if (post.isError) {
    return (
      <section className="page reviews">
        <title>{t('pageTitle', { heading: t('buyFromReview') })}</title>
        <h1>{t('buyFromReview')}</h1>
        <ErrorState
          title={t('couldNotFindReview')}
          message={post.error.message}
          onRetry={() => void post.refetch()}
        />
      </section>
    );
  }
  const products = [...post.data.Data.postData.products].sort(
    (a, b) => Number(b.productID === productId) - Number(a.productID === productId),
  );
  return (
    <section className="page reviews stack">
      <title>{t('pageTitle', { heading: t('buyFromReview') })}</title>
      <h1>{t('buyFromReview')}</h1>
      <ul className="reviews__list" aria-label={t('review')}>
        <PostCard post={post.data.Data} />
      </ul>
      {products.length === 0 ? (
        <p>{t('noProductTagged')}</p>
      ) : (
        <ul className="reviews__buy">
          {products.map((p) => (
            <li key={p.productID}>
              <Link className="link-button" to={paths.checkout(p.productID)}>
                {t('buyProduct', { name: p.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
