import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/feedback-state';
import { paths } from '../../../lib/routes';

/**
 * A checkout link whose product does not exist or is not sold any more: a way back instead of a
 * form and an Order button that could only fail.
 */
export function ProductNotFound({ storeUserId, inactive }: { storeUserId?: string; inactive?: boolean }) {
  const title = inactive ? 'Product not sold any more' : 'Product not found';
  return (
    <div className="page">
      <title>{`${title} | Revuhub`}</title>
      <ErrorState
        titleAs="h1"
        title={title}
        message={
          inactive
            ? 'The seller has stopped selling this product, so it cannot be ordered.'
            : 'This checkout link has no product we know. It may have been removed by its seller.'
        }
      >
        <p className="checkout__ways-back">
          {storeUserId ? <Link to={paths.viewStore(storeUserId)}>Back to the store</Link> : null}
          <Link to={paths.viewStores}>Browse stores</Link>
          <Link to={paths.home}>Home</Link>
        </p>
      </ErrorState>
    </div>
  );
}
