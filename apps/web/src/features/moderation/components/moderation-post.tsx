import { useEffect, useRef, useState, type ReactNode } from 'react';
import { postDescription, postTitle, type PublicPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useVerifyProducts } from '../api/moderation-api';
import { ModerationActions } from './moderation-actions';
import { AuthorSignals } from './author-signals';
import { RemoveReply } from './remove-reply';
import { PurchaseMark } from '../../reviews';
import { useT } from '../../../lib/i18n';

/**
 * One post as a moderator sees it: images, invoices, text and its tagged products. Verify is shown
 * only when the post has an invoice, and the product is marked ordered before the call (spec section 4);
 * Undo beside a verified product takes the mark back.
 */
export function ModerationPost({ post, reports }: { post: PublicPost; reports?: ReactNode }) {
  const toast = useToast();
  const verify = useVerifyProducts();
  const [products, setProducts] = useState(post.postData.products);
  const title = postTitle(post);
  const { t } = useT('admin');

  // Verify disables itself and Undo leaves: focus goes to the other button of the same product.
  const articleRef = useRef<HTMLElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    articleRef.current?.querySelector<HTMLElement>(`[data-focus="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  /** Verify, or with `ordered` false take the mark back (a moderator's undo, issue 39). */
  const setVerified = async (productID: string, ordered: boolean) => {
    const mark = (value: boolean) =>
      setProducts((list) => list.map((p) => (p.productID === productID ? { ...p, ordered: value } : p)));
    mark(ordered);
    focusNext.current = `${ordered ? 'undo' : 'verify'}-${productID}`;
    try {
      await verify.mutateAsync({
        postId: post._id,
        inflncrId: post.infId ?? undefined,
        products: [{ productID }],
        ...(ordered ? {} : { ordered: false }),
      });
      toast.showSuccess(t(ordered ? 'purchaseVerified' : 'purchaseUnverified'));
    } catch (error) {
      mark(!ordered);
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <article ref={articleRef} className="card stack moderation__post" aria-label={title || t('untitledPost')}>
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
      {post.infId ? <AuthorSignals authorId={post.infId} /> : null}
      {products.length > 0 ? (
        <ul className="moderation__products" aria-label={t('taggedProducts')}>
          {products.map((product) => (
            <li key={product.productID}>
              <span>{product.name}</span>
              {product.orderedOn ? (
                // Bought here (issue 41): the order verifies it, not the moderator.
                <PurchaseMark product={product} />
              ) : product.ordered ? (
                <span className="moderation__verified">{t('verifiedPurchase')}</span>
              ) : null}
              {post.hasInvoice && !product.orderedOn ? (
                <Button
                  variant="secondary"
                  disabled={product.ordered}
                  onClick={() => void setVerified(product.productID, true)}
                  data-focus={`verify-${product.productID}`}
                  aria-label={t('verifyName', { name: product.name })}
                >
                  {t('verify')}
                </Button>
              ) : null}
              {product.ordered && !product.orderedOn ? (
                <Button
                  variant="ghost"
                  loading={verify.isPending}
                  onClick={() => void setVerified(product.productID, false)}
                  data-focus={`undo-${product.productID}`}
                  aria-label={t('unverifyName', { name: product.name })}
                >
                  {t('undo')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Always there: once removed, its status stays after the list is read again without it. */}
      <RemoveReply post={post} />
      {reports}
      <ModerationActions post={post} />
    </article>
  );
}
