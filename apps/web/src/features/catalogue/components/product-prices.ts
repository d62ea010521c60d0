import type { Product, StockState } from '@app/domain';
import type { TFunction } from '../../../lib/i18n';

/**
 * The prices of one size in the view's labels (spec: the brand catalogue's two views); each label is
 * a key of the `stores` catalogue.
 */
export function priceRows(p: Product, business: boolean): [labelKey: string, value: number][] {
  const a = p.prdct_attributes;
  return business
    ? [
        ['srp', a.retail_dsct_price],
        ['wholesaleCataloguePrice', a.original_price],
        ['wholesaleSellingPrice', a.dsct_price],
      ]
    : [
        ['mrp', a.retail_original_price],
        ['selling', a.retail_dsct_price],
      ];
}

/** The domain's stock state in the page's language. */
export function stockLabel(stock: StockState, t: TFunction): string {
  if (stock.kind === 'sold-out') return t('soldOut');
  if (stock.kind === 'low') return t('onlyLeft', { count: stock.left });
  return t('inStock');
}
