import { Link } from 'react-router';
import { postDescription, postTitle, type PublicPost } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { ReachoutForm } from './reachout-form';
import { useT } from '../../../lib/i18n';

interface ResponseListProps {
  label: string;
  isPending: boolean;
  error: Error | null;
  posts: PublicPost[] | undefined;
  onRetry: () => void;
}

/** Posts answering a query, each with Explore Details and a Reachout form to its creator. */
export function ResponseList({ label, isPending, error, posts, onRetry }: ResponseListProps) {
  const { t } = useT('queries');
  if (isPending) return <LoadingState label={t('loadingList', { label })} />;
  if (error)
    return <ErrorState title={t('couldNotLoadList', { label })} message={error.message} onRetry={onRetry} />;
  if (!posts || posts.length === 0) return <EmptyState title={t('noResults')} />;
  return (
    <ul className="responses" aria-label={label}>
      {posts.map((post) => (
        <li key={post._id} className="responses__item card stack">
          {post.postData.data[0] ? (
            <img className="responses__image" src={post.postData.data[0].url} alt="" loading="lazy" />
          ) : null}
          <h4>{postTitle(post) || t('reviewBy', { name: post.authorName })}</h4>
          <p className="responses__by">
            {post.answeredAs
              ? t('answeredBy', { name: post.answeredAs })
              : t('by', { name: post.authorName })}
          </p>
          {postDescription(post) ? <p className="responses__text">{postDescription(post)}</p> : null}
          {post.postData.products.length > 0 ? (
            <p className="responses__products">
              {t('products', { names: post.postData.products.map((p) => p.name).join(', ') })}
            </p>
          ) : null}
          {post.infId ? (
            <>
              <p>
                <Link to={paths.post(post.infId, post._id)}>{t('exploreDetails')}</Link>
              </p>
              <ReachoutForm influencerId={post.infId} creatorName={post.authorName} />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
