import { Link, useParams } from 'react-router';
import { sizesOf, stockState, type Product } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useModelProducts, useProduct, useStoreSummary } from '../api/product-api';
import { ProductGallery } from '../components/product-gallery';
import { ProductReviews } from '../components/product-reviews';
import { priceRows, rupees } from '../components/product-prices';
import { SizeList } from '../components/size-list';
import './product-page.css';

function NotSold({ title, message, storeUserId }: { title: string; message: string; storeUserId?: string }) {
  return (
    <section className="page stack">
      <title>{`${title} | Revuhub`}</title>
      <ErrorState titleAs="h1" title={title} message={message}>
        <p className="product__ways-back">
          {storeUserId ? <Link to={paths.viewStore(storeUserId)}>Back to the store</Link> : null}
          <Link to={paths.viewStores}>Browse stores</Link>
          <Link to={paths.home}>Home</Link>
        </p>
      </ErrorState>
    </section>
  );
}

/** Who sells it, with a link to the store in the same price view. */
function SoldBy({ userId, business }: { userId: string; business: boolean }) {
  const store = useStoreSummary(userId);
  const to = paths.viewStoreAs(!business, userId);
  return (
    <p className="product__store">
      Sold by <Link to={to}>{store.data?.name || 'this store'}</Link>
    </p>
  );
}

function Details({ product, business }: { product: Product; business: boolean }) {
  const a = product.prdct_attributes;
  const model = useModelProducts(product.userId._id, a.model);
  const sizes = sizesOf(product, model.data ?? []);
  const stock = stockState(product);
  const images = a.media.filter((m) => m.type === 'IMAGE').map((m) => m.url);
  const checkout = business ? paths.checkoutB2b(product._id) : paths.checkout(product._id);

  return (
    <article className="page stack product">
      <title>{`${a.prdct_name} | Revuhub`}</title>
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
              {[a.colour, a.gender, `Size ${a.size}`].filter(Boolean).join(' · ')}
            </p>
          </div>
          <nav aria-label="Price view" className="product__views">
            <Link
              to={paths.product(product._id)}
              aria-current={business ? undefined : 'page'}
              replace
              preventScrollReset
            >
              Consumer prices
            </Link>
            <Link
              to={paths.productB2b(product._id)}
              aria-current={business ? 'page' : undefined}
              replace
              preventScrollReset
            >
              Business prices
            </Link>
          </nav>
          <dl className="product__prices">
            {priceRows(product, business).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{rupees(value)}</dd>
              </div>
            ))}
          </dl>
          <p className={`product__stock product__stock--${stock.kind}`}>{stock.label}</p>
          {business ? <p>Minimum order: {product.min_order_quantity} pieces</p> : null}
          {stock.kind === 'sold-out' ? null : (
            <Link className="link-button product__buy" to={checkout}>
              Buy size {a.size}
            </Link>
          )}
          <SoldBy userId={product.userId._id} business={business} />
          <p className="product__meta">
            Dispatch in {product.dispatch_time || '1-2 Days'} · {product.delivery} delivery
          </p>
        </div>
      </div>

      <section aria-labelledby="sizes-heading" className="stack">
        <h2 id="sizes-heading">Sizes</h2>
        <SizeList sizes={sizes} currentId={product._id} business={business} />
        {model.isPending ? <p role="status">Loading the other sizes…</p> : null}
        {model.isError ? (
          <ErrorState
            title="Could not load the other sizes"
            message={model.error.message}
            onRetry={() => void model.refetch()}
          />
        ) : null}
      </section>

      <section aria-labelledby="description-heading" className="stack">
        <h2 id="description-heading">Description</h2>
        <p className="product__description">{a.description || 'No description yet.'}</p>
      </section>

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

  if (product.isPending) {
    return (
      <section className="page">
        <LoadingState label="Loading the product…" />
      </section>
    );
  }
  if (product.isError) {
    const missing = isApiError(product.error) && [400, 404].includes(product.error.status);
    if (missing) {
      return (
        <NotSold
          title="Product not found"
          message="This product does not exist. It may have been removed by its seller."
        />
      );
    }
    return (
      <section className="page">
        <title>Error | Revuhub</title>
        <ErrorState
          titleAs="h1"
          title="Could not load the product"
          message={product.error.message}
          onRetry={() => void product.refetch()}
        />
      </section>
    );
  }
  if (!product.data.auditFields.isActive) {
    return (
      <NotSold
        title="Product not sold any more"
        message={`${product.data.prdct_attributes.prdct_name} is not sold by this store any more.`}
        storeUserId={product.data.userId._id}
      />
    );
  }
  return <Details product={product.data} business={business} />;
}
