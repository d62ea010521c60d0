import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { groupCatalogue, type CatalogueItem, type ImageVariants } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/routes';
import { useStoreCatalogue } from '../api/catalogue-api';
import { ShareButton } from './share-button';
import './store-catalogue.css';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

function Prices({ item, business }: { item: CatalogueItem; business: boolean }) {
  // Sizes that cost different amounts: the card shows its cheapest as "from", never one price for all.
  const from = (business ? item.businessPricesVary : item.consumerPricesVary) ? 'from ' : '';
  const rows: [string, string][] = business
    ? [
        ['SRP', rupees(item.SRP)],
        ['Wholesale Catalogue Price', rupees(item.WholesaleCataloguePrice)],
        ['Wholesale Selling Price', `${from}${rupees(item.WholesaleSellingPrice)}`],
      ]
    : [
        ['MRP', rupees(item.MRP)],
        ['Selling', `${from}${rupees(item.SRP)}`],
      ];
  return (
    <dl className="catalogue__prices">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The store's digital catalogue: one card per brand, gender, model and colour, a link per size. */
export function StoreCatalogue({
  userId,
  business,
  leadImage = false,
}: {
  userId: string;
  business: boolean;
  /** The store has no photos of its own: the first card's image is the page's largest (LCP). */
  leadImage?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [model, setModel] = useState('');
  const catalogue = useStoreCatalogue(userId, model);
  const items = useMemo(
    () => groupCatalogue(catalogue.data?.pages.flatMap((page) => page.Data) ?? []),
    [catalogue.data],
  );
  const variants = useMemo(() => {
    const all: ImageVariants = {};
    for (const page of catalogue.data?.pages ?? [])
      for (const p of page.Data) Object.assign(all, p.imageVariants);
    return all;
  }, [catalogue.data]);
  const shareUrl = typeof window === 'undefined' ? '' : window.location.href;

  return (
    <section aria-labelledby="catalogue-heading" className="stack catalogue">
      <div className="catalogue__bar">
        <h2 id="catalogue-heading">Digital catalogue</h2>
        <ShareButton url={shareUrl} title="Store catalogue" label="Share catalogue" />
      </div>
      <form
        role="search"
        className="catalogue__search"
        onSubmit={(event) => {
          event.preventDefault();
          setModel(search.trim());
        }}
      >
        <TextField label="Search model" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>

      {catalogue.isPending ? <LoadingState label="Loading catalogue…" /> : null}
      {catalogue.isError ? (
        <ErrorState
          title="Could not load the catalogue"
          message={catalogue.error.message}
          onRetry={() => void catalogue.refetch()}
        />
      ) : null}
      {catalogue.isSuccess && items.length === 0 ? (
        <EmptyState title={model ? `No model matches "${model}"` : 'No products listed yet'} />
      ) : null}

      <ul className="catalogue__grid">
        {items.map((item, index) => (
          <li key={item.key} className="card catalogue__item">
            {item.media[0] ? (
              <ResponsiveImage
                src={item.media[0]}
                widths={variants[item.media[0]]}
                sizes="(min-width: 768px) 18rem, 100vw"
                priority={leadImage && index === 0}
                alt={`${item.brand} ${item.model}, ${item.colour}`}
              />
            ) : null}
            <h3 className="catalogue__title">
              <Link
                to={
                  business
                    ? paths.productB2b(item.sizeArray[0]!.productId)
                    : paths.product(item.sizeArray[0]!.productId)
                }
              >
                {item.brand} {item.model}
              </Link>
            </h3>
            <p className="catalogue__meta">
              {item.colour} · {item.gender}
            </p>
            <Prices item={item} business={business} />
            <p className="catalogue__sizes-label">Sizes</p>
            <ul
              className="catalogue__sizes"
              aria-label={`Sizes of ${item.brand} ${item.model} ${item.colour}`}
            >
              {item.sizeArray.map(({ size, productId }) => (
                <li key={productId}>
                  <Link to={business ? paths.checkoutB2b(productId) : paths.checkout(productId)}>{size}</Link>
                </li>
              ))}
            </ul>
            {item.sourceUserId && item.sourceUserId !== userId ? (
              <Link className="catalogue__partner" to={paths.viewStoreAs(!business, item.sourceUserId)}>
                Explore Partner Brand
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {catalogue.hasNextPage ? (
        <Button
          variant="secondary"
          loading={catalogue.isFetchingNextPage}
          onClick={() => void catalogue.fetchNextPage()}
        >
          Show more products
        </Button>
      ) : null}
    </section>
  );
}
