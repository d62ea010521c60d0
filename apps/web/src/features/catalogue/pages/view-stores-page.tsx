import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useStoreList } from '../api/stores-api';
import { useT } from '../../../lib/i18n';
import './view-stores.css';

function ShareStore({ url, name }: { url: string; name: string }) {
  const { t } = useT('stores');
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
    <Button variant="secondary" onClick={() => void share()} aria-label={t('shareNamed', { name })}>
      {copied ? t('copied') : t('share')}
    </Button>
  );
}

/** `/viewstores`, `/viewstores/{b2c}`: every approved store by name, with View and share. */
export default function ViewStoresPage() {
  const { b2c } = useParams();
  const stores = useStoreList();
  const { t } = useT('stores');
  const { t: common } = useT('common');
  const storePath = (userId: string) =>
    b2c === undefined
      ? `/viewstore/${encodeURIComponent(userId)}`
      : paths.viewStoreAs(b2c !== 'false', userId);

  return (
    <section className="page stack" aria-labelledby="stores-heading">
      <title>{common('pageTitle', { title: t('stores') })}</title>
      <h1 id="stores-heading">{t('stores')}</h1>
      {stores.isPending ? <LoadingState label={t('loadingStores')} /> : null}
      {stores.isError ? (
        <ErrorState
          title={t('couldNotLoadStores')}
          message={stores.error.message}
          onRetry={() => void stores.refetch()}
        />
      ) : null}
      {stores.isSuccess ? (
        <>
          <p role="status">{t('showingStores', { count: stores.data.length })}</p>
          {stores.data.length === 0 ? <EmptyState title={t('noStoresYet')} /> : null}
          <ul className="stores">
            {stores.data.map((shop) => (
              <li key={shop._id} className="card stores__item">
                <div>
                  <p className="stores__kind">{shop.user_id.isBrand ? t('kindBrand') : t('kindStore')}</p>
                  <h2 className="stores__name">{shop.name}</h2>
                  <p className="stores__area">{[shop.area, shop.address.city].filter(Boolean).join(', ')}</p>
                </div>
                <div className="stores__actions">
                  <Link
                    className="link-button"
                    to={storePath(shop.user_id._id)}
                    aria-label={t('viewNamed', { name: shop.name })}
                  >
                    {t('view')}
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
