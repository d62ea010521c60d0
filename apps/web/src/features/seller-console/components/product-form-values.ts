import type { Product, ProductDraftInput } from '@app/domain';

/** What the product form holds: every input as text, as the user typed it (a checkbox as on/off). */
export interface ProductFormValues {
  colour: string;
  productName: string;
  brand: string;
  model: string;
  moq: string;
  /** Off: the product can always be ordered and shows no count (decision 022). */
  trackInventory: boolean;
  stock: string;
  ogPrice: string;
  dsctPrice: string;
  retailPrice: string;
  dsctRetailPrice: string;
  sku: string;
  skuId: string;
  dispatchTime: string;
  parentCategoryName: string;
  childCategoryName: string;
  gender: string;
  ownership: string;
  channel: string;
  size: string;
  sizeTags: string;
  tags: string;
  delivery: string;
  samples: string;
  sampleQty: string;
  samplePrice: string;
  creditBooster: string;
  minCreditInstallment: string;
  memberDsct: string;
  autorenewal: string;
  desc: string;
  /** GST % included in the prices ('' on a new product: 18%) and the HSN code (decision 031). */
  gstRate: string;
  hsnCode: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  colour: '',
  productName: '',
  brand: '',
  model: '',
  moq: '',
  trackInventory: false,
  stock: '',
  ogPrice: '',
  dsctPrice: '',
  retailPrice: '',
  dsctRetailPrice: '',
  sku: '',
  skuId: '',
  dispatchTime: '1-2 Days',
  parentCategoryName: '',
  childCategoryName: '',
  gender: '',
  ownership: 'Brand',
  channel: 'Omni',
  size: '',
  sizeTags: '',
  tags: '',
  delivery: 'Free',
  samples: 'no',
  sampleQty: '',
  samplePrice: '',
  creditBooster: '',
  minCreditInstallment: '0',
  memberDsct: '',
  autorenewal: 'no',
  desc: '',
  gstRate: '',
  hsnCode: '',
};

const num = (n: number) => (n === 0 ? '' : String(n));

export function productToFormValues(p: Product): ProductFormValues {
  const a = p.prdct_attributes;
  return {
    colour: a.colour,
    productName: a.prdct_name,
    brand: a.brand,
    model: a.model,
    moq: num(p.min_order_quantity),
    trackInventory: p.track_inventory,
    // A counted 0 (sold out) is shown as 0, not as an empty field.
    stock: p.track_inventory ? String(p.inventory_quantity) : '',
    ogPrice: num(a.original_price),
    dsctPrice: num(a.dsct_price),
    retailPrice: num(a.retail_original_price),
    dsctRetailPrice: num(a.retail_dsct_price),
    sku: a.sellerSKU,
    skuId: p.sku_id,
    dispatchTime: p.dispatch_time,
    parentCategoryName: a.category.parentCategoryName,
    childCategoryName: a.category.childCategoryName,
    gender: a.gender,
    ownership: a.ownership_type,
    channel: a.channel_type,
    size: a.size,
    sizeTags: p.size_tags.join(', '),
    tags: p.tags.join(', '),
    delivery: p.delivery,
    samples: p.free_samples ? 'yes' : 'no',
    sampleQty: num(p.sample_qty),
    samplePrice: num(p.sample_charge),
    creditBooster: num(p.credit_booster),
    minCreditInstallment: p.credit_period === '2' ? '0' : p.credit_period,
    memberDsct: num(p.member_discount),
    autorenewal: p.auto_renewal ? 'yes' : 'no',
    desc: a.description,
    gstRate: String(p.gst_rate),
    hsnCode: p.hsn_code,
  };
}

/** The request body of the form: the spec's field names; the shared schemas parse the numbers. */
export function formValuesToPayload(
  v: ProductFormValues,
  images: { name: string; url: string }[],
): ProductDraftInput {
  const { parentCategoryName, childCategoryName, trackInventory, stock, ...rest } = v;
  return {
    ...rest,
    trackInventory,
    ...(trackInventory ? { stock } : {}),
    category: { parentCategoryName, childCategoryName },
    images: images.map((i) => ({ name: i.name, url: i.url, type: 'IMAGE' as const })),
  } as ProductDraftInput;
}

/** A schema issue path to the form field that shows it. */
export function fieldOfIssue(path: readonly PropertyKey[]): keyof ProductFormValues | undefined {
  const [first, second] = path;
  if (first === 'category')
    return second === 'childCategoryName' ? 'childCategoryName' : 'parentCategoryName';
  if (typeof first === 'string' && first in EMPTY_PRODUCT_FORM) return first as keyof ProductFormValues;
  return undefined;
}
