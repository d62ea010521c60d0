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
import { ShareButton } from '../../../components/ui/share-button';
import { useFormat, useT } from '../../../lib/i18n';
import './store-catalogue.css';

function Prices({ item, business }: { item: CatalogueItem; business: boolean }) {
  const { t } = useT('stores');
  const { rupees } = useFormat();
  // Sizes that cost different amounts: the card shows its cheapest as "from", never one price for all.
  const vary = business ? item.businessPricesVary : item.consumerPricesVary;
  const from = (amount: number) => (vary ? t('fromPrice', { amount: rupees(amount) }) : rupees(amount));
  const rows: [string, string][] = business
    ? [
        [t('srp'), rupees(item.SRP)],
        [t('wholesaleCataloguePrice'), rupees(item.WholesaleCataloguePrice)],
        [t('wholesaleSellingPrice'), from(item.WholesaleSellingPrice)],
      ]
    : [
        [t('mrp'), rupees(item.MRP)],
        [t('selling'), from(item.SRP)],
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
  const { t } = useT('stores');
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
        <h2 id="catalogue-heading">{t('digitalCatalogue')}</h2>
        <ShareButton url={shareUrl} title={t('storeCatalogue')} label={t('shareCatalogue')} />
      </div>
      <form
        role="search"
        className="catalogue__search"
        onSubmit={(event) => {
          event.preventDefault();
          setModel(search.trim());
        }}
      >
        <TextField label={t('searchModel')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">{t('search')}</Button>
      </form>

      {catalogue.isPending ? <LoadingState label={t('loadingCatalogue')} /> : null}
      {catalogue.isError ? (
        <ErrorState
          title={t('couldNotLoadCatalogue')}
          message={catalogue.error.message}
          onRetry={() => void catalogue.refetch()}
        />
      ) : null}
      {catalogue.isSuccess && items.length === 0 ? (
        <EmptyState title={model ? t('noModelMatches', { model }) : t('noProducts')} />
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
                alt={t('itemImage', { brand: item.brand, model: item.model, colour: item.colour })}
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
            <p className="catalogue__sizes-label">{t('sizes')}</p>
            <ul
              className="catalogue__sizes"
              aria-label={t('sizesOf', { brand: item.brand, model: item.model, colour: item.colour })}
            >
              {item.sizeArray.map(({ size, productId }) => (
                <li key={productId}>
                  <Link to={business ? paths.checkoutB2b(productId) : paths.checkout(productId)}>{size}</Link>
                </li>
              ))}
            </ul>
            {item.sourceUserId && item.sourceUserId !== userId ? (
              <Link className="catalogue__partner" to={paths.viewStoreAs(!business, item.sourceUserId)}>
                {t('explorePartnerBrand')}
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
          {t('showMoreProducts')}
        </Button>
      ) : null}
    </section>
  );
}
