import { postDescription, postTitle } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useMyPosts } from '../api/account-api';
import { PurchaseMark, StarsGiven } from '../../reviews';

/** The user's own posts, each tagged product marked when a moderator verified the purchase. */
export function MyPosts({
  userId,
  heading,
  emptyText,
}: {
  userId: string;
  heading: string;
  emptyText: string;
}) {
  const { t } = useT('account');
  const posts = useMyPosts(userId, true);
  return (
    <section className="card stack" aria-labelledby="my-posts-heading">
      <h2 id="my-posts-heading">{heading}</h2>
      {posts.isPending ? (
        <LoadingState label={t('loadingPosts')} />
      ) : posts.isError ? (
        <ErrorState
          title={t('couldNotLoadPosts')}
          message={posts.error.message}
          onRetry={() => void posts.refetch()}
        />
      ) : posts.data.Data.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <ul className="account__posts">
          {posts.data.Data.map((post) => (
            <li key={post._id} className="account__post">
              <h3>{postTitle(post) || t('untitled')}</h3>
              <p>{postDescription(post)}</p>
              {post.postData.products.length > 0 ? (
                <ul className="account__products" aria-label={t('taggedProducts')}>
                  {post.postData.products.map((product) => (
                    <li key={product.productID}>
                      {product.name} {product.rating ? <StarsGiven stars={product.rating} /> : null}{' '}
                      <PurchaseMark product={product} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
