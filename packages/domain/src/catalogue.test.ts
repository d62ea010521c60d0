import { describe, expect, it } from 'vitest';
import {
  compareSizes,
  groupCatalogue,
  parseCsv,
  sizesOf,
  parseProductCsv,
  toCsv,
  CSV_COLUMN_NAMES,
} from './catalogue.js';
import { PRODUCT_COLOURS } from './colours.js';
import type { Product } from './products.js';

const product = (id: string, a: Partial<Product['prdct_attributes']>, sourceUserId: string | null = null) =>
  ({
    _id: id,
    sourceUserId,
    prdct_attributes: {
      brand: 'Stride Lab',
      gender: 'Men',
      model: 'Tempo',
      colour: 'Navy',
      size: 'M',
      original_price: 1000,
      dsct_price: 900,
      retail_original_price: 2000,
      retail_dsct_price: 1500,
      media: [{ type: 'IMAGE', url: `/m/${id}.webp`, thumbnail: '' }],
      ...a,
    },
  }) as unknown as Product;

describe('catalogue', () => {
  it('offers exactly 150 distinct named colours', () => {
    expect(new Set(PRODUCT_COLOURS).size).toBe(150);
  });

  it('groups by brand, gender, model and colour with sizes in wearing order', () => {
    const items = groupCatalogue([
      product('a', { size: 'XL' }),
      product('b', { size: 'S', retail_dsct_price: 1400, retail_original_price: 1900 }),
      product('c', { colour: 'Black' }),
      product('d', { gender: 'Women' }),
    ]);
    expect(items).toHaveLength(3);
    expect(items[0]!.sizeArray).toEqual([
      { size: 'S', productId: 'b' },
      { size: 'XL', productId: 'a' },
    ]);
    // The card shows its cheapest size's prices.
    expect(items[0]).toMatchObject({ MRP: 1900, SRP: 1400, WholesaleCataloguePrice: 1000 });
    expect(items[0]!.media).toEqual(['/m/a.webp', '/m/b.webp']);
  });

  it('says "from" when the sizes of a card differ in price, in each view on its own', () => {
    const [varied] = groupCatalogue([
      product('m', { size: 'M', retail_dsct_price: 1999, dsct_price: 900 }),
      product('s', { size: 'S', retail_dsct_price: 1899, dsct_price: 900 }),
      product('l', { size: 'L', retail_dsct_price: 1999, dsct_price: 850, original_price: 950 }),
    ]);
    expect(varied).toMatchObject({
      SRP: 1899,
      consumerPricesVary: true,
      WholesaleSellingPrice: 850,
      WholesaleCataloguePrice: 950,
      businessPricesVary: true,
    });
    const [same] = groupCatalogue([product('a', { size: 'S' }), product('b', { size: 'M' })]);
    expect(same).toMatchObject({ consumerPricesVary: false, businessPricesVary: false });
  });

  it("finds every size of a product's model and colour, in size order", () => {
    const m = product('m', { size: 'M' });
    const others = [
      product('xl', { size: 'XL' }),
      product('s', { size: 'S' }),
      product('k', { colour: 'Black' }),
    ];
    expect(sizesOf(m, [...others, m]).map((p) => p._id)).toEqual(['s', 'm', 'xl']);
    expect(sizesOf(m, []).map((p) => p._id)).toEqual(['m']);
  });

  it('orders sizes by number within a scheme', () => {
    expect(['UK 10', 'UK 8', 'UK 9'].sort(compareSizes)).toEqual(['UK 8', 'UK 9', 'UK 10']);
  });

  it('parses quoted fields, escaped quotes and line breaks, and writes them back the same', () => {
    const rows = [
      ['a', 'b,c', 'say "hi"'],
      ['line\nbreak', '', '=SUM(A1)'],
    ];
    const text = toCsv(rows);
    const parsed = parseCsv(`\uFEFF${text}`);
    expect(parsed.map((r) => r.line)).toEqual([1, 2]);
    expect(parsed[0]!.cells).toEqual(rows[0]);
    // Spreadsheet formulas are defused on export.
    expect(parsed[1]!.cells[2]).toBe("'=SUM(A1)");
  });

  it('reports a missing column and per-row field errors with their lines', () => {
    expect(parseProductCsv('brand,model\nA,B\n').errors[0]).toMatchObject({ line: 1, field: 'colour' });
    const header = [...CSV_COLUMN_NAMES];
    const row = (v: Record<string, string>) => header.map((c) => v[c] ?? '');
    const good = {
      brand: 'A',
      model: 'B',
      colour: 'Red',
      size: 'M',
      gender: 'Men',
      category: 'Fashion',
      subCategory: 'Ethnic Wear',
      retailPrice: '100',
      dsctRetailPrice: '90',
    };
    const result = parseProductCsv(toCsv([header, row(good), row({ ...good, gender: 'Boys' })]));
    expect(result.rows).toHaveLength(1);
    expect(result.errors).toEqual([
      { line: 3, field: 'gender', message: 'Choose a gender: Men, Women, Kids, Universal' },
    ]);
  });
});
