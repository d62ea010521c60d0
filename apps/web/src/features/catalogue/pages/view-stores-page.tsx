import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useStoreList } from '../api/stores-api';
import './view-stores.css';

function ShareStore({ url, name }: { url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    try {
      if (typeof navigator.share === 'function') return await navigator.share({ url, title: name });
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.warn('Share failed', error);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()} aria-label={`Share ${name}`}>
      {copied ? 'Copied!' : 'Share'}
    </Button>
  );
}

/** `/viewstores`, `/viewstores/{b2c}`: every approved store by name, with View and share. */
export default function ViewStoresPage() {
  const { b2c } = useParams();
  const stores = useStoreList();
  const storePath = (userId: string) =>
    b2c === undefined
      ? `/viewstore/${encodeURIComponent(userId)}`
      : paths.viewStoreAs(b2c !== 'false', userId);

  return (
    <section className="page stack" aria-labelledby="stores-heading">
      <title>Stores | Revuhub</title>
      <h1 id="stores-heading">Stores</h1>
      {stores.isPending ? <LoadingState label="Loading stores…" /> : null}
      {stores.isError ? (
        <ErrorState
          title="Could not load the stores"
          message={stores.error.message}
          onRetry={() => void stores.refetch()}
        />
      ) : null}
      {stores.isSuccess ? (
        <>
          <p role="status">Showing: {stores.data.length} Stores</p>
          {stores.data.length === 0 ? <EmptyState title="No stores yet" /> : null}
          <ul className="stores">
            {stores.data.map((shop) => (
              <li key={shop._id} className="card stores__item">
                <div>
                  <p className="stores__kind">{shop.user_id.isBrand ? 'Brand' : 'Store'}</p>
                  <h2 className="stores__name">{shop.name}</h2>
                  <p className="stores__area">{[shop.area, shop.address.city].filter(Boolean).join(', ')}</p>
                </div>
                <div className="stores__actions">
                  <Link
                    className="link-button"
                    to={storePath(shop.user_id._id)}
                    aria-label={`View ${shop.name}`}
                  >
                    View
                  </Link>
                  <ShareStore
                    url={`${window.location.origin}${storePath(shop.user_id._id)}`}
                    name={shop.name}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
