import type { Product } from '@app/domain';

export const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** The prices of one size in the view's labels (spec: the brand catalogue's two views). */
export function priceRows(p: Product, business: boolean): [label: string, value: number][] {
  const a = p.prdct_attributes;
  return business
    ? [
        ['SRP', a.retail_dsct_price],
        ['Wholesale Catalogue Price', a.original_price],
        ['Wholesale Selling Price', a.dsct_price],
      ]
    : [
        ['MRP', a.retail_original_price],
        ['Selling', a.retail_dsct_price],
      ];
}
