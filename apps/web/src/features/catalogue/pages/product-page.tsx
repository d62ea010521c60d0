import { Link, useParams } from 'react-router';
import { sizesOf, stockState, type Product } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { ShareButton } from '../../../components/ui/share-button';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useModelProducts, useProduct, useStoreSummary } from '../api/product-api';
import { ProductGallery } from '../components/product-gallery';
import { ProductReviews } from '../components/product-reviews';
import { ProductRatings } from '../../reviews';
import { priceRows, stockLabel } from '../components/product-prices';
import { useFormat, useT } from '../../../lib/i18n';
import { SizeList } from '../components/size-list';
import './product-page.css';

function NotSold({ title, message, storeUserId }: { title: string; message: string; storeUserId?: string }) {
  const { t } = useT('stores');
  const { t: common } = useT('common');
  return (
    <section className="page stack">
      <title>{common('pageTitle', { title })}</title>
      <ErrorState titleAs="h1" title={title} message={message}>
        <p className="product__ways-back">
          {storeUserId ? <Link to={paths.viewStore(storeUserId)}>{t('backToStore')}</Link> : null}
          <Link to={paths.viewStores}>{t('browseStores')}</Link>
          <Link to={paths.home}>{t('home')}</Link>
        </p>
      </ErrorState>
    </section>
  );
}

/** Who sells it, with a link to the store in the same price view. */
function SoldBy({ userId, business }: { userId: string; business: boolean }) {
  const { t } = useT('stores');
  const store = useStoreSummary(userId);
  const to = paths.viewStoreAs(!business, userId);
  return (
    <p className="product__store">
      {t('soldBy')}
      <Link to={to}>{store.data?.name || t('thisStore')}</Link>
    </p>
  );
}

function Details({ product, business }: { product: Product; business: boolean }) {
  const { t } = useT('stores');
  const { t: common } = useT('common');
  const { rupees } = useFormat();
  const a = product.prdct_attributes;
  const model = useModelProducts(product.userId._id, a.model);
  const sizes = sizesOf(product, model.data ?? []);
  const stock = stockState(product);
  const images = a.media.filter((m) => m.type === 'IMAGE').map((m) => m.url);
  const checkout = business ? paths.checkoutB2b(product._id) : paths.checkout(product._id);

  return (
    <article className="page stack product">
      <title>{common('pageTitle', { title: a.prdct_name })}</title>
      <div className="product__layout">
        <ProductGallery
          key={product._id}
          images={images}
          name={a.prdct_name}
          variants={product.imageVariants}
        />
        <div className="product__info stack">
          <div>
            <p className="product__brand">{a.brand}</p>
            <h1 className="product__name">{a.prdct_name}</h1>
            <p className="product__meta">
              {[a.colour, a.gender, t('size', { size: a.size })].filter(Boolean).join(' · ')}
            </p>
          </div>
          <nav aria-label={t('priceView')} className="product__views">
            <Link
              to={paths.product(product._id)}
              aria-current={business ? undefined : 'page'}
              replace
              preventScrollReset
            >
              {t('consumerPrices')}
            </Link>
            <Link
              to={paths.productB2b(product._id)}
              aria-current={business ? 'page' : undefined}
              replace
              preventScrollReset
            >
              {t('businessPrices')}
            </Link>
          </nav>
          <dl className="product__prices">
            {priceRows(product, business).map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{rupees(value)}</dd>
              </div>
            ))}
          </dl>
          <p className={`product__stock product__stock--${stock.kind}`}>{stockLabel(stock, t)}</p>
          {business ? <p>{t('minimumOrder', { count: product.min_order_quantity })}</p> : null}
          {stock.kind === 'sold-out' ? null : (
            <Link className="link-button product__buy" to={checkout}>
              {t('buySize', { size: a.size })}
            </Link>
          )}
          <ShareButton
            url={business ? paths.productB2b(product._id) : paths.product(product._id)}
            title={a.prdct_name}
            className="product__share"
          />
          <SoldBy userId={product.userId._id} business={business} />
          <p className="product__meta">
            {t('dispatch', {
              time: product.dispatch_time || t('dispatchDefault'),
              delivery: product.delivery,
            })}
          </p>
        </div>
      </div>

      <section aria-labelledby="sizes-heading" className="stack">
        <h2 id="sizes-heading">{t('sizes')}</h2>
        <SizeList sizes={sizes} currentId={product._id} business={business} />
        {model.isPending ? <p role="status">{t('loadingSizes')}</p> : null}
        {model.isError ? (
          <ErrorState
            title={t('couldNotLoadSizes')}
            message={model.error.message}
            onRetry={() => void model.refetch()}
          />
        ) : null}
      </section>

      <section aria-labelledby="description-heading" className="stack">
        <h2 id="description-heading">{t('description')}</h2>
        <p className="product__description">{a.description || t('noDescription')}</p>
      </section>

      <ProductRatings productId={product._id} />
      <ProductReviews productId={product._id} />
    </article>
  );
}

/**
 * `/product/{productId}` (consumer prices) and `/product/b2b/true/{productId}` (business prices),
 * shaped like the spec's checkout routes: photos, description, every size of the model and colour
 * with its own prices and stock, the store, Buy for the chosen size, and the reviews that tag it.
 */
export default function ProductPage() {
  const { productId = '', b2b } = useParams();
  const business = b2b === 'true';
  const product = useProduct(productId);
  const { t } = useT('stores');
  const { t: common } = useT('common');

  if (product.isPending) {
    return (
      <section className="page">
        <LoadingState label={t('loadingProduct')} />
      </section>
    );
  }
  if (product.isError) {
    const missing = isApiError(product.error) && [400, 404].includes(product.error.status);
    if (missing) {
      return <NotSold title={t('productNotFound')} message={t('productNotExist')} />;
    }
    return (
      <section className="page">
        <title>{common('pageTitle', { title: t('error') })}</title>
        <ErrorState
          titleAs="h1"
          title={t('couldNotLoadProduct')}
          message={product.error.message}
          onRetry={() => void product.refetch()}
        />
      </section>
    );
  }
  if (!product.data.auditFields.isActive) {
    return (
      <NotSold
        title={t('productNotSold')}
        message={t('productNotSoldText', { name: product.data.prdct_attributes.prdct_name })}
        storeUserId={product.data.userId._id}
      />
    );
  }
  return <Details product={product.data} business={business} />;
}
