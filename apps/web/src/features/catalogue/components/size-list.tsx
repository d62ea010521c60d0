import { Link } from 'react-router';
import { stockState, type Product } from '@app/domain';
import { paths } from '../../../lib/routes';
import { useFormat, useT } from '../../../lib/i18n';
import { priceRows, stockLabel } from './product-prices';

/** Every size of the model and colour with its own prices and stock; each links to its page. */
export function SizeList({
  sizes,
  currentId,
  business,
}: {
  sizes: readonly Product[];
  currentId: string;
  business: boolean;
}) {
  const { t } = useT('stores');
  const { rupees } = useFormat();
  return (
    <ul className="product__sizes" aria-label={t('sizesAndPrices')}>
      {sizes.map((p) => {
        const current = p._id === currentId;
        const stock = stockState(p);
        return (
          <li key={p._id} className={current ? 'product__size product__size--current' : 'product__size'}>
            <Link
              to={business ? paths.productB2b(p._id) : paths.product(p._id)}
              aria-current={current ? 'page' : undefined}
              replace
              preventScrollReset
            >
              {t('size', { size: p.prdct_attributes.size })}
            </Link>
            <span className="product__size-prices">
              {priceRows(p, business)
                .map(([label, value]) => t('sizePrice', { label: t(label), amount: rupees(value) }))
                .join(' · ')}
            </span>
            <span className={`product__stock product__stock--${stock.kind}`}>{stockLabel(stock, t)}</span>
          </li>
        );
      })}
    </ul>
  );
}
