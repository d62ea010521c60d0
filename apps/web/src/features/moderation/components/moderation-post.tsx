import { useState, type ReactNode } from 'react';
import { postDescription, postTitle, type PublicPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useVerifyProducts } from '../api/moderation-api';
import { ModerationActions } from './moderation-actions';
import { useT } from '../../../lib/i18n';

/**
 * One post as a moderator sees it: images, invoices, text and its tagged products. Verify is shown
 * only when the post has an invoice, and the product is marked ordered before the call (spec section 4).
 */
export function ModerationPost({ post, reports }: { post: PublicPost; reports?: ReactNode }) {
  const toast = useToast();
  const verify = useVerifyProducts();
  const [products, setProducts] = useState(post.postData.products);
  const title = postTitle(post);
  const { t } = useT('admin');

  const onVerify = async (productID: string) => {
    setProducts((list) => list.map((p) => (p.productID === productID ? { ...p, ordered: true } : p)));
    try {
      await verify.mutateAsync({
        postId: post._id,
        inflncrId: post.infId ?? undefined,
        products: [{ productID }],
      });
      toast.showSuccess(t('purchaseVerified'));
    } catch (error) {
      setProducts((list) => list.map((p) => (p.productID === productID ? { ...p, ordered: false } : p)));
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <article className="card stack moderation__post" aria-label={title || t('untitledPost')}>
      {post.postData.data.length > 0 ? (
        <div className="moderation__images">
          {post.postData.data.map((item, index) => (
            <img
              key={item.url}
              src={item.thumbnail || item.url}
              alt={title ? t('imageOf', { title, number: index + 1 }) : t('postImage', { number: index + 1 })}
              loading="lazy"
            />
          ))}
        </div>
      ) : null}
      {post.postData.invoice.length > 0 ? (
        <p className="moderation__invoices">
          {post.postData.invoice.map((invoice, index) => (
            <a key={invoice.url} href={invoice.url} target="_blank" rel="noreferrer">
              {post.postData.invoice.length > 1
                ? t('checkInvoiceNumber', { number: index + 1 })
                : t('checkInvoice')}
            </a>
          ))}
        </p>
      ) : null}
      <h2>{title || t('untitled')}</h2>
      <p>{postDescription(post)}</p>
      <p className="moderation__author">
        {post.authorName ? t('by', { name: post.authorName }) : t('byVisitor')}
      </p>
      {products.length > 0 ? (
        <ul className="moderation__products" aria-label={t('taggedProducts')}>
          {products.map((product) => (
            <li key={product.productID}>
              <span>{product.name}</span>
              {product.ordered ? <span className="moderation__verified">{t('verifiedPurchase')}</span> : null}
              {post.hasInvoice ? (
                <Button
                  variant="secondary"
                  disabled={product.ordered}
                  onClick={() => void onVerify(product.productID)}
                  aria-label={t('verifyName', { name: product.name })}
                >
                  {t('verify')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {reports}
      <ModerationActions post={post} />
    </article>
  );
}
