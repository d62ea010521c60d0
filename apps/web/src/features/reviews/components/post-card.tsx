import type { ReactNode } from 'react';
import { HonestLabels, PurchaseMark, StarsGiven } from './purchase-mark';
import { Link } from 'react-router';
import { postDescription, postTitle, type PublicPost } from '@app/domain';
import { paths } from '../../../lib/routes';
import { PhotoViewer } from '../../../components/ui/photo-viewer';
import { ReportPost } from '../../moderation';
import { useT } from '../../../lib/i18n';

/** A post in a list: images (a video shows its thumbnail), title, description and products. */
export function PostCard({ post, children }: { post: PublicPost; children?: ReactNode }) {
  const { t } = useT('reviews');
  const title = postTitle(post) || t('reviewBy', { name: post.authorName });
  return (
    <li className="card stack post-card">
      {post.postData.data.length > 0 && post.type === 'VIDEO' ? (
        <div className="post-card__media">
          {post.postData.data.slice(0, 4).map((m, i) =>
            m.thumbnail ? (
              <img
                key={m.url}
                src={m.thumbnail}
                alt={t('videoOf', { number: i + 1, title })}
                loading="lazy"
              />
            ) : (
              <span key={m.url} className="post-card__video">
                {t('videoNumber', { number: i + 1 })}
              </span>
            ),
          )}
        </div>
      ) : post.postData.data.length > 0 ? (
        <PhotoViewer
          className="post-card__media"
          photos={post.postData.data
            .slice(0, 4)
            .map((m, i) => ({ url: m.url, alt: t('imageOf', { number: i + 1, title }) }))}
        >
          {(photo) => <img src={photo.url} alt={photo.alt} loading="lazy" />}
        </PhotoViewer>
      ) : null}
      <h3 className="post-card__title">{title}</h3>
      <p className="post-card__by">
        {post.answeredAs ? t('answeredBy', { name: post.answeredAs }) : t('by', { name: post.authorName })}
      </p>
      {postDescription(post) ? <p className="post-card__text">{postDescription(post)}</p> : null}
      <ProductLabels post={post} />
      <HonestLabels labels={post.labels} />
      <div className="post-card__actions">
        {post.infId ? <Link to={paths.post(post.infId, post._id)}>{t('exploreDetails')}</Link> : null}
        {children}
        <ReportPost postId={post._id} title={title} />
      </div>
    </li>
  );
}

/**
 * Each tagged product, labelled a verified purchase once a moderator checked the invoice, with its
 * product page and a Buy link that opens its checkout with this review as the mention.
 */
export function ProductLabels({ post }: { post: PublicPost }) {
  const { t } = useT('reviews');
  if (post.postData.products.length === 0) return null;
  return (
    <ul className="post-card__products" aria-label={t('products')}>
      {post.postData.products.map((p) => (
        <li key={p.productID} className="post-card__product">
          <span className="post-card__badge">{p.ordered ? t('verifiedPurchase') : t('product')}</span>{' '}
          <Link className="post-card__product-link" to={paths.product(p.productID)}>
            {p.name}
          </Link>{' '}
          {p.rating ? <StarsGiven stars={p.rating} /> : null} <PurchaseMark product={p} />
          {p.userId && post.infId ? (
            <Link
              className="link-button post-card__buy"
              to={paths.buyFromReview(post.infId, post._id, p.userId, p.productID)}
              aria-label={t('buyProduct', { name: p.name })}
            >
              {t('buy')}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
